/**
 * Buying by card with the sandbox provider (the default): every outcome of the card form, the
 * embedded payment element's flow, and what the buyer sees afterwards everywhere.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { formatPrice, HOUSE_NAME, MESSAGES, type ActivityEntry } from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import { HOUSE_USER_ID } from '../../src/db/schema';
import { API_MESSAGES } from '../../src/lib/errors';
import { buildTestApp, json, signup } from '../helpers';
import { assertStatuses, saw } from '../market-helpers';
import {
  assertPaymentRefused,
  authenticateSandboxIntent,
  buyerView,
  cardBody,
  CARDS,
  confirmSandboxIntent,
  countProviderCalls,
  createIntent,
  ONE_PURCHASE,
  paymentMethod,
  payAtOnce,
  payBySandboxCard,
  payForItem,
  payWithCard,
  priceCents,
  purchaseRows,
  readIntent,
  readAs,
  sandboxCharges,
  type User,
} from '../payments-helpers';

const app = await buildTestApp({ after });
const calls = countProviderCalls(app.payments.provider);
const charges = () => calls.create + calls.confirm;

/**
 * A fresh buyer and an item nobody in this file pays for elsewhere: NFAs from id 10 on that the
 * house still owns and lists at the catalogue price (the seed's story sold some to its pilots).
 * Ids are bigints: strings from a PostgreSQL server.
 */
const houseItems = (
  await app.database.rows<{ id: number | string }>(
    sql`select id from items where owner_id = ${HOUSE_USER_ID} and id between 10 and 59 order by id`,
  )
).map((row) => Number(row.id));
async function buyer() {
  const itemId = houseItems.shift();
  if (itemId === undefined) throw new Error('no house item left');
  return { user: await signup(app), itemId };
}

/**
 * Pays for the item with a good card when an intent is open for it already (`intentId`): the
 * payment confirms that intent, and the sandbox charged once in all.
 */
async function assertPaidOnIntent(user: User, itemId: number, intentId: string) {
  const paid = await payBySandboxCard(app, user, itemId, CARDS.visa);
  assert.equal(paid.statusCode, 200);
  assert.equal(json(paid).payment.paymentIntentId, intentId);
  assert.equal(await sandboxCharges(app, user.user._id, itemId), 1);
}

const publicFeed = async () =>
  json(await app.inject({ method: 'GET', url: '/api/v1/activity/getActivity?limit=5' }))
    .data as ActivityEntry[];

describe('POST /card/pay-with-card (sandbox)', () => {
  it('charges the item price once and records the purchase everywhere the buyer looks', async () => {
    const { user, itemId } = await buyer();
    const item = json(
      await app.inject({ method: 'GET', url: `/api/v1/search/item/${itemId}` }),
    ).data;
    await publicFeed(); // fills the 5-second public cache: the sale must show through it
    const before = charges();
    const response = await payBySandboxCard(app, user, itemId, CARDS.visa);
    assert.equal(response.statusCode, 200);
    const body = json(response);
    assert.equal(body.success, true);
    assert.equal(body.message, 'Payment Successful!');
    assert.equal(body.payment.status, 'succeeded');
    assert.equal(body.payment.amount, item.price);
    assert.equal(body.payment.amountCents, Math.round(item.price * 100));
    assert.equal(body.payment.currency, 'usd');
    assert.equal(body.payment.provider, 'sandbox');
    assert.equal(body.payment.productId, String(itemId));
    assert.equal(body.payment.title, item.title);
    assert.equal(body.payment.kind, item.kind);
    assert.deepEqual(body.payment.card, { brand: 'visa', last4: '4242' });
    assert.match(body.payment.paymentIntentId, /^pi_/);
    assert.equal(charges() - before, 1);

    const seen = await buyerView(app, user, itemId);
    assert.equal(seen.exist, 'yes');
    assert.deepEqual(
      seen.history.map((h) => [h.gameTitle, h.amount]),
      [[item.title, item.price]],
    );
    assert.deepEqual(
      seen.collection.map((c) => [c.id, c.title]),
      [[String(itemId), item.title]],
    );
    const localPart = user.email.split('@')[0];
    // One sale, and the item's transfer to the buyer (written just before it: the sale leads).
    assert.deepEqual(
      seen.ownActivity.map((a) => [a.name, a.type, a.buyer]),
      [
        [item.title, 'Sale', localPart],
        [item.title, 'Transfer', localPart],
      ],
    );
    const latest = (await publicFeed()).find(
      (entry) => entry.name === item.title && entry.type === 'Sale',
    );
    assert.ok(latest !== undefined, 'the sale is in the public feed');
    assert.equal(latest.buyer, localPart);
    assert.equal(latest.seller, HOUSE_NAME);
    assert.equal(latest.price, item.price);
    assert.ok(Date.now() - Date.parse(latest.time) < 60_000);
    assert.deepEqual(await purchaseRows(app, user.user._id, itemId), ONE_PURCHASE);
  });

  it('shows the buyer by full name when the profile has one', async () => {
    const { user, itemId } = await buyer();
    const form = new FormData();
    form.set('FullName', 'Nova Quill');
    const update = await app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: { ...user.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="FullName"\r\n\r\nNova Quill\r\n--x--\r\n`,
    });
    assert.equal(update.statusCode, 200);
    const pm = await paymentMethod(app, CARDS.mastercard);
    assert.equal((await payForItem(app, user, itemId, pm)).statusCode, 200);
    const seen = await buyerView(app, user, itemId);
    assert.equal(seen.ownActivity[0]?.buyer, 'Nova Quill');
  });

  it("refuses a declined card with Stripe's words (402), records nothing, and the item stays buyable", async () => {
    const { user, itemId } = await buyer();
    const feedBefore = await publicFeed();
    const response = await payBySandboxCard(app, user, itemId, CARDS.declined);
    assertPaymentRefused(response, 402, 'Your card was declined.', {
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
    const seen = await buyerView(app, user, itemId);
    assert.equal(seen.exist, 'no');
    assert.deepEqual(seen.history, []);
    assert.deepEqual(seen.collection, []);
    assert.deepEqual(seen.ownActivity, []);
    assert.deepEqual(await publicFeed(), feedBefore);
    assert.equal(await sandboxCharges(app, user.user._id, itemId), 0);

    // The next card confirms the same intent: still one intent, one charge.
    const retry = await payBySandboxCard(app, user, itemId, CARDS.visa);
    assert.equal(retry.statusCode, 200);
    assert.equal(await sandboxCharges(app, user.user._id, itemId), 1);
    assert.deepEqual(await purchaseRows(app, user.user._id, itemId), ONE_PURCHASE);
  });

  it('refuses a card with insufficient funds (402) with its decline code', async () => {
    const { user, itemId } = await buyer();
    const response = await payBySandboxCard(app, user, itemId, CARDS.insufficientFunds);
    assert.equal(response.statusCode, 402);
    const body = json(response);
    assert.equal(body.message, 'Your card has insufficient funds.');
    assert.equal(body.error, 'Your card has insufficient funds.');
    assert.equal(body.code, 'card_declined');
    assert.equal(body.declineCode, 'insufficient_funds');
    assert.equal((await buyerView(app, user, itemId)).exist, 'no');
  });

  it('asks for authentication; completing it records the purchase at once', async () => {
    const { user, itemId } = await buyer();
    const pm = await paymentMethod(app, CARDS.authentication);
    const response = await payForItem(app, user, itemId, pm);
    assert.equal(response.statusCode, 200);
    const body = json(response);
    assert.equal(body.success, false);
    assert.equal(body.requiresAction, true);
    assert.equal(body.status, 'requires_action');
    assert.equal(body.message, 'Your bank asks you to confirm this payment.');
    assert.ok(body.clientSecret.startsWith(`${body.paymentIntentId}_secret_`));
    assert.equal(
      (await buyerView(app, user, itemId)).exist,
      'no',
      'nothing before the bank says yes',
    );

    const pending = json(await readIntent(app, user, body.paymentIntentId)).paymentIntent;
    assert.equal(pending.status, 'requires_action');

    const auth = await authenticateSandboxIntent(app, body, 'complete');
    assert.equal(auth.statusCode, 200);
    assert.equal(json(auth).status, 'succeeded');
    assert.equal(json(auth).object, 'payment_intent');

    const seen = await buyerView(app, user, itemId);
    assert.equal(seen.exist, 'yes');
    assert.equal(seen.history.length, 1);
    const read = json(await readIntent(app, user, body.paymentIntentId)).paymentIntent;
    assert.equal(read.status, 'succeeded');
    assert.equal(read.failureMessage, null);
    assert.equal(read.amountCents, await priceCents(app, itemId));
    assert.deepEqual(await purchaseRows(app, user.user._id, itemId), ONE_PURCHASE);
  });

  it('asks for authentication; failing it records nothing and another card can pay', async () => {
    const { user, itemId } = await buyer();
    const pm = await paymentMethod(app, CARDS.authentication);
    const body = json(await payForItem(app, user, itemId, pm));
    assert.equal(body.requiresAction, true);

    // The same card again while the bank's step is pending: the same step, no new confirmation.
    const before = charges();
    const again = json(await payForItem(app, user, itemId, pm));
    assert.equal(again.paymentIntentId, body.paymentIntentId);
    assert.equal(again.clientSecret, body.clientSecret);
    assert.equal(charges(), before);

    const failed = await authenticateSandboxIntent(app, body, 'fail');
    assert.equal(failed.statusCode, 200);
    const failedIntent = json(failed);
    assert.equal(failedIntent.status, 'requires_payment_method');
    assert.equal(
      failedIntent.last_payment_error.message,
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    const read = json(await readIntent(app, user, body.paymentIntentId)).paymentIntent;
    assert.equal(read.status, 'requires_payment_method');
    assert.equal(read.failureMessage, failedIntent.last_payment_error.message);
    assert.equal((await buyerView(app, user, itemId)).exist, 'no');

    await assertPaidOnIntent(user, itemId, body.paymentIntentId);
  });

  it("refuses an amount that is not the item's price, and charges nothing", async () => {
    const { user, itemId } = await buyer();
    const price = await priceCents(app, itemId);
    const before = charges();
    const pm = await paymentMethod(app, CARDS.visa);
    // A whole number of cents that is not the sale's price: the market says the price now (409).
    // The product's one money format ('$140', '$1,649.06'), on both refusals.
    const now = formatPrice(price / 100);
    for (const amount of [price - 1, price + 50, 1]) {
      const response = await payForItem(app, user, itemId, pm, amount);
      assertPaymentRefused(
        response,
        409,
        `The price of this item is now ${now}. Nothing was charged.`,
      );
    }
    // Not an amount in cents at all: 400, before anything else.
    for (const amount of [price + 0.5, 0, -price]) {
      const response = await payForItem(app, user, itemId, pm, amount);
      assertPaymentRefused(
        response,
        400,
        `The amount does not match the item's price of ${now}. Nothing was charged.`,
      );
    }
    assert.equal(charges(), before);
    assert.deepEqual(await purchaseRows(app, user.user._id, itemId), {
      payments: 0,
      activities: 0,
      attempts: 0,
      paid: 0,
    });
  });

  it('checks ids, token, product, currency in that order, each with its own message', async () => {
    const { user, itemId } = await buyer();
    const other = await signup(app);
    const pm = await paymentMethod(app, CARDS.visa);
    const body = await cardBody(app, user, itemId, pm);
    const before = charges();

    for (const broken of [
      { ...body, userId: '' },
      { ...body, userId: undefined },
      { ...body, paymentDetails: { ...body.paymentDetails, payment_method_id: ' ' } },
      { ...body, paymentDetails: undefined },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/card/pay-with-card',
        payload: broken,
      });
      assertPaymentRefused(response, 400, 'User ID and Payment ID are required');
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/card/pay-with-card',
      payload: body,
    });
    assert.equal(anonymous.statusCode, 401);
    assert.equal(json(anonymous).error, API_MESSAGES.authRequired);

    const someoneElse = await payWithCard(app, other, body);
    assert.equal(someoneElse.statusCode, 403);
    assert.equal(json(someoneElse).message, API_MESSAGES.forbiddenUser);

    const noProduct = await payWithCard(app, user, { ...body, productId: '' });
    assert.equal(noProduct.statusCode, 400);
    assert.equal(json(noProduct).message, 'Product ID is  required');

    for (const productId of ['999999', 'nope']) {
      const unknown = await payWithCard(app, user, { ...body, productId });
      assert.equal(unknown.statusCode, 404);
      assert.equal(json(unknown).error, 'Product not found');
    }
    const euros = await payWithCard(app, user, {
      ...body,
      paymentDetails: { ...body.paymentDetails, currency: 'eur' },
    });
    assert.equal(euros.statusCode, 400);
    assert.equal(json(euros).message, 'Only payments in usd are accepted');

    const wrongType = await payWithCard(app, user, {
      ...body,
      paymentDetails: { ...body.paymentDetails, amount: '12.50' },
    });
    assert.equal(wrongType.statusCode, 400);
    assert.equal(json(wrongType).success, false);

    assert.equal(charges(), before);
    assert.equal((await purchaseRows(app, user.user._id, itemId)).attempts, 0);
  });

  it("answers 'Sorry you have already purchased it' (409) for an owned item, without a charge", async () => {
    const { user, itemId } = await buyer();
    const pm = await paymentMethod(app, CARDS.visa);
    assert.equal((await payForItem(app, user, itemId, pm)).statusCode, 200);
    const before = charges();
    const owned = await payBySandboxCard(app, user, itemId, CARDS.mastercard);
    assertPaymentRefused(owned, 409, MESSAGES.alreadyPurchased);
    assert.equal(charges(), before);
  });

  it('charges once for a replayed request', async () => {
    const { user, itemId } = await buyer();
    const body = await cardBody(app, user, itemId, await paymentMethod(app, CARDS.visa));
    const before = charges();
    const first = await payWithCard(app, user, body);
    const replay = await payWithCard(app, user, body);
    assert.equal(first.statusCode, 200);
    assert.equal(replay.statusCode, 409);
    assert.equal(json(replay).message, MESSAGES.alreadyPurchased);
    assert.equal(charges() - before, 1);
    assert.equal(await sandboxCharges(app, user.user._id, itemId), 1);
    assert.equal((await purchaseRows(app, user.user._id, itemId)).payments, 1);
  });

  it('gives 20 concurrent pay requests for the same order one charge and one purchase', async () => {
    const { user, itemId } = await buyer();
    const body = await cardBody(app, user, itemId, await paymentMethod(app, CARDS.visa));
    const before = { ...calls };
    const responses = await payAtOnce(app, user, body, calls, 150);
    assertStatuses(responses, [200, 409], '20 pay requests');
    const successes = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => json(r) as { payment: { id: string } });
    assert.ok(successes.length >= 1);
    assert.equal(new Set(successes.map((s) => s.payment.id)).size, 1, 'the same payment for all');
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      assert.equal(json(refused).message, MESSAGES.alreadyPurchased);
    }
    assert.equal(calls.create - before.create, 1, 'one call to the provider');
    assert.equal(calls.confirm - before.confirm, 0);
    assert.equal(await sandboxCharges(app, user.user._id, itemId), 1);
    assert.deepEqual(await purchaseRows(app, user.user._id, itemId), ONE_PURCHASE);
  });
});

describe('POST /payment/create-payment-intent and the embedded flow (sandbox)', () => {
  it('creates one open intent per order and reuses it, even for concurrent calls', async () => {
    const { user, itemId } = await buyer();
    const before = charges();
    const first = await createIntent(app, user, itemId);
    assert.equal(first.statusCode, 200);
    const body = json(first);
    assert.equal(body.success, true);
    assert.equal(body.provider, 'sandbox');
    assert.equal(body.amount, await priceCents(app, itemId));
    assert.equal(body.currency, 'usd');
    assert.ok(body.clientSecret.startsWith(`${body.paymentIntentId}_secret_`));

    const again = await Promise.all(
      Array.from({ length: 5 }, () => createIntent(app, user, itemId)),
    );
    assertStatuses(again, [200], '5 intents at once');
    for (const response of again) {
      assert.equal(json(response).clientSecret, body.clientSecret, saw(again));
    }
    assert.equal(charges() - before, 1);
    assert.equal((await purchaseRows(app, user.user._id, itemId)).attempts, 1);
    // Abandoned: nothing recorded, the item stays buyable.
    assert.equal((await buyerView(app, user, itemId)).exist, 'no');
    const read = json(await readIntent(app, user, body.paymentIntentId)).paymentIntent;
    assert.equal(read.status, 'requires_payment_method');
    assert.equal(read.failureMessage, null);
  });

  it('records the purchase when the browser confirms with a good card', async () => {
    const { user, itemId } = await buyer();
    const intent = json(await createIntent(app, user, itemId));
    const declined = await confirmSandboxIntent(app, intent, CARDS.declined);
    assert.equal(declined.statusCode, 402);
    assert.equal(json(declined).message, 'Your card was declined.');
    assert.equal(
      json(await readIntent(app, user, intent.paymentIntentId)).paymentIntent.status,
      'requires_payment_method',
    );
    assert.equal((await buyerView(app, user, itemId)).exist, 'no');

    const confirmed = await confirmSandboxIntent(app, intent, CARDS.visa);
    assert.equal(confirmed.statusCode, 200);
    assert.equal(json(confirmed).status, 'succeeded');
    assert.equal(json(confirmed).next_action, null);
    const seen = await buyerView(app, user, itemId);
    assert.equal(seen.exist, 'yes');
    assert.equal(seen.history.length, 1);
    assert.equal(seen.collection.length, 1);
    const read = json(await readIntent(app, user, intent.paymentIntentId)).paymentIntent;
    assert.equal(read.status, 'succeeded');
    assert.equal(read.productId, String(itemId));
    assert.equal((await purchaseRows(app, user.user._id, itemId)).payments, 1);

    const afterwards = await createIntent(app, user, itemId);
    assert.equal(afterwards.statusCode, 409);
    assert.equal(json(afterwards).error, MESSAGES.alreadyPurchased);
  });

  it('records the purchase on the status read when nothing else told the API (like a lost webhook)', async () => {
    const { user, itemId } = await buyer();
    const intent = json(await createIntent(app, user, itemId));
    const sandbox = app.sandboxProvider;
    assert.ok(sandbox !== null);
    // The provider's state changes behind the API's back.
    await sandbox.confirmWithClientSecret(
      intent.paymentIntentId,
      intent.clientSecret,
      await paymentMethod(app, CARDS.visa),
    );
    assert.equal((await buyerView(app, user, itemId)).exist, 'no');
    const reads = await Promise.all(
      Array.from({ length: 3 }, () => readIntent(app, user, intent.paymentIntentId)),
    );
    assertStatuses(reads, [200], '3 reads at once');
    for (const read of reads)
      assert.equal(json(read).paymentIntent.status, 'succeeded', saw(reads));
    assert.equal((await buyerView(app, user, itemId)).exist, 'yes');
    assert.deepEqual(await purchaseRows(app, user.user._id, itemId), ONE_PURCHASE);
  });

  it('lets the card form pay an intent opened for the embedded element (one intent, one charge)', async () => {
    const { user, itemId } = await buyer();
    const intent = json(await createIntent(app, user, itemId));
    await assertPaidOnIntent(user, itemId, intent.paymentIntentId);
  });

  it('checks the body, token, amount and ownership', async () => {
    const { user, itemId } = await buyer();
    const other = await signup(app);
    const price = await priceCents(app, itemId);
    const base = {
      amount: price,
      userId: user.user._id,
      productId: String(itemId),
      currency: 'usd',
    };
    const post = (payload: object, headers = user.auth) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payment/create-payment-intent',
        headers,
        payload,
      });

    for (const payload of [
      { ...base, userId: '' },
      { ...base, amount: undefined },
      { ...base, productId: undefined },
    ]) {
      const response = await post(payload);
      assertPaymentRefused(response, 400, 'User data , amount and item details are required');
    }
    const byGameId = await post({ ...base, productId: undefined, gameId: String(itemId) });
    assert.equal(byGameId.statusCode, 200);
    assert.equal((await post(base, {} as typeof user.auth)).statusCode, 401);
    assert.equal((await post(base, other.auth)).statusCode, 403);
    const wrong = await post({ ...base, amount: price + 1 });
    assert.equal(wrong.statusCode, 409);
    assert.match(json(wrong).message, /^The price of this item is now \$.*Nothing was charged\.$/);
    const notCents = await post({ ...base, amount: price + 0.5 });
    assert.equal(notCents.statusCode, 400);
    assert.match(json(notCents).message, /^The amount does not match the item's price of \$/);
    assert.equal((await post({ ...base, currency: 'EUR' })).statusCode, 400);
  });
});

describe('GET /payment/payment-intent/:id', () => {
  it("answers 404 'Payment not found' for someone else's or an unknown intent", async () => {
    const { user, itemId } = await buyer();
    const other = await signup(app);
    const intent = json(await createIntent(app, user, itemId));
    for (const [who, id] of [
      [other, intent.paymentIntentId],
      [user, 'pi_unknown'],
    ] as const) {
      const response = await readIntent(app, who, id);
      assert.equal(response.statusCode, 404);
      assert.equal(json(response).message, 'Payment not found');
    }
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/v1/payment/payment-intent/${intent.paymentIntentId}`,
    });
    assert.equal(anonymous.statusCode, 401);
  });
});

describe('GET /collection/:userId', () => {
  it('lists the items bought (owned) newest first, by kind, in pages; empty and foreign ids answered', async () => {
    const user = await signup(app);
    const empty = json(await readAs(app, user, `/api/v1/collection/${user.user._id}`));
    assert.deepEqual(empty, { success: true, message: 'No items yet', data: [], nextCursor: null });

    const land = json(await app.inject({ method: 'GET', url: '/api/v1/land/getland?limit=1' }))
      .data[0];
    const bought = [61, 62, Number(land.id)];
    for (const itemId of bought) {
      const pm = await paymentMethod(app, CARDS.visa);
      assert.equal((await payForItem(app, user, itemId, pm)).statusCode, 200);
    }
    const url = `/api/v1/collection/${user.user._id}`;
    const all = json(await app.inject({ method: 'GET', url, headers: user.auth }));
    assert.equal(all.message, 'Collection fetched');
    assert.deepEqual(
      all.data.map((i: { id: string }) => Number(i.id)),
      [...bought].reverse(),
    );
    assert.deepEqual(Object.keys(all.data[0]).sort(), [
      '_id',
      'attributes',
      'description',
      'id',
      'image',
      'kind',
      'listed',
      'listedAt',
      'ownerId',
      'price',
      'serialNumber',
      'title',
    ]);
    for (const owned of all.data) {
      assert.equal(owned.ownerId, user.user._id);
      assert.equal(owned.listed, false, 'a bought item is not for sale until its owner lists it');
    }
    const lands = json(
      await app.inject({ method: 'GET', url: `${url}?kind=land`, headers: user.auth }),
    );
    assert.deepEqual(
      lands.data.map((i: { id: string }) => i.id),
      [land.id],
    );

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { id: string }[]; nextCursor: string | null } = json(
        await app.inject({
          method: 'GET',
          url: `${url}?limit=1${cursor === null ? '' : `&cursor=${cursor}`}`,
          headers: user.auth,
        }),
      );
      pages.push(...page.data.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    assert.deepEqual(pages.map(Number), [...bought].reverse());

    const other = await signup(app);
    assert.equal((await app.inject({ method: 'GET', url, headers: other.auth })).statusCode, 403);
    assert.equal((await app.inject({ method: 'GET', url })).statusCode, 401);
    const badKind = await app.inject({
      method: 'GET',
      url: `${url}?kind=ship`,
      headers: user.auth,
    });
    assert.equal(badKind.statusCode, 400);
  });
});

describe('GET /payment/config', () => {
  it('names the sandbox when no Stripe key is set; the webhook route does not exist', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/payment/config' });
    assert.deepEqual(json(response), { success: true, provider: 'sandbox' });
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      payload: {},
    });
    assert.equal(webhook.statusCode, 404);
  });
});
