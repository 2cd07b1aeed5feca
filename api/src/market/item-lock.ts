/**
 * The item under its lock. Every decision about an item is taken in a transaction that first
 * locks the item's row (`lockItem`), so the decisions about an item happen one after the other,
 * on every driver and API instance; the lock order is always item → order → payment attempt
 * (the payments repository and the settlement follow it too), so two transactions never wait
 * for each other. Under the lock, `closeLapsed` writes down what time already decided (listings
 * and offers past their end, with their events), and `setItemListing` keeps the item's copy of
 * its active listing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { rowsOf } from '../db/client';
import { items, listings, offers } from '../db/schema';
import { recordEvents } from './events';
import { refused, type Refusal } from './refusals';
import { lapsedListing, lapsedOffer, liveListing } from './rules';

/** The locked item, as the market's decisions read it. */
export type ItemLock = Pick<
  typeof items.$inferSelect,
  'id' | 'kind' | 'title' | 'ownerId' | 'priceCents' | 'listingId'
>;
export type ListingRow = typeof listings.$inferSelect;

/**
 * Locks the item's row: every decision about the item is taken under this lock. FOR NO KEY
 * UPDATE, not FOR UPDATE: rows that refer to the item (listings, offers, orders, activity) take
 * a key-share lock on it when they are written, which FOR UPDATE would make wait.
 */
export async function lockItem(tx: Tx, itemId: number): Promise<ItemLock | undefined> {
  const [row] = await tx
    .select({
      id: items.id,
      kind: items.kind,
      title: items.title,
      ownerId: items.ownerId,
      priceCents: items.priceCents,
      listingId: items.listingId,
    })
    .from(items)
    .where(eq(items.id, itemId))
    .for('no key update');
  return row;
}

/**
 * Writes down what time decided on this item: listings and offers past their end, each told by
 * its event (`listing.expired`, `offer.expired`) when it is written down.
 */
export async function closeLapsed(tx: Tx, item: ItemLock, at: Date): Promise<void> {
  // One statement (one round trip on every market write): the listing's and the offers' ends,
  // and the item's pointer when its listing is the one that ended. Under the item's lock, so
  // the statement's snapshot already holds every change made to the item's rows before it.
  const stamp = at.toISOString();
  const ended = await rowsOf<{
    what: 'listing' | 'offer';
    id: string;
    user_id: string;
    price_cents: number;
  }>(
    tx,
    sql`
    with ended_listings as (
      update ${listings}
      set status = 'expired', closed_at = ${stamp}, updated_at = ${stamp}
      where item_id = ${item.id} and ${lapsedListing(at)}
      returning id, seller_id, price_cents
    ), ended_offers as (
      update ${offers}
      set status = 'expired', closed_at = ${stamp}, updated_at = ${stamp}
      where item_id = ${item.id} and ${lapsedOffer(at)}
      returning id, buyer_id, price_cents
    ), unlisted as (
      update ${items} set listing_id = null, listing_ends_at = null
      where id = ${item.id} and listing_id in (select id from ended_listings)
      returning id
    )
    select 'listing' as what, id, seller_id as user_id, price_cents from ended_listings
    union all
    select 'offer' as what, id, buyer_id as user_id, price_cents from ended_offers
    order by what, id`,
  );
  if (ended.length === 0) return;
  if (ended.some((row) => row.what === 'listing' && row.id === item.listingId)) {
    item.listingId = null;
  }
  await recordEvents(
    tx,
    ended.map((row) =>
      row.what === 'listing'
        ? {
            kind: 'listing.expired',
            item,
            sellerId: row.user_id,
            listingId: row.id,
            amountCents: row.price_cents,
            at,
          }
        : {
            kind: 'offer.expired',
            item,
            sellerId: item.ownerId,
            buyerId: row.user_id,
            offerId: row.id,
            amountCents: row.price_cents,
            at,
          },
    ),
  );
}

/** The item's live listing (rules.ts): active, its end not come. */
export async function activeListing(q: Tx | Database['db'], itemId: number, at: Date) {
  const [row] = await q
    .select()
    .from(listings)
    .where(and(eq(listings.itemId, itemId), liveListing(at)));
  return row;
}

/** Points the item at its active listing (or none): every list shows it without a join. */
export async function setItemListing(tx: Tx, itemId: number, listing: ListingRow | null, at: Date) {
  await tx
    .update(items)
    .set(
      listing === null
        ? { listingId: null, listingEndsAt: null }
        : {
            listingId: listing.id,
            listingEndsAt: listing.expiresAt,
            priceCents: listing.priceCents,
            listedAt: at,
          },
    )
    .where(eq(items.id, itemId));
}

/**
 * Finds a listing or an offer, locks its item, lets `check` refuse (who may act), and writes
 * down what time decided: the row as it is then, with the locked item.
 */
export async function lockRow<Row extends { itemId: number }>(
  tx: Tx,
  read: () => Promise<Row | undefined>,
  notFound: 'listingNotFound' | 'offerNotFound',
  at: Date,
  check: (found: Row, item: ItemLock) => Refusal | null,
): Promise<Refusal | { kind: 'locked'; row: Row; item: ItemLock }> {
  const found = await read();
  if (found === undefined) return refused(notFound);
  const item = await lockItem(tx, found.itemId);
  if (item === undefined) return refused('itemNotFound');
  const refusal = check(found, item);
  if (refusal !== null) return refusal;
  await closeLapsed(tx, item, at);
  const row = await read();
  return row === undefined ? refused(notFound) : { kind: 'locked', row, item };
}

export const readOffer = (tx: Tx, id: string) => async () =>
  (await tx.select().from(offers).where(eq(offers.id, id)))[0];
export const readListing = (tx: Tx, id: string) => async () =>
  (await tx.select().from(listings).where(eq(listings.id, id)))[0];
