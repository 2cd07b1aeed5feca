/**
 * Shared steps of the payment tests: sandbox payment methods, the card form's request, reading
 * what a buyer sees afterwards, and counting what reached the provider and the database.
 */
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PaymentProvider } from '../src/lib/payments/provider';
import { json, type signup } from './helpers';

export type User = Awaited<ReturnType<typeof signup>>;

export const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  authentication: '4000 0027 6000 3184',
} as const;

/** A sandbox payment method for a card (as the card form would make one). */
export async function paymentMethod(app: FastifyInstance, number: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/payment/sandbox/payment-methods',
    payload: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
  });
  if (response.statusCode !== 200) throw new Error(`payment method refused: ${response.body}`);
  return json(response).id as string;
}

/** An item's price in cents, as the catalogue shows it. */
export async function priceCents(app: FastifyInstance, itemId: number): Promise<number> {
  const item = json(await app.inject({ method: 'GET', url: `/api/v1/search/item/${itemId}` })).data;
  return Math.round(item.price * 100);
}

/** The card form's request body for an item. */
export async function cardBody(
  app: FastifyInstance,
  user: User,
  itemId: number,
  paymentMethodId: string,
  amount?: number,
) {
  return {
    userId: user.user._id,
    userInfo: { name: 'Test Pilot', email: user.email },
    gameDetails: { gameId: String(itemId), serialNumber: 'x', title: 'x', price: 1 },
    paymentDetails: {
      amount: amount ?? (await priceCents(app, itemId)),
      payment_method_id: paymentMethodId,
      currency: 'usd',
    },
    provider: 'card',
    productId: String(itemId),
  };
}

/**
 * A refused payment as the API words it: the status, and `{ success: false, message, error }`
 * with the same words in both (and any more fields it names, such as a card's decline code).
 */
export function assertPaymentRefused(
  response: LightMyRequestResponse,
  status: number,
  message: string,
  more: object = {},
): void {
  assert.equal(response.statusCode, status);
  assert.deepEqual(json(response), { success: false, message, error: message, ...more });
}

/** A signed-in read of the user's own (a GET with their token). */
export function readAs(app: FastifyInstance, user: Pick<User, 'auth'>, url: string) {
  return app.inject({ method: 'GET', url, headers: user.auth });
}

export function payWithCard(app: FastifyInstance, user: User, body: object) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/card/pay-with-card',
    headers: user.auth,
    payload: body,
  });
}

/** Pays for an item by the card form with a payment method (at the catalogue price by default). */
export async function payForItem(
  app: FastifyInstance,
  user: User,
  itemId: number,
  paymentMethodId: string,
  amount?: number,
) {
  return payWithCard(app, user, await cardBody(app, user, itemId, paymentMethodId, amount));
}

/** Pays for an item by the card form with a new sandbox payment method for a card number. */
export async function payBySandboxCard(
  app: FastifyInstance,
  user: User,
  itemId: number,
  number: string,
) {
  return payForItem(app, user, itemId, await paymentMethod(app, number));
}

/**
 * `count` pay requests at once with one body, each call to the provider delayed by `latencyMs`
 * (so that they really overlap); the delay is lifted afterwards.
 */
export async function payAtOnce(
  app: FastifyInstance,
  user: User,
  body: object,
  calls: { latencyMs: number },
  latencyMs: number,
  count = 20,
) {
  calls.latencyMs = latencyMs;
  return Promise.all(Array.from({ length: count }, () => payWithCard(app, user, body))).finally(
    () => (calls.latencyMs = 0),
  );
}

/** What the browser does in the sandbox: confirms an open intent with a card number. */
export async function confirmSandboxIntent(
  app: FastifyInstance,
  intent: { paymentIntentId: string; clientSecret: string },
  number: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/payment-intents/${intent.paymentIntentId}/confirm`,
    payload: {
      client_secret: intent.clientSecret,
      payment_method: await paymentMethod(app, number),
    },
  });
}

/** The sandbox's bank step of an intent that asks for authentication: completed or failed. */
export function authenticateSandboxIntent(
  app: FastifyInstance,
  intent: { paymentIntentId: string; clientSecret: string },
  outcome: 'complete' | 'fail',
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/payment-intents/${intent.paymentIntentId}/authenticate`,
    payload: { client_secret: intent.clientSecret, outcome },
  });
}

export async function createIntent(app: FastifyInstance, user: User, itemId: number) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/payment/create-payment-intent',
    headers: user.auth,
    payload: {
      amount: await priceCents(app, itemId),
      userId: user.user._id,
      gameId: String(itemId),
      gameTitle: 'x',
      serialNumber: 'x',
      currency: 'usd',
      email: user.email,
      productId: String(itemId),
    },
  });
}

export function readIntent(app: FastifyInstance, user: User, id: string) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/payment/payment-intent/${id}`,
    headers: user.auth,
  });
}

/** The purchase check (POST /game/create) of `user` for an item: 'yes' when they own it. */
export function checkPurchase(app: FastifyInstance, user: User, itemId: number) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/game/create',
    headers: user.auth,
    payload: { userId: user.user._id, productId: String(itemId) },
  });
}

/** What the buyer sees of an item after paying (or not): the purchase check, history, collection. */
export async function buyerView(app: FastifyInstance, user: User, itemId: number) {
  const check = json(await checkPurchase(app, user, itemId));
  const history = json(await readAs(app, user, `/api/v1/history/history/${user.user._id}`));
  const collection = json(await readAs(app, user, `/api/v1/collection/${user.user._id}`));
  const activity = json(await readAs(app, user, `/api/v1/activity/${user.user._id}`));
  return {
    exist: check.exist as 'yes' | 'no',
    history: history.data as { gameTitle: string; amount: number }[],
    collection: collection.data as { id: string; title: string }[],
    ownActivity: activity.data as { name: string; buyer: string; type: string }[],
  };
}

/**
 * Counts the calls that reach the provider (create and confirm are what can charge). Setting
 * `latencyMs` delays each call, as a real provider's network round trip would, so concurrent
 * requests really overlap with the one calling the provider.
 */
export function countProviderCalls(provider: PaymentProvider) {
  const counts = { create: 0, confirm: 0, retrieve: 0, latencyMs: 0 };
  const pause = () => new Promise((resolve) => setTimeout(resolve, counts.latencyMs));
  const create = provider.createIntent.bind(provider);
  const confirm = provider.confirmIntent.bind(provider);
  const retrieve = provider.retrieveIntent.bind(provider);
  provider.createIntent = async (input) => {
    counts.create += 1;
    await pause();
    return create(input);
  };
  provider.confirmIntent = async (id, input) => {
    counts.confirm += 1;
    await pause();
    return confirm(id, input);
  };
  provider.retrieveIntent = async (id) => {
    counts.retrieve += 1;
    await pause();
    return retrieve(id);
  };
  return counts;
}

/**
 * Rows about one user's purchase of one item, straight from the database. `activities` counts
 * the 'Sale' rows (a sale also writes a 'Transfer' row: the item changed hands).
 */
export async function purchaseRows(app: FastifyInstance, userId: string, itemId: number) {
  const [row] = await app.database.rows<{
    payments: number;
    activities: number;
    attempts: number;
    paid: number;
  }>(sql`
    select
      (select count(*)::int from payments where user_id = ${userId} and item_id = ${itemId}) as payments,
      (select count(*)::int from activities where buyer_id = ${userId} and item_id = ${itemId} and type = 'Sale') as activities,
      (select count(*)::int from payment_attempts where user_id = ${userId} and item_id = ${itemId}) as attempts,
      (select count(*)::int from orders where user_id = ${userId} and item_id = ${itemId} and status = 'paid') as paid`);
  if (row === undefined) throw new Error('no counts');
  return row;
}

/** `purchaseRows` of a purchase recorded once: one payment, one sale, one attempt, one paid order. */
export const ONE_PURCHASE = { payments: 1, activities: 1, attempts: 1, paid: 1 } as const;

/** How many times the sandbox charged for one user's item (a charge happens on success only). */
export async function sandboxCharges(app: FastifyInstance, userId: string, itemId: number) {
  const [row] = await app.database.rows<{ charges: number }>(sql`
    select coalesce(sum(charge_count), 0)::int as charges from sandbox_payment_intents
    where metadata->>'userId' = ${userId} and metadata->>'itemId' = ${String(itemId)}`);
  return row?.charges ?? 0;
}
