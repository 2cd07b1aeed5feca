/**
 * The secondary market as its callers see it: one owner per item, listings, offers, the
 * reservation window, settlement by card, the ledger, and the races the anchors' failures teach
 * (50 buyers for one listing, buy against accept, two accepts, 50 identical listings, reprice,
 * expiry and cancel during a checkout, an item that comes back to its old owner).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HOUSE_NAME, MARKET_MESSAGES } from '@hypertek/shared/contract';
import { readdir, readFile } from 'node:fs/promises';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../../src/config/env';
import { buildTestApp, json, signup, type TestApp } from '../helpers';
import {
  answerOffer,
  assertStatuses,
  balance,
  buy,
  cancelListings,
  detail,
  HOUSE_LAND,
  HOUSE_NFA,
  HOUSE_NFA_2,
  HOUSE_USER_ID,
  list,
  marketRows,
  offer,
  offersOf,
  reprice,
  saleCredits,
  saw,
} from '../market-helpers';
import {
  buyerView,
  CARDS,
  checkPurchase,
  createIntent,
  paymentMethod,
  type User,
} from '../payments-helpers';

const HOUR = 3_600_000;

/** An app whose market clock the test moves. */

/** A user who owns `itemId`, bought from the house at its listed price. */
async function owner(app: TestApp, itemId: number): Promise<User> {
  const user = await signup(app);
  const response = await buy(app, user, itemId);
  assert.equal(response.statusCode, 200, response.body);
  return user;
}

/**
 * An app of its own whose clock the test moves, with the owner `a` of `itemId` (bought from the
 * house) and two other users `b` and `c`.
 */
async function clockedMarket(t: { after: (fn: () => Promise<void>) => void }, itemId: number) {
  const clock = { now: Date.now() };
  const app = await buildTestApp(t, {}, { clock: () => clock.now });
  const a = await owner(app, itemId);
  const b = await signup(app);
  const c = await signup(app);
  return { app, clock, a, b, c };
}

// One app for the tests that do not move the clock (each uses items of its own).
const app = await buildTestApp({ after });

describe('ownership', () => {
  it('the house owns and lists the unsold catalogue; a purchase makes the buyer the one owner', async () => {
    const before = await detail(app, HOUSE_NFA);
    assert.equal(before.owner, HOUSE_NAME);
    assert.equal(before.ownerId, HOUSE_USER_ID);
    assert.equal(before.listed, true);
    assert.equal(before.market.listing?.price, before.price);

    const a = await signup(app);
    const b = await signup(app);
    assert.equal((await buy(app, a, HOUSE_NFA)).statusCode, 200);
    const after = await detail(app, HOUSE_NFA);
    assert.equal(after.ownerId, a.user._id);
    assert.equal(after.listed, false);
    assert.equal(after.market.listing, null);

    // Another buyer cannot buy it too: not for sale, nothing charged.
    const second = await buy(app, b, HOUSE_NFA, Math.round(before.price * 100));
    assert.equal(second.statusCode, 409);
    assert.equal(json(second).message, 'This item is not for sale');
    const rows = await marketRows(app, HOUSE_NFA);
    assert.equal(rows.paid_orders, 1);
    assert.equal(rows.charges, 1);

    // The purchase check: 'yes' for the owner, the clear refusal for the other.
    assert.equal((await buyerView(app, a, HOUSE_NFA)).exist, 'yes');
    const check = await checkPurchase(app, b, HOUSE_NFA);
    assert.equal(check.statusCode, 409);
    assert.equal(json(check).message, 'This item is not for sale');
  });

  it('the purchase check tells a buyer the price they would pay', async () => {
    const b = await signup(app);
    const check = json(await checkPurchase(app, b, HOUSE_LAND));
    assert.equal(check.exist, 'no');
    assert.equal(check.price, (await detail(app, HOUSE_LAND)).price);
  });
});

describe('listings', () => {
  let a: User;
  let b: User;
  const item = HOUSE_NFA_2;
  before(async () => {
    a = await owner(app, item);
    b = await signup(app);
  });

  it('refuses bad terms with the form words, and changes nothing', async () => {
    for (const [price, message] of [
      [0, MARKET_MESSAGES.priceInvalid],
      [-5, MARKET_MESSAGES.priceInvalid],
      ['abc', MARKET_MESSAGES.priceInvalid],
      ['', MARKET_MESSAGES.priceRequired],
      [1_000_000.01, MARKET_MESSAGES.priceTooHigh],
      [12.345, MARKET_MESSAGES.priceDecimals],
    ] as const) {
      const response = await list(app, a, item, price);
      assert.equal(response.statusCode, 400, `${price}`);
      assert.equal(json(response).message, message);
    }
    const badExpiry = await list(app, a, item, 10, '3 Days');
    assert.equal(badExpiry.statusCode, 400);
    assert.equal(json(badExpiry).message, MARKET_MESSAGES.expiryInvalid);
    const notMine = await list(app, b, item, 10);
    assert.equal(notMine.statusCode, 403);
    assert.equal(json(notMine).message, 'You do not own this item');
    assert.equal((await marketRows(app, item)).active_listings, 0);
  });

  it('lists, reprices and cancels; the Listing tab shows Status, Price, Floor and Qty', async () => {
    const listed = await list(app, a, item, 321.5);
    assert.equal(listed.statusCode, 201, listed.body);
    const listing = json(listed).listing;
    assert.equal(listing.status, 'Active');
    assert.equal(listing.price, 321.5);
    assert.equal(listing.qty, 1);
    assert.equal(typeof listing.floor, 'number');
    assert.ok(listing.floor <= 321.5);
    assert.equal((await detail(app, item)).listed, true);

    const again = await list(app, a, item, 400);
    assert.equal(again.statusCode, 409);

    const other = await reprice(app, b, listing._id, 1);
    assert.equal(other.statusCode, 403);
    const repriced = await reprice(app, a, listing._id, 350);
    assert.equal(repriced.statusCode, 200);
    assert.equal(json(repriced).listing.price, 350);
    assert.equal((await detail(app, item)).price, 350);

    const tab = json(
      await app.inject({
        method: 'GET',
        url: `/api/v1/market/listings/user/${a.user._id}`,
        headers: a.auth,
      }),
    );
    assert.deepEqual(
      tab.data.map((row: { _id: string; status: string; price: number }) => [
        row._id,
        row.status,
        row.price,
      ]),
      [[listing._id, 'Active', 350]],
    );
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/v1/market/listings/user/${a.user._id}`,
      headers: b.auth,
    });
    assert.equal(foreign.statusCode, 403);

    // Someone else's listing in a bulk cancel refuses it all.
    assert.equal((await cancelListings(app, b, [listing._id])).statusCode, 403);
    const cancelled = json(await cancelListings(app, a, [listing._id]));
    assert.deepEqual(
      cancelled.results.map((r: { status: string }) => r.status),
      ['cancelled'],
    );
    assert.equal((await detail(app, item)).listed, false);
  });
});

describe('the Listing tab pages', () => {
  it('pages a seller’s listings newest first by cursor; a bad cursor is a 400', async () => {
    const seller = await signup(app);
    const items = [44, 45, 46];
    const ids: string[] = [];
    for (const item of items) {
      assert.equal((await buy(app, seller, item)).statusCode, 200);
      const listed = await list(app, seller, item, 500 + item);
      assert.equal(listed.statusCode, 201, listed.body);
      ids.push(json(listed).listing._id);
    }
    const page = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/market/listings/user/${seller.user._id}?${query}`,
        headers: seller.auth,
      });
      return { status: response.statusCode, body: json(response) };
    };
    const first = await page('limit=2');
    assert.equal(first.status, 200);
    assert.equal(first.body.data.length, 2);
    assert.equal(typeof first.body.nextCursor, 'string');
    const second = await page(`limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    assert.equal(second.status, 200);
    assert.equal(second.body.nextCursor, null);
    const seen = [...first.body.data, ...second.body.data].map((row: { _id: string }) => row._id);
    assert.deepEqual(seen, [...ids].reverse());

    const bad = await page('cursor=not-a-cursor');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'The cursor is not valid');
  });
});

describe('a wallet account signs its listing', () => {
  it('lists with the signature of its own wallet; another key or other terms are refused', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = json(
      await app.inject({
        method: 'POST',
        url: '/api/v1/user/MetaMask/nonce',
        payload: { address: wallet.address.toLowerCase() },
      }),
    );
    const signedIn = json(
      await app.inject({
        method: 'POST',
        url: '/api/v1/user/MetaMask',
        payload: {
          address: wallet.address.toLowerCase(),
          message: nonce.message,
          signature: await wallet.signMessage({ message: nonce.message }),
        },
      }),
    );
    const seller = {
      user: signedIn.user,
      token: signedIn.token,
      email: '',
      password: '',
      auth: { authorization: `Bearer ${signedIn.token}` },
    };
    assert.equal((await buy(app, seller, 64)).statusCode, 200);
    const terms = { itemId: '64', price: 99, expiresIn: '12 Hours' };
    const text = json(
      await app.inject({
        method: 'POST',
        url: '/api/v1/market/listings/message',
        headers: seller.auth,
        payload: terms,
      }),
    ).message as string;
    assert.match(text, /Hyper Tek listing/);
    const post = (message: string, signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/market/listings',
        headers: seller.auth,
        payload: { ...terms, message, signature },
      });
    const otherKey = privateKeyToAccount(generatePrivateKey());
    const forged = await post(text, await otherKey.signMessage({ message: text }));
    assert.equal(forged.statusCode, 400);
    assert.equal(json(forged).message, 'The listing signature does not match your wallet');
    const otherTerms = text.replace('$99', '$1');
    const changed = await post(otherTerms, await wallet.signMessage({ message: otherTerms }));
    assert.equal(changed.statusCode, 400);
    assert.equal((await marketRows(app, 64)).active_listings, 0);
    const listed = await post(text, await wallet.signMessage({ message: text }));
    assert.equal(listed.statusCode, 201, listed.body);
    assert.equal((await detail(app, 64)).price, 99);
    // An account without a wallet has nothing to sign with.
    const plain = await signup(app);
    const none = await app.inject({
      method: 'POST',
      url: '/api/v1/market/listings/message',
      headers: plain.auth,
      payload: terms,
    });
    assert.equal(none.statusCode, 400);
  });
});

describe('a sale between users', () => {
  it('B buys A’s listing: B owns it, A’s listing is sold and A’s balance rises by the price', async (t) => {
    const app = await buildTestApp(t, {
      market: { ...loadConfig().market, commissionBps: 250, sweepMs: 0 },
    });
    const a = await owner(app, HOUSE_LAND);
    const b = await signup(app);
    const listed = json(await list(app, a, HOUSE_LAND, 1000));
    const balanceBefore = await balance(app, a);

    const paid = await buy(app, b, HOUSE_LAND);
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal(json(paid).payment.amountCents, 100_000);

    const item = await detail(app, HOUSE_LAND);
    assert.equal(item.ownerId, b.user._id);
    assert.equal(item.listed, false);
    // 2.5 % commission: A is credited 975.
    assert.equal((await balance(app, a)) - balanceBefore, 97_500);
    const tab = json(
      await app.inject({
        method: 'GET',
        url: `/api/v1/market/listings/user/${a.user._id}?status=all`,
        headers: a.auth,
      }),
    );
    const row = tab.data.find((r: { _id: string }) => r._id === listed.listing._id);
    assert.equal(row.status, 'Sold');
    const rows = await marketRows(app, HOUSE_LAND);
    assert.equal(rows.unbalanced, 0);
    assert.equal(rows.active_listings, 0);

    // Both see it in their activity, with buyer, seller and price.
    const activity = json(
      await app.inject({ method: 'GET', url: `/api/v1/activity/${a.user._id}`, headers: a.auth }),
    ).data;
    const sale = activity.find(
      (e: { type: string; price: number }) => e.type === 'Sale' && e.price === 1000,
    );
    assert.ok(sale, 'the sale is in the seller’s activity');
    assert.ok(activity.some((e: { type: string }) => e.type === 'Transfer'));
    assert.ok(activity.some((e: { type: string }) => e.type === 'Listing'));

    // Buying one’s own listing: refused.
    const mine = json(await list(app, b, HOUSE_LAND, 2000));
    const self = await buy(app, b, HOUSE_LAND, 200_000);
    assert.equal(self.statusCode, 409);
    assert.equal(json(self).message, 'Sorry you have already purchased it');

    // The item comes back to A: A's old listing stays sold, B's is sold now, none reopens.
    assert.equal((await buy(app, a, HOUSE_LAND, 200_000)).statusCode, 200);
    const after = await app.inject({
      method: 'GET',
      url: `/api/v1/market/listings/user/${a.user._id}?status=all`,
      headers: a.auth,
    });
    assert.equal(
      json(after).data.find((r: { _id: string }) => r._id === listed.listing._id).status,
      'Sold',
    );
    assert.equal((await marketRows(app, HOUSE_LAND)).active_listings, 0);
    assert.equal((await detail(app, HOUSE_LAND)).listed, false);
    assert.ok(mine.listing._id);
  });
});

describe('offers', () => {
  it('B offers on A’s unlisted item; A accepts; nobody else can buy; B pays the offer price', async (t) => {
    const { app, clock, a, b, c } = await clockedMarket(t, HOUSE_NFA);

    assert.equal(
      json(await offer(app, a, HOUSE_NFA, 10)).message,
      'You cannot make an offer on your own item',
    );
    const house = await offer(app, b, HOUSE_NFA_2, 10);
    assert.equal(house.statusCode, 409);
    const badExpiry = await offer(app, b, HOUSE_NFA, 10, '2 Days');
    assert.equal(badExpiry.statusCode, 400);

    const made = await offer(app, b, HOUSE_NFA, 123.45);
    assert.equal(made.statusCode, 201, made.body);
    const offerId = json(made).offer._id as string;
    assert.equal((await detail(app, HOUSE_NFA)).market.offers, 1);

    const received = await offersOf(app, a, 'received');
    assert.deepEqual(
      received.map((o) => [o._id, o.offer, o.status]),
      [[offerId, 123.45, 'Open']],
    );

    // Only the owner answers; only the maker cancels.
    assert.equal((await answerOffer(app, c, offerId, 'accept')).statusCode, 403);
    assert.equal((await answerOffer(app, c, offerId, 'cancel')).statusCode, 403);

    const accepted = await answerOffer(app, a, offerId, 'accept');
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(json(accepted).offer.status, 'Accepted');
    assert.equal((await answerOffer(app, a, offerId, 'accept')).statusCode, 409);
    const state = await detail(app, HOUSE_NFA);
    assert.ok(state.market.reservedUntil !== null);
    // The buyer is told by email (the notifications worker's round; the outbox without SMTP)
    // with the item's link, and in their activity.
    await app.notificationWorker.runOnce();
    const mails = await readdir(app.config.outboxDir);
    const mail = await readFile(`${app.config.outboxDir}/${mails.at(-1) ?? ''}`, 'utf8');
    assert.match(mail, new RegExp(`To: ${b.email}`));
    assert.match(mail, /Your offer of \$123\.45 on .* was accepted/);
    // (quoted-printable writes the link's '=' as '=3D')
    assert.match(mail, new RegExp(`/buy-nfa\\?id=(3D)?${HOUSE_NFA}\\b`));
    const told = json(
      await app.inject({ method: 'GET', url: `/api/v1/activity/${b.user._id}`, headers: b.auth }),
    ).data;
    assert.ok(told.some((e: { type: string }) => e.type === 'Accept offer'));

    // A listing made meanwhile cannot be bought by anyone else while the reservation runs.
    clock.now += HOUR;
    const check = json(await checkPurchase(app, b, HOUSE_NFA));
    assert.equal(check.exist, 'no');
    assert.equal(check.price, 123.45);
    const other = await buy(app, c, HOUSE_NFA, 12_345);
    assert.equal(other.statusCode, 409);
    assert.match(json(other).message, /reserved for another buyer/);

    const paid = await buy(app, b, HOUSE_NFA, 12_345);
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal((await detail(app, HOUSE_NFA)).ownerId, b.user._id);
    const mine = await offersOf(app, b, 'made');
    assert.equal(mine[0]?.status, 'Sold');
    const rows = await marketRows(app, HOUSE_NFA);
    assert.equal(rows.charges, 2);
    assert.equal(rows.unbalanced, 0);
  });

  it('an unpaid reservation lapses: the offer is open again and the item buyable again', async (t) => {
    const { app, clock, a, b, c } = await clockedMarket(t, HOUSE_LAND);
    json(await list(app, a, HOUSE_LAND, 900));
    const offerId = json(await offer(app, b, HOUSE_LAND, 800, '12 Months')).offer._id;
    assert.equal((await answerOffer(app, a, offerId, 'accept')).statusCode, 200);
    assert.equal((await buy(app, c, HOUSE_LAND, 90_000)).statusCode, 409);

    clock.now += 25 * HOUR;
    const received = await offersOf(app, a, 'received');
    assert.equal(received[0]?.status, 'Open');
    assert.equal(
      (await buy(app, b, HOUSE_LAND, 80_000)).statusCode,
      409,
      'the reservation is over',
    );
    const paid = await buy(app, c, HOUSE_LAND, 90_000);
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal((await detail(app, HOUSE_LAND)).ownerId, c.user._id);
  });

  it('expired, declined and cancelled offers cannot be accepted', async (t) => {
    const { app, clock, a, b, c } = await clockedMarket(t, HOUSE_NFA);
    const d = await signup(app);
    const first = json(await offer(app, b, HOUSE_NFA, 50, '6 Hours')).offer._id;
    const second = json(await offer(app, c, HOUSE_NFA, 60)).offer._id;
    const third = json(await offer(app, d, HOUSE_NFA, 70)).offer._id;
    assert.equal((await answerOffer(app, a, second, 'decline')).statusCode, 200);
    assert.equal((await answerOffer(app, d, third, 'cancel')).statusCode, 200);
    assert.equal((await answerOffer(app, a, second, 'accept')).statusCode, 409);
    assert.equal((await answerOffer(app, a, third, 'accept')).statusCode, 409);
    clock.now += 7 * HOUR;
    const expired = await answerOffer(app, a, first, 'accept');
    assert.equal(expired.statusCode, 409);
    assert.equal(json(expired).message, 'This offer has expired');
    assert.equal((await detail(app, HOUSE_NFA)).market.offers, 0);
    assert.equal((await marketRows(app, HOUSE_NFA)).pending_orders, 0);
  });
});

describe('races', () => {
  it('50 buyers pay for one listing at once: one sale, one charge, one credit', async (t) => {
    const app = await buildTestApp(t);
    const price = Math.round((await detail(app, HOUSE_LAND)).price * 100);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signup(app)));
    const answers = await Promise.all(buyers.map((b) => buy(app, b, HOUSE_LAND, price)));
    assertStatuses(answers, [200, 409], '50 buyers');
    const winners = answers.filter((r) => r.statusCode === 200).length;
    assert.equal(winners, 1, `one sale, saw ${winners}:\n${saw(answers)}`);
    const rows = await marketRows(app, HOUSE_LAND);
    const state = JSON.stringify(rows);
    assert.equal(rows.paid_orders, 1, state);
    assert.equal(rows.sales, 1, state);
    assert.equal(rows.charges, 1, state);
    assert.equal(rows.unbalanced, 0, state);
    assert.equal(await saleCredits(app, HOUSE_LAND), 1);
  });

  it('two owners offering on each other’s items at once: every offer made (no deadlock)', async (t) => {
    const app = await buildTestApp(t);
    // House NFAs 70–75: A owns three, B three; each offers on the other's, all at once.
    const a = await owner(app, 70);
    const b = await signup(app);
    for (const id of [71, 72]) assert.equal((await buy(app, a, id)).statusCode, 200);
    for (const id of [73, 74, 75]) assert.equal((await buy(app, b, id)).statusCode, 200);
    const answers = await Promise.all([
      ...[73, 74, 75].flatMap((id) => [offer(app, a, id, 10), offer(app, a, id, 11)]),
      ...[70, 71, 72].flatMap((id) => [offer(app, b, id, 10), offer(app, b, id, 11)]),
    ]);
    assertStatuses(answers, [201], 'crossed offers');
  });

  it('50 identical listings at once: one active listing', async (t) => {
    const app = await buildTestApp(t);
    const a = await owner(app, HOUSE_NFA);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => list(app, a, HOUSE_NFA, 77)),
    );
    assertStatuses(answers, [201, 409], '50 listings');
    const made = answers.filter((r) => r.statusCode === 201).length;
    assert.equal(made, 1, `one listing made, saw ${made}:\n${saw(answers)}`);
    const rows = await marketRows(app, HOUSE_NFA);
    assert.equal(rows.active_listings, 1, JSON.stringify(rows));
  });

  it('two accepts of offers on one item, and a buy racing an accept: one reservation, one sale', async (t) => {
    const app = await buildTestApp(t);
    const a = await owner(app, HOUSE_NFA);
    const [b, c, d] = await Promise.all([signup(app), signup(app), signup(app)]);
    json(await list(app, a, HOUSE_NFA, 500));
    const ob = json(await offer(app, b, HOUSE_NFA, 400)).offer._id;
    const oc = json(await offer(app, c, HOUSE_NFA, 450)).offer._id;
    const [x, y, z] = await Promise.all([
      answerOffer(app, a, ob, 'accept'),
      answerOffer(app, a, oc, 'accept'),
      buy(app, d, HOUSE_NFA, 50_000),
    ]);
    const answers = [x, y, z];
    // When the buy is settled before an accept starts, D owns the item by then, and A's accept
    // is refused as anyone's who does not own the item (403): a correct answer, after a sale only.
    assertStatuses(answers, [200, 403, 409], 'accept, accept, buy');
    for (const refusal of [x, y].filter((r) => r.statusCode === 403)) {
      assert.equal(z.statusCode, 200, `a 403 only once the buy won:\n${saw(answers)}`);
      assert.equal(json(refusal).message, 'Only the owner of the item can answer this offer');
    }
    const winners = answers.filter((r) => r.statusCode === 200).length;
    assert.equal(winners, 1, `one winner, saw ${winners}:\n${saw(answers)}`);
    const rows = await marketRows(app, HOUSE_NFA);
    // A's own purchase from the house, then one reservation or one sale.
    assert.equal(
      rows.pending_orders + rows.paid_orders,
      2,
      `one reservation or one sale: ${JSON.stringify(rows)}\n${saw(answers)}`,
    );
  });

  it('reprice before paying: no charge at the old price, and the answer says the new one', async (t) => {
    const app = await buildTestApp(t);
    const a = await owner(app, HOUSE_NFA);
    const b = await signup(app);
    const listing = json(await list(app, a, HOUSE_NFA, 100)).listing;
    assert.equal((await reprice(app, a, listing._id, 140)).statusCode, 200);
    const paid = await buy(app, b, HOUSE_NFA, 10_000);
    assert.equal(paid.statusCode, 409);
    assert.equal(json(paid).message, 'The price of this item is now $140. Nothing was charged.');
    assert.equal((await marketRows(app, HOUSE_NFA)).charges, 1, 'only A’s own purchase');
  });

  it('a checkout holds the price: the seller cannot reprice or cancel until it ends', async (t) => {
    const { app, clock, a, b, c } = await clockedMarket(t, HOUSE_NFA);
    const listing = json(await list(app, a, HOUSE_NFA, 100)).listing;
    // B opens the embedded payment: the hold starts, the intent is open at the provider.
    const intent = await createIntent(app, b, HOUSE_NFA);
    assert.equal(intent.statusCode, 200, intent.body);
    assert.equal((await reprice(app, a, listing._id, 1)).statusCode, 409);
    const cancel = json(await cancelListings(app, a, [listing._id]));
    assert.equal(cancel.results[0].status, 'busy');
    assert.equal((await buy(app, c, HOUSE_NFA, 10_000)).statusCode, 409);

    // The hold lapses unpaid: B's intent is cancelled at the provider, and C can buy.
    clock.now += 16 * 60_000;
    const paid = await buy(app, c, HOUSE_NFA, 10_000);
    assert.equal(paid.statusCode, 200, paid.body);
    const intentId = json(intent).paymentIntentId;
    const confirm = await app.inject({
      method: 'POST',
      url: `/api/v1/payment/sandbox/payment-intents/${intentId}/confirm`,
      payload: {
        client_secret: json(intent).clientSecret,
        payment_method: await paymentMethod(app, CARDS.visa),
      },
    });
    assert.notEqual(confirm.statusCode, 200, 'the cancelled intent cannot be paid any more');
    const rows = await marketRows(app, HOUSE_NFA);
    assert.equal(rows.charges, 2, 'A’s purchase and C’s');
    assert.equal((await detail(app, HOUSE_NFA)).ownerId, c.user._id);
  });

  it('a declined card holds nothing: another buyer can pay at once, the declined buyer later too', async (t) => {
    const app = await buildTestApp(t);
    const a = await owner(app, HOUSE_NFA);
    const b = await signup(app);
    const c = await signup(app);
    json(await list(app, a, HOUSE_NFA, 100));
    const declined = await buy(app, b, HOUSE_NFA, 10_000, CARDS.declined);
    assert.equal(declined.statusCode, 402);
    assert.equal((await marketRows(app, HOUSE_NFA)).charges, 1, 'only A’s purchase');
    const paid = await buy(app, c, HOUSE_NFA, 10_000);
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal((await detail(app, HOUSE_NFA)).ownerId, c.user._id);
    const rows = await marketRows(app, HOUSE_NFA);
    assert.equal(rows.charges, 2);
    assert.equal(rows.pending_orders, 0);
  });

  it('expiry during a checkout: a hold taken before the end is honoured; after it, not for sale', async (t) => {
    const { app, clock, a, b, c } = await clockedMarket(t, HOUSE_NFA);
    json(await list(app, a, HOUSE_NFA, 100, '6 Hours'));
    // B's card needs the bank's step: the hold starts, the listing runs out meanwhile.
    const pending = await buy(app, b, HOUSE_NFA, 10_000, CARDS.authentication);
    assert.equal(json(pending).requiresAction, true, pending.body);
    clock.now += 6 * HOUR - 60_000;
    const { paymentIntentId, clientSecret } = json(pending);
    clock.now += 2 * 60_000;
    const done = await app.inject({
      method: 'POST',
      url: `/api/v1/payment/sandbox/payment-intents/${paymentIntentId}/authenticate`,
      payload: { client_secret: clientSecret, outcome: 'complete' },
    });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal((await detail(app, HOUSE_NFA)).ownerId, b.user._id);

    // A listing that ran out before anyone started paying: not for sale.
    json(await list(app, b, HOUSE_NFA, 100, '6 Hours'));
    clock.now += 7 * HOUR;
    const late = await buy(app, c, HOUSE_NFA, 10_000);
    assert.equal(late.statusCode, 409);
    assert.equal(json(late).message, 'This item is not for sale');
  });

  it('cancel racing a checkout: sold or cancelled, never both', async (t) => {
    const app = await buildTestApp(t);
    for (let round = 0; round < 5; round++) {
      // House NFAs 60–64: nobody in the seeded story owns them.
      const itemId = 60 + round;
      const a = await owner(app, itemId);
      const b = await signup(app);
      const listing = json(await list(app, a, itemId, 100)).listing;
      const [paid, cancelled] = await Promise.all([
        buy(app, b, itemId, 10_000),
        cancelListings(app, a, [listing._id]),
      ]);
      assertStatuses([paid], [200, 409], `round ${round}, the buy`);
      assertStatuses([cancelled], [200], `round ${round}, the cancel`);
      const status = json(cancelled).results[0].status;
      const sold = paid.statusCode === 200;
      assert.ok(
        sold !== (status === 'cancelled'),
        `round ${round}: sold and cancelled?\n${saw([paid, cancelled])}`,
      );
      assert.equal((await detail(app, itemId)).ownerId, sold ? b.user._id : a.user._id);
    }
  });
});
