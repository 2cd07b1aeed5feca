/**
 * The market's sweep (issue 31, timely ends): listings and offers past their end and lapsed
 * holds are written down when their time comes, by the sweep, with the same events a market
 * write would have written, once; a lapsed checkout's payment still open at the provider is
 * cancelled there before its order is voided; the worker then tells the people concerned.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { eventsAfter } from '../../src/market/events';
import { buildTestApp, json, signup } from '../helpers';
import {
  answerOffer,
  buy,
  detail,
  lastEventId,
  list,
  marketRows,
  offer,
  owning,
} from '../market-helpers';
import { createIntent } from '../payments-helpers';

const HOUR = 3_600_000;
// Items none of the seed's story touches, one a test.
const ITEM = { quiet: 60, checkout: 61, timer: 62 };

const clock = { now: Date.now() };
const app = await buildTestApp({ after }, {}, { clock: () => clock.now });

/** The kinds of an item's events after `mark`, oldest first. */
async function kindsOf(itemId: number, mark: number): Promise<string[]> {
  return (await eventsAfter(app.database.db, mark, 10_000))
    .filter((e) => e.itemId === itemId)
    .map((e) => e.kind);
}

describe('the market sweep', () => {
  it("a quiet item's ended listing, offers and reservation are written down by the sweep, once", async () => {
    const item = ITEM.quiet;
    const a = await owning(app, item);
    const [b, c] = [await signup(app), await signup(app)];
    assert.equal((await list(app, a, item, 900, '6 Hours')).statusCode, 201);
    assert.equal((await offer(app, b, item, 800, '6 Hours')).statusCode, 201);
    const fromC = json(await offer(app, c, item, 700, '12 Hours')).offer._id as string;
    assert.equal((await answerOffer(app, a, fromC, 'accept')).statusCode, 200);

    clock.now += 7 * HOUR;
    const mark = await lastEventId(app);
    const first = await app.payments.sweepMarket();
    const told = await kindsOf(item, mark);
    assert.deepEqual(
      told,
      ['listing.expired', 'offer.expired'],
      `the sweep wrote: ${told.join(', ')}`,
    );
    assert.ok(first.items >= 1, `the sweep saw ${first.items} items`);
    assert.equal((await detail(app, item)).listed, false, 'the item is no longer listed');

    // The reservation (24 hours) lapses, and C's offer (12 hours) has ended meanwhile.
    clock.now += 20 * HOUR;
    await app.payments.sweepMarket();
    const lapsed = await kindsOf(item, mark);
    assert.deepEqual(
      lapsed.slice(2),
      ['reservation.lapsed', 'offer.expired'],
      `the sweeps wrote: ${lapsed.join(', ')}`,
    );
    assert.equal((await marketRows(app, item)).pending_orders, 0);

    const again = await lastEventId(app);
    const second = await app.payments.sweepMarket();
    assert.deepEqual(await kindsOf(item, again), [], 'a second sweep writes nothing');
    assert.equal(second.items, 0, `the second sweep saw ${second.items} items`);

    // The worker tells C their reservation lapsed, without anyone touching the item.
    await app.notificationWorker.runOnce();
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/notifications?limit=100',
      headers: c.auth,
    });
    const kinds = (json(answer).data as { kind: string; itemId: string }[])
      .filter((n) => n.itemId === String(item))
      .map((n) => n.kind);
    assert.ok(kinds.includes('reservation.lapsed'), `C was told: ${kinds.join(', ')}`);
  });

  it('a lapsed checkout with its payment open at the provider: cancelled there, then voided', async () => {
    const item = ITEM.checkout;
    const a = await owning(app, item);
    const b = await signup(app);
    assert.equal((await list(app, a, item, 500, '6 Hours')).statusCode, 201);
    const intent = await createIntent(app, b, item);
    assert.equal(intent.statusCode, 200, intent.body);
    const { paymentIntentId } = json(intent) as { paymentIntentId: string };
    assert.equal((await marketRows(app, item)).pending_orders, 1);

    clock.now += HOUR; // the checkout holds the item for 15 minutes
    const swept = await app.payments.sweepMarket();
    assert.equal(swept.releases.length, 1, `releases: ${JSON.stringify(swept.releases)}`);
    const [row] = await app.database.rows<{ status: string }>(
      sql`select status from sandbox_payment_intents where id = ${paymentIntentId}`,
    );
    assert.equal(row?.status, 'canceled', 'the intent is cancelled at the provider');
    const rows = await marketRows(app, item);
    assert.equal(rows.pending_orders, 0, 'the order is voided');
    assert.equal(rows.active_listings, 1, 'the listing stands for the next buyer');
    assert.equal((await buy(app, await signup(app), item)).statusCode, 200);
  });

  it('on a timer, an ended listing is told without any call', async (t) => {
    const timed = await buildTestApp(
      t,
      { market: { ...app.config.market, sweepMs: 50 } },
      { clock: () => clock.now },
    );
    const item = ITEM.timer;
    const a = await signup(timed);
    assert.equal((await buy(timed, a, item)).statusCode, 200);
    assert.equal((await list(timed, a, item, 300, '6 Hours')).statusCode, 201);
    const mark = await lastEventId(timed);
    clock.now += 7 * HOUR;
    const started = Date.now();
    let kinds: string[] = [];
    while (Date.now() - started < 10_000) {
      kinds = (await eventsAfter(timed.database.db, mark, 100))
        .filter((e) => e.itemId === item)
        .map((e) => e.kind);
      if (kinds.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(
      kinds,
      ['listing.expired'],
      `after ${Date.now() - started} ms: ${kinds.join(', ')}`,
    );
  });
});
