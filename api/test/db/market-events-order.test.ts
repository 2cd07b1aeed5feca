/**
 * Market events come out in commit order (migration 0010; docs/architecture.md, "Market events:
 * once and in order"): an event's id is given when its transaction commits, so a reader that
 * reads "after id N" never skips an event whose transaction took its place earlier but
 * committed later. The races need two connections: they run on a PostgreSQL server
 * (DATABASE_URL); the embedded database runs one transaction at a time.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import { marketEvents } from '../../src/db/schema';
import { eventsAfter, recordEvent } from '../../src/market/events';
import { buildTestApp } from '../helpers';

const app = await buildTestApp({ after });
const { db } = app.database;
const ITEM = { id: 1, kind: 'nfa' as const };

/** Writes one event (a reprice of nothing, only its row matters) and returns its id as inserted. */
async function write(tx: Tx, amountCents: number): Promise<number> {
  await recordEvent(tx, { kind: 'listing.repriced', item: ITEM, amountCents, at: new Date() });
  const [row] = await tx
    .select({ id: marketEvents.id })
    .from(marketEvents)
    .where(sql`${marketEvents.amountCents} = ${amountCents}`);
  if (row === undefined) throw new Error('event not written');
  return row.id;
}

/** The stored id of the event written with `amountCents` (a marker unique to each test). */
async function idOf(amountCents: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: marketEvents.id })
    .from(marketEvents)
    .where(sql`${marketEvents.amountCents} = ${amountCents}`);
  return row?.id;
}

async function lastId(): Promise<number> {
  const [row] = await db
    .select({ id: sql<string | null>`max(${marketEvents.id})` })
    .from(marketEvents);
  return Number(row?.id ?? 0);
}

describe('market events in commit order', () => {
  it('an event is given its id at commit, after every id taken before', async () => {
    let inserted = 0;
    await db.transaction(async (tx) => {
      inserted = await write(tx, 7_001);
      await write(tx, 7_002);
    });
    const [first, second] = [await idOf(7_001), await idOf(7_002)];
    assert.ok(first !== undefined && second !== undefined);
    assert.ok(first > inserted, `given at commit (${first}), not at insert (${inserted})`);
    assert.equal(second, first + 1, "one transaction's events keep the order they were written in");
  });

  it('a transaction that took a lower id but commits later is not skipped by a reader', async (t) => {
    if (app.database.driver !== 'postgres') {
      t.skip('the embedded database runs one transaction at a time: none can commit late');
      return;
    }
    const start = await lastId();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let lateInserted = 0;
    let insertedEarly!: () => void;
    const early = new Promise<void>((resolve) => (insertedEarly = resolve));
    // The late transaction writes its event first, then waits before it commits.
    const late = db.transaction(async (tx) => {
      lateInserted = await write(tx, 7_101);
      insertedEarly();
      await released;
    });
    await early;
    let quickInserted = 0;
    await db.transaction(async (tx) => {
      quickInserted = await write(tx, 7_102);
    });
    assert.ok(lateInserted < quickInserted, 'the late transaction took the lower id at insert');

    const firstRead = await eventsAfter(db, start, 100);
    assert.deepEqual(
      firstRead.map((e) => e.amountCents),
      [7_102],
      'the reader sees what has committed',
    );
    const cursor = firstRead.at(-1)?.id ?? start;

    release();
    await late;
    const secondRead = await eventsAfter(db, cursor, 100);
    assert.deepEqual(
      secondRead.map((e) => e.amountCents),
      [7_101],
      'the late commit comes after the cursor: not skipped',
    );
  });

  it('a reader polling during many concurrent writers gets every event once, in order', async (t) => {
    if (app.database.driver !== 'postgres') {
      t.skip('the embedded database runs one transaction at a time');
      return;
    }
    const start = await lastId();
    const writers = 40;
    const writing = { done: false };
    const seen: number[] = [];
    const reader = (async () => {
      let cursor = start;
      for (;;) {
        const finished = writing.done;
        const page = await eventsAfter(db, cursor, 7);
        for (const event of page) seen.push(event.id);
        cursor = page.at(-1)?.id ?? cursor;
        if (finished && page.length === 0) return;
      }
    })();
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        db.transaction(async (tx) => {
          await sleep(Math.random() * 20);
          await write(tx, 8_000 + i);
          // Some commit long after they took their id, others at once.
          await sleep(Math.random() * 40);
        }),
      ),
    );
    writing.done = true;
    await reader;
    const stored = (await eventsAfter(db, start, 1_000)).map((e) => e.id);
    assert.equal(stored.length, writers);
    assert.deepEqual(seen, stored, 'every event once, in id order, none skipped');
  });
});
