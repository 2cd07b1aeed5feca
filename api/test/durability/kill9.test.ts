/**
 * kill -9 under load: the API runs as a child process on a file-backed embedded database (or, when
 * DATABASE_URL names a server, on a fresh database there); concurrent buyers sign up and pay by
 * card, and every write the API acknowledged is recorded. The process is killed with SIGKILL in the
 * middle of the load, started again on the same data, and every acknowledged write must still be
 * there (lost: 0) and none twice (duplicated: 0). Requests cut off by the kill are retried as a
 * client would, and must not charge twice either.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { call, cardPayment, sandboxCard, startApi, type ApiProcess } from '../support/api-process';
import { createServerDatabase, type ServerDatabase } from '../support/server-database';

const WORKERS = 8;
/** How long the load runs before the kill (at least this many acknowledged purchases first). */
const LOAD_MS = 2_500;
const MIN_ACKNOWLEDGED_PURCHASES = 10;
const PURCHASES_PER_BUYER = 3;
const ITEMS = 60;

interface Buyer {
  email: string;
  password: string;
  id: string;
  token: string;
}
interface Purchase {
  buyer: Buyer;
  itemId: number;
  paymentId: string;
}

let retryAnswers: string[] = [];

describe('kill -9 under load', () => {
  it('loses and duplicates no acknowledged write', { timeout: 180_000 }, async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'hypertek-kill9-'));
    const serverUrl = process.env.DATABASE_URL;
    let server: ServerDatabase | null = null;
    if (serverUrl !== undefined && /^postgres(ql)?:/.test(serverUrl)) {
      server = await createServerDatabase(serverUrl, 'hypertek_kill9');
    }
    const processes: ApiProcess[] = [];
    t.after(async () => {
      for (const p of processes) await p.kill9();
      await server?.drop();
      await rm(dir, { recursive: true, force: true });
    });
    const env = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...(server === null ? { DATA_DIR: join(dir, 'data') } : { DATABASE_URL: server.url }),
      UPLOADS_DIR: join(dir, 'uploads'),
      OUTBOX_DIR: join(dir, 'outbox'),
      SEED_ON_START: 'true',
      RATE_LIMIT_AUTH_MAX: '1000000',
      RATE_LIMIT_SANDBOX_MAX: '1000000',
      CATALOGUE_CACHE_TTL_MS: '0',
    };

    const first = await startApi(env);
    processes.push(first);
    const prices = new Map<number, number>();
    for (let id = 1; id <= ITEMS; id++) {
      const item = await call(first.origin, 'GET', `/search/item/${id}`);
      assert.equal(item.status, 200, JSON.stringify(item.body));
      prices.set(id, Math.round((item.body as { data: { price: number } }).data.price * 100));
    }

    const buyers: Buyer[] = [];
    const purchases: Purchase[] = [];
    const cutSignups: { email: string; password: string }[] = [];
    const cutPurchases: { buyer: Buyer; itemId: number }[] = [];
    const state = { killed: false };
    // Read through a call: the flag changes while a worker awaits, which narrowing cannot see.
    const killed = () => state.killed;
    let sequence = 0;

    const worker = async (w: number) => {
      while (!killed()) {
        const email = `kill9-${w}-${sequence++}-${randomBytes(3).toString('hex')}@example.com`;
        const password = 'Secret-2117';
        let buyer: Buyer;
        try {
          const answer = await call(first.origin, 'POST', '/user/signup', {
            body: { Email: email, Password: password, ConfirmPassword: password },
          });
          if (answer.status !== 201)
            throw new Error(`signup: ${answer.status} ${JSON.stringify(answer.body)}`);
          const body = answer.body as { user: { _id: string }; token: string };
          buyer = { email, password, id: body.user._id, token: body.token };
          buyers.push(buyer);
        } catch (error) {
          if (!killed()) throw error;
          cutSignups.push({ email, password });
          return;
        }
        for (let k = 0; k < PURCHASES_PER_BUYER && !killed(); k++) {
          const itemId = 1 + ((w * 7 + k * 13 + sequence) % ITEMS);
          try {
            const method = await sandboxCard(first.origin);
            const answer = await call(first.origin, 'POST', '/card/pay-with-card', {
              token: buyer.token,
              body: cardPayment(buyer.id, itemId, prices.get(itemId)!, method),
            });
            // 409: this buyer drew an item it owns, or another buyer has it (bought, or paying).
            if (answer.status === 409) continue;
            const body = answer.body as { success?: boolean; payment?: { id: string } };
            if (answer.status !== 200 || body.success !== true || body.payment === undefined) {
              throw new Error(`pay: ${answer.status} ${JSON.stringify(answer.body)}`);
            }
            purchases.push({ buyer, itemId, paymentId: body.payment.id });
          } catch (error) {
            if (!killed()) throw error;
            cutPurchases.push({ buyer, itemId });
          }
        }
      }
    };

    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    const started = Date.now();
    while (
      (Date.now() - started < LOAD_MS || purchases.length < MIN_ACKNOWLEDGED_PURCHASES) &&
      Date.now() - started < 60_000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Let the requests of this instant reach the server, then kill it in the middle of them.
    state.killed = true;
    await first.kill9();
    await load;
    assert.ok(
      purchases.length >= MIN_ACKNOWLEDGED_PURCHASES,
      `only ${purchases.length} purchases before the kill`,
    );

    const second = await startApi(env);
    processes.push(second);

    const retriesAnswered502: string[] = [];
    let lost = 0;
    let duplicated = 0;
    const problems: string[] = [];
    for (const buyer of buyers) {
      const profile = await call(second.origin, 'GET', '/getProfile', { token: buyer.token });
      const user = (profile.body as { user?: { _id: string; Email: string } }).user;
      if (profile.status !== 200 || user?._id !== buyer.id || user.Email !== buyer.email) {
        lost++;
        problems.push(
          `signup of ${buyer.email} lost: ${profile.status} ${JSON.stringify(profile.body)}`,
        );
      }
    }
    // A client whose request was cut off tries again: an account made by the cut request is taken
    // (409), otherwise it is made now; either way one account.
    for (const cut of cutSignups) {
      const again = await call(second.origin, 'POST', '/user/signup', {
        body: { Email: cut.email, Password: cut.password, ConfirmPassword: cut.password },
      });
      if (again.status !== 201 && again.status !== 409) {
        problems.push(
          `signup retry of ${cut.email}: ${again.status} ${JSON.stringify(again.body)}`,
        );
      }
    }
    // A payment cut off is sent again with a new card (the form's retry) until it gets a final
    // answer: paid, once, or 409 when the item went to another buyer (never charged twice).
    for (const cut of cutPurchases) {
      for (let attempt = 1; ; attempt++) {
        const method = await sandboxCard(second.origin);
        const again = await call(second.origin, 'POST', '/card/pay-with-card', {
          token: cut.buyer.token,
          body: cardPayment(cut.buyer.id, cut.itemId, prices.get(cut.itemId)!, method),
        });
        if (again.status === 200 || again.status === 409) break;
        if (again.status === 502 && attempt < 3) {
          retriesAnswered502.push(`item ${cut.itemId}: ${JSON.stringify(again.body)}`);
          continue;
        }
        problems.push(
          `pay retry for item ${cut.itemId}: ${again.status} ${JSON.stringify(again.body)}`,
        );
        break;
      }
    }
    const buyersWithPayments = new Set([...purchases, ...cutPurchases].map((p) => p.buyer));
    for (const buyer of buyersWithPayments) {
      const history = await call(second.origin, 'GET', `/history/history/${buyer.id}`, {
        token: buyer.token,
      });
      assert.equal(history.status, 200, JSON.stringify(history.body));
      const entries = (history.body as { data: { _id: string; gameTitle: string }[] }).data;
      const ids = entries.map((e) => e._id);
      for (const purchase of purchases.filter((p) => p.buyer === buyer)) {
        const n = ids.filter((id) => id === purchase.paymentId).length;
        if (n === 0) {
          lost++;
          problems.push(`payment ${purchase.paymentId} of ${buyer.email} lost`);
        }
      }
      const items = new Set(
        [...purchases, ...cutPurchases].filter((p) => p.buyer === buyer).map((p) => p.itemId),
      );
      // One payment per bought item: more entries than items, or one id twice, is a double charge.
      const extra = Math.max(0, entries.length - items.size) + (ids.length - new Set(ids).size);
      if (extra > 0) {
        duplicated += extra;
        problems.push(`${buyer.email}: ${entries.length} payments for ${items.size} items`);
      }
      const collection = await call(second.origin, 'GET', `/collection/${buyer.id}?limit=100`, {
        token: buyer.token,
      });
      const owned = (collection.body as { data: unknown[] }).data.length;
      if (owned !== entries.length)
        problems.push(`${buyer.email}: ${owned} items owned for ${entries.length} payments`);
    }

    const acknowledged = buyers.length + purchases.length;
    console.log(
      `kill -9: acknowledged ${acknowledged} (${buyers.length} signups, ${purchases.length} purchases), lost ${lost}, duplicated ${duplicated}; cut off by the kill and retried: ${cutSignups.length} signups, ${cutPurchases.length} purchases (${retriesAnswered502.length} retries answered 502 first) (${server === null ? 'embedded database on disk' : 'PostgreSQL server'})`,
    );
    assert.deepEqual(problems, []);
    assert.equal(lost, 0);
    assert.equal(duplicated, 0);
    retryAnswers = retriesAnswered502;
  });

  // A payment whose process died mid-call leaves its attempt 'creating'/'confirming' under the
  // dead process's lease: the retry waits the lease out, then repeats the call itself (same
  // idempotency key) instead of answering 502 from the unfinished state.
  it('answers a payment retried after the crash at once (no 502)', () => {
    assert.deepEqual(retryAnswers, []);
  });
});
