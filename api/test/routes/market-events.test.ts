/**
 * The market's events (issue 31, "Events, once and in order"): every change the market makes
 * through its calls writes exactly one event of its kind, with the right fields, in the change's
 * transaction; a refused change writes none; the seed's story is told by the same events.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { eventsAfter, recordEvent } from '../../src/market/events';
import type { MarketEventRow } from '../../src/db/schema';
import { buildTestApp, json, signup } from '../helpers';
import {
  answerOffer,
  assertStatuses,
  buy,
  cancelListings,
  HOUSE_USER_ID,
  lastEventId,
  list,
  owning,
  offer,
  reprice,
} from '../market-helpers';
import type { User } from '../payments-helpers';

const HOUR = 3_600_000;

// Items no other test of this file and none of the seed's story touch, one (or two) per test.
const NFA = { life: 60, offers: 61, ownOffer: 62, refused: 63, race: 64, read: 65, lateCancel: 66 };
const LAND = { time: 160 };

const clock = { now: Date.now() };
const app = await buildTestApp({ after }, {}, { clock: () => clock.now });

/** The events of one item after `mark`, oldest first. */
async function eventsOf(itemId: number, mark: number): Promise<MarketEventRow[]> {
  return (await eventsAfter(app.database.db, mark, 10_000)).filter((e) => e.itemId === itemId);
}

/** What a test compares of an event: every field but its id and time. */
const told = (event: MarketEventRow) => ({
  kind: event.kind,
  itemKind: event.itemKind,
  sellerId: event.sellerId,
  buyerId: event.buyerId,
  listingId: event.listingId,
  offerId: event.offerId,
  amountCents: event.amountCents,
  payload: event.payload,
});

/** An event as `told` shows it, the fields it does not name empty. */
const expected = (event: Partial<ReturnType<typeof told>> & Pick<MarketEventRow, 'kind'>) => ({
  itemKind: 'nfa',
  sellerId: null,
  buyerId: null,
  listingId: null,
  offerId: null,
  amountCents: null,
  payload: null,
  ...event,
});

/** The id of the item's active listing. */
async function listingOf(itemId: number): Promise<{ id: string; priceCents: number }> {
  const [row] = await app.database.rows<{ id: string; price_cents: number }>(
    sql`select id, price_cents from listings where item_id = ${itemId} and status = 'active'`,
  );
  assert.ok(row !== undefined, `item ${itemId} has an active listing`);
  return { id: row.id, priceCents: row.price_cents };
}

/** A user who owns `itemId`, bought from the house at its listed price. */
describe('market events', () => {
  it('a purchase from the house, then a listing listed, repriced and cancelled: one event each', async () => {
    const item = NFA.life;
    const house = await listingOf(item);
    const mark = await lastEventId(app);
    const a = await owning(app, item);
    const b = await signup(app);
    const sale = { sellerId: HOUSE_USER_ID, buyerId: a.user._id, amountCents: house.priceCents };
    assert.deepEqual((await eventsOf(item, mark)).map(told), [
      expected({ kind: 'item.sold', ...sale, listingId: house.id }),
      expected({ kind: 'item.transferred', ...sale }),
    ]);

    const next = await lastEventId(app);
    const listing = json(await list(app, a, item, 300)).listing;
    assert.equal((await reprice(app, b, listing._id, 1)).statusCode, 403, 'not the seller');
    assert.equal((await reprice(app, a, listing._id, 350)).statusCode, 200);
    assert.equal((await cancelListings(app, a, [listing._id])).statusCode, 200);
    const mine = { sellerId: a.user._id, listingId: listing._id };
    assert.deepEqual((await eventsOf(item, next)).map(told), [
      expected({ kind: 'listing.created', ...mine, amountCents: 30_000 }),
      expected({
        kind: 'listing.repriced',
        ...mine,
        amountCents: 35_000,
        payload: { previousAmountCents: 30_000 },
      }),
      expected({ kind: 'listing.cancelled', ...mine, amountCents: 35_000 }),
    ]);
  });

  it('offers made, replaced, declined, cancelled and accepted, then the accepted offer paid', async () => {
    const item = NFA.offers;
    const a = await owning(app, item);
    const [b, c, d] = [await signup(app), await signup(app), await signup(app)];
    const listing = json(await list(app, a, item, 500)).listing;
    const mark = await lastEventId(app);
    const first = json(await offer(app, b, item, 100)).offer._id;
    const second = json(await offer(app, b, item, 120)).offer._id;
    const fromC = json(await offer(app, c, item, 90)).offer._id;
    assert.equal((await answerOffer(app, a, fromC, 'decline')).statusCode, 200);
    const fromD = json(await offer(app, d, item, 95)).offer._id;
    assert.equal((await answerOffer(app, d, fromD, 'cancel')).statusCode, 200);
    const accepted = await answerOffer(app, a, second, 'accept');
    assert.equal(accepted.statusCode, 200, accepted.body);
    const paid = await buy(app, b, item, 12_000);
    assert.equal(paid.statusCode, 200, paid.body);

    const to = (buyer: User) => ({ sellerId: a.user._id, buyerId: buyer.user._id });
    const events = (await eventsOf(item, mark)).map(told);
    const reservedUntil = events[6]?.payload?.reservedUntil;
    assert.equal(typeof reservedUntil, 'string', 'the acceptance says until when it reserves');
    assert.deepEqual(events, [
      expected({ kind: 'offer.made', ...to(b), offerId: first, amountCents: 10_000 }),
      expected({
        kind: 'offer.replaced',
        ...to(b),
        offerId: second,
        amountCents: 12_000,
        payload: { replacedOfferId: first, previousAmountCents: 10_000 },
      }),
      expected({ kind: 'offer.made', ...to(c), offerId: fromC, amountCents: 9_000 }),
      expected({ kind: 'offer.declined', ...to(c), offerId: fromC, amountCents: 9_000 }),
      expected({ kind: 'offer.made', ...to(d), offerId: fromD, amountCents: 9_500 }),
      expected({ kind: 'offer.cancelled', ...to(d), offerId: fromD, amountCents: 9_500 }),
      expected({
        kind: 'offer.accepted',
        ...to(b),
        offerId: second,
        amountCents: 12_000,
        payload: { reservedUntil },
      }),
      expected({ kind: 'item.sold', ...to(b), offerId: second, amountCents: 12_000 }),
      expected({ kind: 'item.transferred', ...to(b), amountCents: 12_000 }),
      // The item changed hands: its listing ends for good.
      expected({
        kind: 'listing.cancelled',
        sellerId: a.user._id,
        listingId: listing._id,
        amountCents: 50_000,
        payload: { reason: 'sold' },
      }),
    ]);
  });

  it("a buyer's own open offer on the item they buy ends with the sale", async () => {
    const item = NFA.ownOffer;
    const a = await owning(app, item);
    const b = await signup(app);
    const listing = json(await list(app, a, item, 200)).listing;
    const offerId = json(await offer(app, b, item, 150)).offer._id;
    const mark = await lastEventId(app);
    const paid = await buy(app, b, item, 20_000);
    assert.equal(paid.statusCode, 200, paid.body);
    const sale = { sellerId: a.user._id, buyerId: b.user._id };
    assert.deepEqual((await eventsOf(item, mark)).map(told), [
      expected({ kind: 'item.sold', ...sale, listingId: listing._id, amountCents: 20_000 }),
      expected({ kind: 'item.transferred', ...sale, amountCents: 20_000 }),
      expected({
        kind: 'offer.cancelled',
        ...sale,
        offerId,
        amountCents: 15_000,
        payload: { reason: 'sold' },
      }),
    ]);
  });

  it('ends that time decided are told when the next change on the item writes them down', async () => {
    const item = LAND.time;
    const a = await owning(app, item);
    const [b, c, d] = [await signup(app), await signup(app), await signup(app)];
    const listing = json(await list(app, a, item, 900, '6 Hours')).listing;
    const fromB = json(await offer(app, b, item, 800, '6 Hours')).offer._id;
    const fromC = json(await offer(app, c, item, 700, '12 Hours')).offer._id;
    assert.equal((await answerOffer(app, a, fromC, 'accept')).statusCode, 200);

    clock.now += 7 * HOUR;
    const mark = await lastEventId(app);
    await app.inject({ method: 'GET', url: `/api/v1/search/item/${item}` });
    assert.deepEqual(await eventsOf(item, mark), [], 'a read writes nothing down');
    const fromD = json(await offer(app, d, item, 100, '12 Months')).offer._id;
    const land = { itemKind: 'land' as const };
    assert.deepEqual((await eventsOf(item, mark)).map(told), [
      expected({
        kind: 'listing.expired',
        ...land,
        sellerId: a.user._id,
        listingId: listing._id,
        amountCents: 90_000,
      }),
      expected({
        kind: 'offer.expired',
        ...land,
        sellerId: a.user._id,
        buyerId: b.user._id,
        offerId: fromB,
        amountCents: 80_000,
      }),
      expected({
        kind: 'offer.made',
        ...land,
        sellerId: a.user._id,
        buyerId: d.user._id,
        offerId: fromD,
        amountCents: 10_000,
      }),
    ]);

    // The reservation (24 hours) lapses unpaid, and C's offer (12 hours) has ended meanwhile.
    clock.now += 20 * HOUR;
    const later = await lastEventId(app);
    assert.equal((await answerOffer(app, a, fromD, 'accept')).statusCode, 200);
    const toC = { ...land, sellerId: a.user._id, buyerId: c.user._id, offerId: fromC };
    const events = (await eventsOf(item, later)).map(told);
    assert.deepEqual(events.slice(0, 2), [
      expected({ kind: 'reservation.lapsed', ...toC, amountCents: 70_000 }),
      expected({ kind: 'offer.expired', ...toC, amountCents: 70_000 }),
    ]);
    assert.deepEqual(
      events.slice(2).map((e) => [e.kind, e.offerId]),
      [['offer.accepted', fromD]],
    );
  });

  it('an accepted offer cancelled after its own end expires with its reservation', async () => {
    const item = NFA.lateCancel;
    const a = await owning(app, item);
    const b = await signup(app);
    const offerId = json(await offer(app, b, item, 100, '6 Hours')).offer._id;
    assert.equal((await answerOffer(app, a, offerId, 'accept')).statusCode, 200);
    clock.now += 7 * HOUR;
    const mark = await lastEventId(app);
    assert.equal((await answerOffer(app, b, offerId, 'cancel')).statusCode, 200);
    assert.deepEqual((await eventsOf(item, mark)).map(told), [
      expected({
        kind: 'offer.expired',
        sellerId: a.user._id,
        buyerId: b.user._id,
        offerId,
        amountCents: 10_000,
        payload: { reservationEnded: true },
      }),
    ]);
  });

  it('a refused change writes no event', async () => {
    const item = NFA.refused;
    const a = await owning(app, item);
    const b = await signup(app);
    const listing = json(await list(app, a, item, 400)).listing;
    const fromB = json(await offer(app, b, item, 300)).offer._id;
    const mark = await lastEventId(app);
    assert.equal((await list(app, b, item, 100)).statusCode, 403, 'not the owner');
    assert.equal((await list(app, a, item, 100)).statusCode, 409, 'listed already');
    assert.equal((await list(app, a, item, 0)).statusCode, 400, 'a bad price');
    assert.equal((await reprice(app, a, listing._id, 'abc')).statusCode, 400, 'a bad price');
    assert.equal((await offer(app, a, item, 100)).statusCode, 400, 'an offer on their own item');
    assert.equal((await answerOffer(app, b, fromB, 'accept')).statusCode, 403, 'not the owner');
    assert.equal((await buy(app, b, item, 39_000)).statusCode, 409, 'not the price shown');
    assert.deepEqual(await eventsOf(item, mark), []);

    // A change that fails after its event was written is rolled back with it.
    await assert.rejects(
      app.database.db.transaction(async (tx) => {
        await recordEvent(tx, {
          kind: 'listing.repriced',
          item: { id: item, kind: 'nfa' },
          sellerId: a.user._id,
          listingId: listing._id,
          amountCents: 1,
          at: new Date(clock.now),
        });
        throw new Error('the change failed');
      }),
      /the change failed/,
    );
    assert.deepEqual(await eventsOf(item, mark), []);
  });

  it('of buyers racing for one listing, only the sale that won is told', async () => {
    const item = NFA.race;
    const { priceCents } = await listingOf(item);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signup(app)));
    const mark = await lastEventId(app);
    const answers = await Promise.all(buyers.map((user) => buy(app, user, item, priceCents)));
    assertStatuses(answers, [200, 409], 'the race');
    assert.equal(answers.filter((r) => r.statusCode === 200).length, 1);
    assert.deepEqual(
      (await eventsOf(item, mark)).map((e) => e.kind),
      ['item.sold', 'item.transferred'],
    );
  });

  it('every change of the whole run, the seed included, has exactly one event', async () => {
    const [row] = await app.database.rows<Record<string, number>>(sql`
      select
        (select count(*)::int from listings l where (select count(*) from market_events e
          where e.listing_id = l.id and e.kind = 'listing.created') <> 1) as listings_not_told_once,
        (select count(*)::int from offers o where (select count(*) from market_events e
          where e.offer_id = o.id and e.kind in ('offer.made', 'offer.replaced')) <> 1)
          as offers_not_told_once,
        (select count(*)::int from orders o where o.status = 'paid' and (select count(*)
          from market_events e where e.kind = 'item.sold' and e.item_id = o.item_id
          and (e.listing_id = o.listing_id or e.offer_id = o.offer_id)) <> 1) as sales_not_told_once,
        (select count(*)::int from orders where status = 'paid')
          - (select count(*)::int from market_events where kind = 'item.transferred')
          as transfers_missing,
        (select count(*)::int from listings where status = 'expired')
          - (select count(*)::int from market_events where kind = 'listing.expired')
          as expiries_missing,
        (select count(*)::int from offers where status = 'declined')
          - (select count(*)::int from market_events where kind = 'offer.declined')
          as declines_missing,
        (select count(*)::int from market_events where created_at is null) as untimed`);
    assert.deepEqual(row, {
      listings_not_told_once: 0,
      offers_not_told_once: 0,
      sales_not_told_once: 0,
      transfers_missing: 0,
      expiries_missing: 0,
      declines_missing: 0,
      untimed: 0,
    });
    const [seeded] = await app.database.rows<{ n: number }>(
      sql`select count(*)::int as n from market_events where seller_id = ${HOUSE_USER_ID} and kind = 'listing.created'`,
    );
    assert.ok((seeded?.n ?? 0) >= 180, 'the house listed its catalogue through the same events');
  });

  it('GET /market/events reads the events after an id, oldest first, page by page, with no user ids', async () => {
    const start = await lastEventId(app);
    const a = await owning(app, NFA.read);
    await list(app, a, NFA.read, 250);
    const stored = await eventsAfter(app.database.db, start, 100);
    assert.deepEqual(
      stored.map((e) => e.kind),
      ['item.sold', 'item.transferred', 'listing.created'],
    );
    const read = async (query: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/v1/market/events?${query}` });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ data: { id: number }[]; after: number }>();
    };
    const first = await read(`after=${start}&limit=2`);
    assert.deepEqual(
      first.data.map((e) => e.id),
      stored.slice(0, 2).map((e) => e.id),
    );
    assert.equal(first.after, stored[1]?.id);
    const second = await read(`after=${first.after}&limit=2`);
    const listed = stored[2];
    assert.ok(listed !== undefined);
    assert.deepEqual(second.data, [
      {
        id: listed.id,
        kind: 'listing.created',
        itemId: String(NFA.read),
        itemKind: 'nfa',
        listingId: listed.listingId,
        offerId: null,
        price: 250,
        priceCents: 25_000,
        details: null,
        at: listed.createdAt.toISOString(),
      },
    ]);
    assert.ok(!JSON.stringify(first.data).includes(a.user._id), 'no user ids');
    const end = await read(`after=${second.after}`);
    assert.deepEqual(end.data, []);
    assert.equal(end.after, second.after, 'nothing new: the same id to send again');
    assert.ok((await read('')).data.length > 0, 'from the first event by default');
  });

  it('GET /market/events refuses a bad id or page size with 400 and a message', async () => {
    for (const query of [
      'after=-1',
      'after=abc',
      'after=99999999999999999999',
      'limit=0',
      'limit=501',
      'since=3',
    ]) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/market/events?${query}` });
      assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
      assert.equal(typeof json(response).message, 'string', query);
      assert.ok(json(response).message.length > 0, query);
    }
  });
});
