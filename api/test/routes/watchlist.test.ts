/**
 * The watchlist (issue 31, point 4) as a caller sees it: watch, list (newest first, paged, with
 * the item's price and status now), change the alert price, unwatch; 401 without a token; bad
 * alert prices 400 with the form's words; unknown items and unwatched items 404; another user's
 * watchlist never visible; the cap. And its notification (`watch.alert`): a watched item listed
 * or repriced at or below the alert price tells the watcher after a worker round, one above does
 * not, the seller is never told, a watch switched off in the preferences tells nothing.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { MARKET_MESSAGES } from '@hypertek/shared/contract';
import { API_MESSAGES } from '../../src/lib/errors';
import { loadConfig } from '../../src/config/env';
import { WATCHLIST_WORDS } from '../../src/routes/watchlist';
import { assertRefusal, buildTestApp, json, signup } from '../helpers';
import { list, owning, reprice } from '../market-helpers';
import type { User } from '../payments-helpers';

const MAX = 4;
// House items of the seeded catalogue this file's app alone touches.
const NFA = { calls: 40, paged: [41, 42, 43], cap: [44, 45, 46, 47, 48], told: 49 };

const clock = { now: Date.now() };
const app = await buildTestApp(
  { after },
  { market: { ...loadConfig().market, sweepMs: 0, maxWatched: MAX } },
  { clock: () => clock.now },
);

interface Watched {
  itemId: string;
  kind: string;
  title: string;
  image: string;
  price: number;
  listed: boolean;
  listingPrice: number | null;
  owner: string;
  ownerId: string;
  alertPrice: number | null;
  alertPriceCents: number | null;
  watchedAt: string;
}

const watch = (user: Pick<User, 'auth'> | null, itemId: number | string, payload: unknown = {}) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/watchlist/${itemId}`,
    headers: user?.auth ?? {},
    payload: payload as object,
  });
const unwatch = (user: Pick<User, 'auth'> | null, itemId: number | string) =>
  app.inject({
    method: 'DELETE',
    url: `/api/v1/watchlist/${itemId}`,
    headers: user?.auth ?? {},
  });
const stateOf = (user: Pick<User, 'auth'> | null, itemId: number | string) =>
  app.inject({ method: 'GET', url: `/api/v1/watchlist/${itemId}`, headers: user?.auth ?? {} });

async function watchlistOf(user: User, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/watchlist${query}`,
    headers: user.auth,
  });
  assert.equal(response.statusCode, 200, response.body);
  return json(response) as {
    data: Watched[];
    nextCursor: string | null;
    total: number;
    max: number;
  };
}

/** The `watch.alert` notifications a user has about an item, oldest first: their prices. */
async function alertsOf(user: User, itemId: number): Promise<{ cents: number; text: string }[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/notifications?limit=100',
    headers: user.auth,
  });
  assert.equal(response.statusCode, 200, response.body);
  return (
    json(response).data as { kind: string; itemId: string; priceCents: number; text: string }[]
  )
    .filter((n) => n.kind === 'watch.alert' && n.itemId === String(itemId))
    .reverse()
    .map((n) => ({ cents: n.priceCents, text: n.text }));
}

const tick = () => (clock.now += 1_000);

describe('watchlist: the calls', () => {
  it('watch, read the state, list it with its price and status now, change the alert price, unwatch', async () => {
    const a = await signup(app);
    const first = await watch(a, NFA.calls);
    assert.equal(first.statusCode, 201, first.body);
    assert.deepEqual(json(first), {
      success: true,
      message: WATCHLIST_WORDS.watched,
      itemId: String(NFA.calls),
      watched: true,
      alertPrice: null,
      alertPriceCents: null,
    });

    const listed = await watchlistOf(a);
    assert.equal(listed.total, 1);
    assert.equal(listed.max, MAX);
    assert.equal(listed.nextCursor, null);
    const [row] = listed.data;
    const item = json(await app.inject({ method: 'GET', url: `/api/v1/search/item/${NFA.calls}` }))
      .data as { title: string; kind: string; price: number; listed: boolean; owner: string };
    assert.deepEqual(
      { ...row, watchedAt: undefined },
      {
        itemId: String(NFA.calls),
        kind: item.kind,
        title: item.title,
        image: `/api/v1/media/items/${NFA.calls}.svg`,
        price: item.price,
        listed: item.listed,
        listingPrice: item.listed ? item.price : null,
        owner: item.owner,
        ownerId: row?.ownerId,
        alertPrice: null,
        alertPriceCents: null,
        watchedAt: undefined,
      },
    );
    assert.equal(row?.watchedAt, new Date(clock.now).toISOString());

    // Watching again changes the alert price (no second row); null takes it away.
    const changed = await watch(a, NFA.calls, { alertPrice: 12.5 });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(json(changed).message, WATCHLIST_WORDS.changed);
    assert.deepEqual(
      (await watchlistOf(a)).data.map((w) => [w.itemId, w.alertPrice, w.alertPriceCents]),
      [[String(NFA.calls), 12.5, 1250]],
    );
    assert.deepEqual(
      { ...json(await stateOf(a, NFA.calls)), message: undefined },
      {
        success: true,
        message: undefined,
        itemId: String(NFA.calls),
        watched: true,
        alertPrice: 12.5,
        alertPriceCents: 1250,
      },
    );
    assert.equal(json(await watch(a, NFA.calls, { alertPrice: null })).alertPriceCents, null);
    assert.equal((await watchlistOf(a)).data[0]?.alertPrice, null);

    const removed = await unwatch(a, NFA.calls);
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal(json(removed).watched, false);
    assert.deepEqual((await watchlistOf(a)).data, []);
    assert.equal(json(await stateOf(a, NFA.calls)).watched, false);
    assertRefusal(await unwatch(a, NFA.calls), 404, WATCHLIST_WORDS.notWatched);
  });

  it('newest first, a page at a time; another user never sees nor changes it', async () => {
    const [a, b] = [await signup(app), await signup(app)];
    for (const id of NFA.paged) {
      tick();
      assert.equal((await watch(a, id, { alertPrice: id })).statusCode, 201);
    }
    const page1 = await watchlistOf(a, '?limit=2');
    assert.deepEqual(
      page1.data.map((w) => w.itemId),
      ['43', '42'],
    );
    assert.ok(page1.nextCursor !== null);
    const page2 = await watchlistOf(a, `?limit=2&cursor=${page1.nextCursor}`);
    assert.deepEqual(
      page2.data.map((w) => w.itemId),
      ['41'],
    );
    assert.equal(page2.nextCursor, null);
    assertRefusal(
      await app.inject({ method: 'GET', url: '/api/v1/watchlist?cursor=nope', headers: a.auth }),
      400,
      'The cursor is not valid',
    );

    // B sees none of A's watches, and cannot remove one: it is not on B's watchlist.
    assert.deepEqual(await watchlistOf(b), { ...(await watchlistOf(b)), data: [], total: 0 });
    assert.equal(json(await stateOf(b, 41)).watched, false);
    assertRefusal(await unwatch(b, 41), 404, WATCHLIST_WORDS.notWatched);
    assert.equal((await watchlistOf(a)).total, 3);
  });

  it('no sign-in: 401; a bad alert price: 400 in the forms words; an unknown item: 404', async () => {
    const a = await signup(app);
    for (const response of [
      await app.inject({ method: 'GET', url: '/api/v1/watchlist' }),
      await stateOf(null, NFA.calls),
      await watch(null, NFA.calls),
      await unwatch(null, NFA.calls),
    ]) {
      assert.equal(response.statusCode, 401, response.body);
      assert.equal(json(response).success, false);
    }

    const bad: [unknown, string][] = [
      [0, MARKET_MESSAGES.priceInvalid],
      [-5, MARKET_MESSAGES.priceInvalid],
      ['abc', MARKET_MESSAGES.priceInvalid],
      [1.234, MARKET_MESSAGES.priceDecimals],
      [1_000_001, MARKET_MESSAGES.priceTooHigh],
      [true, MARKET_MESSAGES.priceInvalid],
    ];
    for (const [alertPrice, words] of bad) {
      assertRefusal(
        await watch(a, NFA.calls, { alertPrice }),
        400,
        WATCHLIST_WORDS.alertPrice(words),
        JSON.stringify(alertPrice),
      );
    }
    assert.deepEqual((await watchlistOf(a)).data, [], 'a refused watch adds nothing');
    const bodyless = await app.inject({
      method: 'PUT',
      url: `/api/v1/watchlist/${NFA.calls}`,
      headers: a.auth,
    });
    assertRefusal(bodyless, 400, 'Body must be an object', 'no body (send {} for no alert price)');

    for (const id of ['999999', 'abc', '0', '1e3']) {
      assertRefusal(await watch(a, id), 404, API_MESSAGES.productNotFound, id);
      assertRefusal(await stateOf(a, id), 404, API_MESSAGES.productNotFound, id);
      // An item that could exist but is not watched is simply not on the watchlist.
      const words = id === '999999' ? WATCHLIST_WORDS.notWatched : API_MESSAGES.productNotFound;
      assertRefusal(await unwatch(a, id), 404, words, id);
    }
  });

  it('the seeded demo account watches three items, newest first, one with an alert price', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { Email: 'demo@hypertek.local', Password: 'HyperTek2117' },
    });
    assert.equal(login.statusCode, 200, login.body);
    const demo = { auth: { authorization: `Bearer ${json(login).token as string}` } } as User;
    const { data, total } = await watchlistOf(demo);
    assert.equal(total, 3);
    assert.deepEqual(
      data.map((w) => [w.kind, w.owner, w.listed, w.alertPrice]),
      [
        ['nfa', 'Nova Rider', false, 950],
        ['nfa', 'Kira Vex', true, null],
        ['land', 'Hyper Tek Vault', true, null],
      ],
    );
  });

  it(`a user watches at most ${MAX} items (409 with a message); changing one at the cap still works`, async () => {
    const a = await signup(app);
    const [five, ...four] = [...NFA.cap].reverse();
    for (const id of four) assert.equal((await watch(a, id)).statusCode, 201);
    assertRefusal(await watch(a, five as number), 409, WATCHLIST_WORDS.full(MAX));
    assert.equal((await watch(a, four[0] as number, { alertPrice: 3 })).statusCode, 200);
    assert.equal((await unwatch(a, four[0] as number)).statusCode, 200);
    assert.equal((await watch(a, five as number)).statusCode, 201);
    assert.equal((await watchlistOf(a)).total, MAX);
    // Concurrent new watches at the cap: exactly as many as fit are taken.
    const b = await signup(app);
    const answers = await Promise.all(NFA.cap.map((id) => watch(b, id)));
    const statuses = answers.map((r) => r.statusCode).sort();
    assert.deepEqual(statuses, [201, 201, 201, 201, 409], `saw ${statuses.join(', ')}`);
    assert.equal((await watchlistOf(b)).total, MAX);
  });
});

describe('watchlist: the watch.alert notification', () => {
  it('listed or repriced at or below the alert price tells the watcher once; above, the seller, a late or removed watch are not', async () => {
    const worker = app.notificationWorker;
    const seller = await owning(app, NFA.told);
    const [cheap, any, low, off, late, gone] = await Promise.all(
      Array.from({ length: 6 }, () => signup(app)),
    );
    tick();
    assert.equal((await watch(cheap!, NFA.told, { alertPrice: 300 })).statusCode, 201);
    assert.equal((await watch(any!, NFA.told)).statusCode, 201);
    assert.equal((await watch(low!, NFA.told, { alertPrice: 100 })).statusCode, 201);
    assert.equal((await watch(off!, NFA.told, { alertPrice: 1000 })).statusCode, 201);
    assert.equal((await watch(gone!, NFA.told, { alertPrice: 1000 })).statusCode, 201);
    assert.equal((await watch(seller, NFA.told, { alertPrice: 1000 })).statusCode, 201);
    const switchOff = await app.inject({
      method: 'PATCH',
      url: '/api/v1/notifications/preferences',
      headers: off!.auth,
      payload: { kinds: [{ kind: 'watch.alert', notify: false }] },
    });
    assert.equal(switchOff.statusCode, 200, switchOff.body);
    // watch.alert is not mailed: asking to mail it is refused with a message.
    assertRefusal(
      await app.inject({
        method: 'PATCH',
        url: '/api/v1/notifications/preferences',
        headers: off!.auth,
        payload: { kinds: [{ kind: 'watch.alert', email: true }] },
      }),
      400,
      'watch.alert notifications are not sent by email',
    );

    tick();
    const listed = await list(app, seller, NFA.told, 500);
    assert.equal(listed.statusCode, 201, listed.body);
    const listingId = json(listed).listing._id as string;
    await worker.runOnce();
    tick();
    assert.equal((await reprice(app, seller, listingId, 250)).statusCode, 200);
    tick();
    assert.equal((await reprice(app, seller, listingId, 300)).statusCode, 200);
    tick();
    assert.equal((await reprice(app, seller, listingId, 301)).statusCode, 200);
    // Watched after these events, or removed before the worker reached them: not told of them.
    tick();
    assert.equal((await watch(late!, NFA.told, { alertPrice: 1000 })).statusCode, 201);
    assert.equal((await unwatch(gone!, NFA.told)).statusCode, 200);
    await worker.runOnce();
    await worker.runOnce();

    const title = (await watchlistOf(cheap!)).data[0]?.title;
    assert.deepEqual(await alertsOf(cheap!, NFA.told), [
      { cents: 25_000, text: `${title}, on your watchlist, is listed at $250` },
      { cents: 30_000, text: `${title}, on your watchlist, is listed at $300` },
    ]);
    assert.deepEqual(
      (await alertsOf(any!, NFA.told)).map((n) => n.cents),
      [50_000],
      'no alert price: told when listed, not of reprices',
    );
    assert.deepEqual(await alertsOf(low!, NFA.told), [], 'never at or below 100');
    assert.deepEqual(await alertsOf(off!, NFA.told), [], 'switched off');
    assert.deepEqual(await alertsOf(late!, NFA.told), [], 'watched after the events');
    assert.deepEqual(
      (await alertsOf(gone!, NFA.told)).map((n) => n.cents),
      [50_000],
      'told of the listing, not of the reprices after it was unwatched',
    );
    assert.deepEqual(await alertsOf(seller, NFA.told), [], 'the seller themself');

    // The list shows the item listed at its listing's price now.
    const [row] = (await watchlistOf(cheap!)).data;
    assert.deepEqual([row?.listed, row?.listingPrice, row?.price], [true, 301, 301]);
  });
});
