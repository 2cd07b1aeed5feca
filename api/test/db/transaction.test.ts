/**
 * The money path's transactions under contention (db/client.ts `transaction`): a transaction the
 * database gives up (deadlock, serialization failure) runs again; when every run is given up the
 * caller answers 503 with Retry-After, never a 500, and nothing is written.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { ContentionError, transaction, type Db } from '../../src/db/client';
import { API_MESSAGES } from '../../src/lib/errors';
import { buildTestApp, json, signup } from '../helpers';
import { HOUSE_NFA, offer } from '../market-helpers';

/** An error as drizzle wraps the driver's: the SQLSTATE on the cause. */
const given = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

/** A database whose transactions fail with these errors first, then run the work. */
function flaky(failures: Error[]): { db: Db; runs: () => number } {
  let runs = 0;
  const db = {
    async transaction<T>(work: (tx: unknown) => Promise<T>): Promise<T> {
      runs++;
      const failure = failures.shift();
      if (failure !== undefined) throw failure;
      return work({});
    },
  } as unknown as Db;
  return { db, runs: () => runs };
}

const fast = { attempts: 4, baseMs: 1, capMs: 2 };

describe('transaction()', () => {
  it('runs a transaction again after a deadlock and a serialization failure', async () => {
    const { db, runs } = flaky([given('40P01'), given('40001')]);
    assert.equal(await transaction(db, async () => 'done', fast), 'done');
    assert.equal(runs(), 3);
  });

  it('does not run again for any other error', async () => {
    const { db, runs } = flaky([given('23505')]);
    await assert.rejects(
      transaction(db, async () => 'done', fast),
      /Failed query/,
    );
    assert.equal(runs(), 1);
  });

  it('gives up after the policy’s runs with ContentionError', async () => {
    const { db, runs } = flaky(Array.from({ length: 10 }, () => given('40P01')));
    await assert.rejects(
      transaction(db, async () => 'done', fast),
      (error: unknown) => {
        assert.ok(error instanceof ContentionError, String(error));
        assert.equal(error.attempts, 4);
        return true;
      },
    );
    assert.equal(runs(), 4);
  });
});

describe('a market call the database gives up every time', () => {
  const appReady = buildTestApp({ after });

  it('answers 503 with Retry-After and the message, and writes nothing', async () => {
    const app = await appReady;
    const buyer = await signup(app);
    const count = async () =>
      (await app.database.rows<{ n: number }>(sql`select count(*)::int as n from offers`))[0]?.n;
    const before = await count();
    const { db } = app.database;
    const real = db.transaction.bind(db);
    db.transaction = async () => {
      throw given('40P01');
    };
    let answer;
    try {
      // An offer on an item a user owns (the seed's demo account owns items; any will do).
      const [owned] = await app.database.rows<{ id: number }>(
        sql`select id from items where owner_id <> '00000000-0000-4000-8000-000000000000' order by id limit 1`,
      );
      answer = await offer(app, buyer, owned?.id ?? HOUSE_NFA, 10);
    } finally {
      db.transaction = real;
    }
    assert.equal(answer.statusCode, 503, answer.body);
    assert.equal(answer.headers['retry-after'], '1');
    assert.equal(json(answer).message, API_MESSAGES.contention);
    assert.equal(await count(), before, 'nothing written');
  });

  it('two transactions that really deadlock on the PostgreSQL server both complete', async (t) => {
    const app = await appReady;
    if (app.database.driver !== 'postgres') {
      t.skip('the embedded database runs one transaction at a time: it cannot deadlock');
      return;
    }
    const { db } = app.database;
    const [a, b] = await app.database.rows<{ id: string }>(
      sql`select id from users order by id limit 2`,
    );
    assert.ok(a !== undefined && b !== undefined);
    // Each locks one row, waits for the other to have locked its own, then asks for the other's.
    let locked = 0;
    const bothLocked = async () => {
      locked++;
      while (locked < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const runs = { first: 0, second: 0 };
    const cross = (first: string, second: string, key: 'first' | 'second') =>
      transaction(db, async (tx) => {
        runs[key]++;
        await tx.execute(sql`select id from users where id = ${first} for update`);
        if (runs[key] === 1) await bothLocked();
        await tx.execute(sql`select id from users where id = ${second} for update`);
        return key;
      });
    const done = await Promise.all([cross(a.id, b.id, 'first'), cross(b.id, a.id, 'second')]);
    console.log(`deadlock: runs ${JSON.stringify(runs)}`);
    assert.deepEqual(done, ['first', 'second']);
    assert.equal(
      runs.first + runs.second,
      3,
      'the server gave one of them up once, and it ran again',
    );
  });
});
