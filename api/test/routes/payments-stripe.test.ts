/**
 * The Stripe provider: the real `stripe` SDK against a loopback server that answers in Stripe's
 * API format, and webhooks signed by the SDK's own test-header helper.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { MESSAGES } from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { startFakeStripe } from '../fake-stripe';
import { buildTestApp, json, signup } from '../helpers';
import {
  assertPaymentRefused,
  buyerView,
  cardBody,
  countProviderCalls,
  createIntent,
  ONE_PURCHASE,
  payAtOnce,
  payForItem,
  priceCents,
  purchaseRows,
  readIntent,
} from '../payments-helpers';

const WEBHOOK_SECRET = 'whsec_test_hypertek_loopback';
const SECRET_KEY = 'sk_test_hypertek_loopback';

const fake = await startFakeStripe();
after(() => fake.close());
const app = await buildTestApp(
  { after },
  {
    payments: {
      provider: 'stripe',
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiAddress: { protocol: 'http', host: '127.0.0.1', port: fake.port },
    },
  },
);
const calls = countProviderCalls(app.payments.provider);

let nextItem = 20;
async function buyer() {
  return { user: await signup(app), itemId: nextItem++ };
}

const intentPosts = (key: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.idempotencyKey?.startsWith(key) === true);

/** An event as Stripe sends it, signed with the endpoint's secret by the SDK's own helper. */
function signedEvent(id: string, type: string, intent: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(
    {
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: intent },
    },
    null,
    2,
  );
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

const postWebhook = (payload: string, header?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/payment/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header === undefined ? {} : { 'stripe-signature': header }),
    },
    payload,
  });

/** What Stripe.js does in the browser with a client secret: confirm the intent at Stripe. */
async function confirmInBrowser(intentId: string, paymentMethod: string) {
  const response = await fetch(
    `http://127.0.0.1:${fake.port}/v1/payment_intents/${intentId}/confirm`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_method: paymentMethod }),
    },
  );
  return response.json() as Promise<Record<string, unknown>>;
}

describe('payments with the Stripe provider (loopback Stripe API)', () => {
  it('names the provider, and the sandbox routes do not exist', async () => {
    assert.deepEqual(json(await app.inject({ method: 'GET', url: '/api/v1/payment/config' })), {
      success: true,
      provider: 'stripe',
    });
    const sandbox = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/sandbox/payment-methods',
      payload: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
    });
    assert.equal(sandbox.statusCode, 404);
  });

  it('creates and confirms one PaymentIntent with our idempotency key, and records the purchase', async () => {
    const { user, itemId } = await buyer();
    const response = await payForItem(app, user, itemId, 'pm_card_visa');
    assert.equal(response.statusCode, 200);
    const payment = json(response).payment;
    assert.equal(payment.provider, 'stripe');
    assert.deepEqual(payment.card, { brand: 'visa', last4: '4242' });

    const [create, ...others] = fake.requests.filter(
      (r) =>
        r.body.metadata !== undefined &&
        (r.body.metadata as { userId?: string }).userId === user.user._id,
    );
    assert.equal(others.length, 0);
    assert.ok(create !== undefined);
    assert.equal(create.path, '/v1/payment_intents');
    assert.equal(create.authorization, `Bearer ${SECRET_KEY}`);
    assert.equal(create.idempotencyKey, `hypertek:order:${payment.orderId}:attempt:1`);
    assert.equal(create.body.amount, String(await priceCents(app, itemId)));
    assert.equal(create.body.currency, 'usd');
    assert.equal(create.body.confirm, 'true');
    assert.equal(create.body.payment_method, 'pm_card_visa');
    assert.equal(fake.intents.get(payment.paymentIntentId)?.charges, 1);

    const seen = await buyerView(app, user, itemId);
    assert.equal(seen.exist, 'yes');
    assert.equal(seen.history.length, 1);
    const [row] = await app.database.rows<{
      provider: string;
      provider_ref: string;
      currency: string;
    }>(
      sql`select provider, provider_ref, currency from payments where order_id = ${payment.orderId}`,
    );
    assert.deepEqual(row, {
      provider: 'stripe',
      provider_ref: payment.paymentIntentId,
      currency: 'usd',
    });
  });

  it("answers Stripe's decline, then confirms the same intent with the next card under a new key", async () => {
    const { user, itemId } = await buyer();
    const declined = await payForItem(app, user, itemId, 'pm_card_chargeDeclinedInsufficientFunds');
    assertPaymentRefused(declined, 402, 'Your card has insufficient funds.', {
      code: 'card_declined',
      declineCode: 'insufficient_funds',
    });
    assert.equal((await buyerView(app, user, itemId)).exist, 'no');

    const paid = await payForItem(app, user, itemId, 'pm_card_visa');
    assert.equal(paid.statusCode, 200);
    const { orderId, paymentIntentId } = json(paid).payment;
    const posts = intentPosts(`hypertek:order:${orderId}:`);
    assert.deepEqual(
      posts.map((r) => [r.path, r.idempotencyKey]),
      [
        ['/v1/payment_intents', `hypertek:order:${orderId}:attempt:1`],
        [
          `/v1/payment_intents/${paymentIntentId}/confirm`,
          `hypertek:order:${orderId}:attempt:1:confirm:1`,
        ],
      ],
    );
    assert.equal(fake.intents.get(paymentIntentId)?.charges, 1);
  });

  it('hands 3-D Secure to the browser; the status read records the outcome', async () => {
    const { user, itemId } = await buyer();
    const first = json(await payForItem(app, user, itemId, 'pm_card_authenticationRequired'));
    assert.equal(first.requiresAction, true);
    assert.equal(first.clientSecret, fake.intents.get(first.paymentIntentId)?.client_secret);

    fake.finishAuthentication(first.paymentIntentId, false);
    const failed = json(await readIntent(app, user, first.paymentIntentId)).paymentIntent;
    assert.equal(failed.status, 'requires_payment_method');
    assert.match(failed.failureMessage, /unable to authenticate/);
    assert.equal((await buyerView(app, user, itemId)).exist, 'no');

    const second = json(await payForItem(app, user, itemId, 'pm_card_authenticationRequired'));
    assert.equal(second.paymentIntentId, first.paymentIntentId, 'the same intent, confirmed again');
    fake.finishAuthentication(first.paymentIntentId, true);
    const done = json(await readIntent(app, user, first.paymentIntentId)).paymentIntent;
    assert.equal(done.status, 'succeeded');
    assert.equal((await buyerView(app, user, itemId)).exist, 'yes');
    assert.equal((await purchaseRows(app, user.user._id, itemId)).payments, 1);
  });

  it('answers 502 when Stripe fails, charges nothing, and the retry repeats the same key', async () => {
    const { user, itemId } = await buyer();
    const before = fake.intents.size;
    fake.failNext(3); // the first try and the SDK's two retries
    const down = await payForItem(app, user, itemId, 'pm_card_visa');
    assertPaymentRefused(
      down,
      502,
      'The payment provider is not reachable right now. Nothing was charged.',
    );
    assert.equal(fake.intents.size, before);
    assert.equal((await buyerView(app, user, itemId)).exist, 'no');

    const again = await payForItem(app, user, itemId, 'pm_card_visa');
    assert.equal(again.statusCode, 200);
    const { orderId } = json(again).payment;
    const keys = intentPosts(`hypertek:order:${orderId}:`).map((r) => r.idempotencyKey);
    assert.equal(keys.length, 4);
    assert.equal(new Set(keys).size, 1, 'every try carried the same idempotency key');
    assert.equal(fake.intents.size, before + 1);
  });

  it('gives 20 concurrent pay requests one PaymentIntent call and one purchase', async () => {
    const { user, itemId } = await buyer();
    const body = await cardBody(app, user, itemId, 'pm_card_visa');
    const requestsBefore = fake.requests.length;
    const createsBefore = calls.create;
    const responses = await payAtOnce(app, user, body, calls, 100);
    assert.ok(responses.every((r) => r.statusCode === 200 || r.statusCode === 409));
    const ids = new Set(
      responses.filter((r) => r.statusCode === 200).map((r) => json(r).payment.id as string),
    );
    assert.equal(ids.size, 1);
    assert.equal(calls.create - createsBefore, 1);
    assert.equal(fake.requests.length - requestsBefore, 1, 'one request reached Stripe');
    assert.deepEqual(await purchaseRows(app, user.user._id, itemId), ONE_PURCHASE);
  });

  it("creates the embedded element's intent with automatic payment methods and reuses it", async () => {
    const { user, itemId } = await buyer();
    const first = json(await createIntent(app, user, itemId));
    const second = json(await createIntent(app, user, itemId));
    assert.equal(second.clientSecret, first.clientSecret);
    assert.equal(first.provider, 'stripe');
    const creates = fake.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        (r.body.metadata as { userId?: string }).userId === user.user._id,
    );
    const [create, ...more] = creates;
    assert.ok(create !== undefined);
    assert.equal(more.length, 0);
    assert.deepEqual(create.body.automatic_payment_methods, { enabled: 'true' });
    assert.equal(create.body.confirm, undefined);
  });
});

describe('POST /payment/webhook', () => {
  it('refuses a missing, wrong or tampered signature with 400', async () => {
    const { user, itemId } = await buyer();
    const intent = json(await createIntent(app, user, itemId));
    const succeeded = await confirmInBrowser(intent.paymentIntentId, 'pm_card_visa');
    const good = signedEvent('evt_bad_1', 'payment_intent.succeeded', succeeded);
    const wrongSecret = signedEvent(
      'evt_bad_2',
      'payment_intent.succeeded',
      succeeded,
      'whsec_other',
    );
    for (const [payload, header] of [
      [good.payload, undefined],
      [good.payload, 't=1,v1=deadbeef'],
      [wrongSecret.payload, wrongSecret.header],
      // Same JSON, other bytes: only the raw body as signed verifies.
      [JSON.stringify(JSON.parse(good.payload)), good.header],
    ] as const) {
      const response = await postWebhook(payload, header);
      assert.equal(response.statusCode, 400);
      assert.equal(json(response).message, 'Invalid webhook signature');
    }
    assert.equal((await buyerView(app, user, itemId)).exist, 'no');
  });

  it('records the purchase on payment_intent.succeeded; the same event again changes nothing', async () => {
    const { user, itemId } = await buyer();
    const intent = json(await createIntent(app, user, itemId));
    const succeeded = await confirmInBrowser(intent.paymentIntentId, 'pm_card_visa');
    assert.equal(succeeded.status, 'succeeded');
    const event = signedEvent(`evt_ok_${itemId}`, 'payment_intent.succeeded', succeeded);
    const first = await postWebhook(event.payload, event.header);
    assert.equal(first.statusCode, 200);
    assert.deepEqual(json(first), { received: true });
    const seen = await buyerView(app, user, itemId);
    assert.equal(seen.exist, 'yes');
    assert.equal(seen.history.length, 1);
    // One sale, and the item's transfer to the buyer written with it (the sale leads).
    assert.deepEqual(
      seen.ownActivity.map((a) => a.type),
      ['Sale', 'Transfer'],
    );

    const retrieves = calls.retrieve;
    for (let i = 0; i < 3; i++) {
      const again = await postWebhook(event.payload, event.header);
      assert.equal(again.statusCode, 200);
    }
    assert.equal(calls.retrieve, retrieves);
    assert.deepEqual(await purchaseRows(app, user.user._id, itemId), ONE_PURCHASE);
    const [events] = await app.database.rows<{ n: number }>(
      sql`select count(*)::int as n from webhook_events where id = ${`evt_ok_${itemId}`}`,
    );
    assert.equal(events?.n, 1);
    // One sale, one credit: the house's ledger transaction for this order is written once.
    const [credits] = await app.database.rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions t join orders o on o.id = t.order_id
          where o.item_id = ${itemId} and o.user_id = ${user.user._id}`,
    );
    assert.equal(credits?.n, 1);
    // A status read afterwards agrees and records nothing more.
    assert.equal(
      json(await readIntent(app, user, intent.paymentIntentId)).paymentIntent.status,
      'succeeded',
    );
    assert.equal((await purchaseRows(app, user.user._id, itemId)).payments, 1);
  });

  it('notes payment_intent.payment_failed and leaves the item buyable', async () => {
    const { user, itemId } = await buyer();
    const intent = json(await createIntent(app, user, itemId));
    const declined = (await confirmInBrowser(intent.paymentIntentId, 'pm_card_chargeDeclined')) as {
      error: { payment_intent: object };
    };
    const event = signedEvent(
      `evt_failed_${itemId}`,
      'payment_intent.payment_failed',
      declined.error.payment_intent,
    );
    assert.equal((await postWebhook(event.payload, event.header)).statusCode, 200);
    const [attempt] = await app.database.rows<{ status: string; failure_message: string }>(
      sql`select status, failure_message from payment_attempts where provider_ref = ${intent.paymentIntentId}`,
    );
    assert.deepEqual(attempt, {
      status: 'requires_payment_method',
      failure_message: 'Your card was declined.',
    });
    assert.equal((await buyerView(app, user, itemId)).exist, 'no');
    const paid = await payForItem(app, user, itemId, 'pm_card_visa');
    assert.equal(paid.statusCode, 200);
    assert.equal(json(paid).payment.paymentIntentId, intent.paymentIntentId);
    const owned = await payForItem(app, user, itemId, 'pm_card_visa');
    assert.equal(json(owned).message, MESSAGES.alreadyPurchased);
  });

  it('acknowledges events about intents that are not ours, and other event types', async () => {
    const foreign = signedEvent('evt_foreign', 'payment_intent.succeeded', {
      id: 'pi_not_ours',
      object: 'payment_intent',
      amount: 100,
      currency: 'usd',
      status: 'succeeded',
      client_secret: 'pi_not_ours_secret_x',
      metadata: {},
      payment_method: null,
      last_payment_error: null,
      next_action: null,
    });
    assert.equal((await postWebhook(foreign.payload, foreign.header)).statusCode, 200);
    const other = signedEvent('evt_customer', 'customer.created', {
      id: 'cus_1',
      object: 'customer',
    });
    assert.equal((await postWebhook(other.payload, other.header)).statusCode, 200);
  });
});
