/**
 * Steps of the market tests: listing, offering and buying as the site does, and reading what
 * the database holds (owner, listings, ledger, charges) to check the market's invariants.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HOUSE_USER_ID } from '../src/db/schema';
import assert from 'node:assert/strict';
import { json, signup } from './helpers';
import { cardBody, CARDS, paymentMethod, payWithCard, readAs, type User } from './payments-helpers';

export { HOUSE_USER_ID };

/** Items of the seeded catalogue that the house owns and lists (the seed's story leaves them). */
export const HOUSE_NFA = 2;
export const HOUSE_NFA_2 = 3;
export const HOUSE_LAND = 122;

/**
 * What a race saw, for its assertion messages: every answer's status and body, one a line, so a
 * red run names the answer that broke the contract.
 */
export const saw = (answers: readonly { statusCode: number; body: string }[]): string =>
  answers.map((r, i) => `  #${i} ${r.statusCode} ${r.body.slice(0, 300)}`).join('\n');

/** Asserts every answer's status is one of `allowed`, printing them all when one is not. */
export function assertStatuses(
  answers: readonly { statusCode: number; body: string }[],
  allowed: readonly number[],
  what: string,
): void {
  const outside = answers.filter((r) => !allowed.includes(r.statusCode));
  if (outside.length > 0) {
    throw new Error(
      `${what}: ${outside.length} of ${answers.length} answers outside ${allowed.join('/')}:\n${saw(answers)}`,
    );
  }
}

/** A listing or an offer: the same body (item, price, how long it runs) to its own path. */
function postPriced(
  path: 'listings' | 'offers',
  app: FastifyInstance,
  user: User,
  itemId: number | string,
  price: unknown,
  expiresIn: unknown,
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/market/${path}`,
    headers: user.auth,
    payload: { itemId: String(itemId), price, expiresIn },
  });
}

export function list(
  app: FastifyInstance,
  user: User,
  itemId: number | string,
  price: unknown,
  expiresIn: unknown = '6 Months',
) {
  return postPriced('listings', app, user, itemId, price, expiresIn);
}

export function reprice(app: FastifyInstance, user: User, listingId: string, price: unknown) {
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/market/listings/${listingId}`,
    headers: user.auth,
    payload: { price },
  });
}

export function cancelListings(app: FastifyInstance, user: User, ids: string[]) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/market/listings/cancel',
    headers: user.auth,
    payload: { ids },
  });
}

export function offer(
  app: FastifyInstance,
  user: User,
  itemId: number,
  price: unknown,
  expiresIn: unknown = '6 Hours',
) {
  return postPriced('offers', app, user, itemId, price, expiresIn);
}

/** The offers `user` made or received, as their page reads them (newest first). */
export async function offersOf(app: FastifyInstance, user: User, side: 'made' | 'received') {
  const answer = await readAs(app, user, `/api/v1/market/offers/${side}/${user.user._id}`);
  return json(answer).data as { _id: string; offer: number; from: string; status: string }[];
}

export function answerOffer(
  app: FastifyInstance,
  user: User,
  offerId: string,
  action: 'accept' | 'decline' | 'cancel',
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/market/offers/${offerId}/${action}`,
    headers: user.auth,
    payload: {},
  });
}

export async function balance(app: FastifyInstance, user: User): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/market/balance/${user.user._id}`,
    headers: user.auth,
  });
  return json(response).balanceCents as number;
}

/** The item as its detail page reads it. */
export async function detail(app: FastifyInstance, itemId: number) {
  return json(await app.inject({ method: 'GET', url: `/api/v1/search/item/${itemId}` })).data as {
    price: number;
    listed: boolean;
    owner: string;
    ownerId: string;
    market: {
      owner: { id: string; name: string };
      listing: { _id: string; price: number } | null;
      offers: number;
      reservedUntil: string | null;
    };
  };
}

/** Pays for an item by card at `amountCents` (default: the price the detail page shows). */
export async function buy(
  app: FastifyInstance,
  user: User,
  itemId: number,
  amountCents?: number,
  card: string = CARDS.visa,
) {
  const method = await paymentMethod(app, card);
  return payWithCard(app, user, await cardBody(app, user, itemId, method, amountCents));
}

/** A new user who bought the item from its owner (the house, in a fresh test database). */
export async function owning(app: FastifyInstance, itemId: number): Promise<User> {
  const user = await signup(app);
  const response = await buy(app, user, itemId);
  assert.equal(response.statusCode, 200, response.body);
  return user;
}

/** The newest market event's id (0 when there is none). */
export async function lastEventId(app: Pick<FastifyInstance, 'database'>): Promise<number> {
  const [row] = await app.database.rows<{ id: string | number | null }>(
    sql`select max(id) as id from market_events`,
  );
  return Number(row?.id ?? 0);
}

/** What the database says about an item's market: owner, active listings, sales and charges. */
export async function marketRows(app: FastifyInstance, itemId: number) {
  const [row] = await app.database.rows<{
    owner: string;
    active_listings: number;
    paid_orders: number;
    pending_orders: number;
    sales: number;
    charges: number;
    unbalanced: number;
  }>(sql`
    select
      (select owner_id::text from items where id = ${itemId}) as owner,
      (select count(*)::int from listings where item_id = ${itemId} and status = 'active') as active_listings,
      (select count(*)::int from orders where item_id = ${itemId} and status = 'paid') as paid_orders,
      (select count(*)::int from orders where item_id = ${itemId} and status = 'pending') as pending_orders,
      (select count(*)::int from activities where item_id = ${itemId} and type = 'Sale') as sales,
      (select coalesce(sum(charge_count), 0)::int from sandbox_payment_intents
         where metadata->>'itemId' = ${String(itemId)}) as charges,
      (select count(*)::int from (select transaction_id from ledger_entries
         group by transaction_id having sum(amount_cents) <> 0) as t) as unbalanced`);
  if (row === undefined) throw new Error('no rows');
  return row;
}

/** Credits of one order in the ledger (one sale transaction per order). */
export async function saleCredits(app: FastifyInstance, itemId: number) {
  const [row] = await app.database.rows<{ transactions: number }>(sql`
    select count(*)::int as transactions from ledger_transactions t
    join orders o on o.id = t.order_id where o.item_id = ${itemId} and t.kind = 'sale'`);
  return row?.transactions ?? 0;
}
