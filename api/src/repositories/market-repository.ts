/**
 * The secondary market: who owns each item, listings, offers, checkout holds and the ledger.
 *
 * Every decision about one item is taken in a transaction that first locks the item's row, so
 * the decisions about an item happen one after the other, on every driver and API instance; the
 * lock order is always item → order → payment attempt (the payments repository follows it too),
 * so two transactions never wait for each other. The rules that must hold whatever happens are
 * also the database's: one active listing per item, one pending order (checkout hold or offer
 * reservation) per item, one live offer per buyer and item, one accepted offer per item, one
 * ledger transaction per order (partial unique indexes), and, at commit, a balanced ledger, no
 * listing by a non-owner and an item pointing at exactly its active listing (migration 0006).
 * A paid order is settled by settlement.ts, the one settlement; every transaction here runs
 * through db/client.ts `transaction` (run again when the database gives it up).
 *
 * Time comes from the injected clock (tests move it), never from the database's now(): a listing
 * or an offer ends when its time has come, whether or not anything has marked it yet; the first
 * transaction that touches the item writes down what time already decided.
 */
import {
  type ListingStatus,
  type MarketListing,
  type MarketOffer,
  type OfferStatus,
  type ItemKind,
} from '@hypertek/shared/contract';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { isUniqueViolation, rowsOf, transaction as runTransaction } from '../db/client';
import {
  HOUSE_USER_ID,
  items,
  ledgerEntries,
  listings,
  offers,
  orders,
  paymentAttempts,
  users,
  type ListingRowStatus,
  type OfferRowStatus,
} from '../db/schema';
import { decodeTimeUuidCursor, paginate } from '../lib/cursor';
import { displayName, namesOf, recordActivity } from './activity-repository';
import { itemImagePath } from './items-repository';

export interface MarketOptions {
  /** Milliseconds since the epoch; Date.now outside tests. */
  clock: () => number;
  checkoutHoldMs: number;
  reservationMs: number;
  commissionBps: number;
  maxOpenOffers: number;
}

/** Refusals that carry nothing but their reason. */
export type PlainReason =
  | 'itemNotFound'
  | 'notOwner'
  | 'listingNotFound'
  | 'listingNotYours'
  | 'alreadyListed'
  | 'notForSale'
  | 'checkoutInProgress'
  | 'holdBlocksChange'
  | 'offerNotFound'
  | 'offerNotYours'
  | 'notOwnerOfOffer'
  | 'ownItemOffer'
  | 'houseItemOffer'
  | 'offerAcceptedAlready'
  | 'offerExpired'
  | 'anotherAccepted'
  | 'busy';

/**
 * Why the market refused a request (nothing was changed), with what the answer needs to say
 * so. The data layer gives reasons only; the routes give each its HTTP status and words
 * (routes/market-answers.ts, the one catalogue of the market's answers).
 */
export type Refusal =
  | { kind: 'refused'; reason: PlainReason }
  /** The listing is no longer active. */
  | { kind: 'refused'; reason: 'listingEnded'; listing: Exclude<ListingRowStatus, 'active'> }
  /** The price the buyer saw is not the price now (`cents`). */
  | { kind: 'refused'; reason: 'priceChanged'; cents: number }
  /** An accepted offer's reservation holds the item for another buyer until then. */
  | { kind: 'refused'; reason: 'reserved'; until: Date }
  /** The buyer already has `max` open offers. */
  | { kind: 'refused'; reason: 'offerLimit'; max: number }
  /** The offer was answered or closed already. */
  | { kind: 'refused'; reason: 'offerClosed'; offer: Exclude<OfferRowStatus, 'open' | 'expired'> };

/** A refusal's reason, with what its answer needs to say (`refused(...)` adds the kind). */
type RefusalDetails = Refusal extends infer R
  ? R extends Refusal
    ? Omit<R, 'kind'>
    : never
  : never;

/** What became of a listing that its seller asked to cancel. */
export type CancelOutcome =
  | { kind: 'done'; outcome: 'cancelled' | 'alreadyCancelled' | 'expired' | 'busy' }
  /** Sold before it could be cancelled, to this buyer (their display name, when known). */
  | { kind: 'done'; outcome: 'sold'; buyer: string | null };

/**
 * An earlier checkout's hold has lapsed but its payment intent is still open at the provider
 * (the buyer could still confirm it): it must be cancelled there before the item moves on.
 */
export interface NeedsRelease {
  kind: 'release';
  orderId: string;
}

export type OrderRow = typeof orders.$inferSelect;
type ItemLock = Pick<
  typeof items.$inferSelect,
  'id' | 'kind' | 'title' | 'ownerId' | 'priceCents' | 'listingId'
>;
type ListingRow = typeof listings.$inferSelect;

const refused = (why: PlainReason | RefusalDetails): Refusal =>
  typeof why === 'string' ? { kind: 'refused', reason: why } : { kind: 'refused', ...why };

/** Attempt statuses in which the buyer may still complete the payment at the provider. */
const LIVE_ATTEMPT = [
  'creating',
  'confirming',
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
] as const;

const LISTING_STATUS: Record<ListingRowStatus, ListingStatus> = {
  active: 'Active',
  sold: 'Sold',
  cancelled: 'Cancelled',
  expired: 'Expired',
};
const OFFER_STATUS: Record<OfferRowStatus, OfferStatus> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
  sold: 'Sold',
};

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

export function createMarketRepository(database: Database, options: MarketOptions) {
  const { db } = database;
  const now = (): Date => new Date(options.clock());

  /** A transaction of the market, run again when the server gives it up (db/client.ts). */
  const transaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => runTransaction(db, work);

  /** Writes down what time decided on this item: listings and offers past their end. */
  async function closeLapsed(tx: Tx, item: ItemLock, at: Date): Promise<void> {
    // One statement (one round trip on every market write): the listing's and the offers' ends,
    // and the item's pointer when its listing is the one that ended. Under the item's lock, so
    // the statement's snapshot already holds every change made to the item's rows before it.
    const stamp = at.toISOString();
    const [row] = await rowsOf<{ unlisted: number }>(
      tx,
      sql`
      with ended_listings as (
        update ${listings}
        set status = 'expired', closed_at = ${stamp}, updated_at = ${stamp}
        where item_id = ${item.id} and status = 'active' and expires_at <= ${stamp}
        returning id
      ), ended_offers as (
        update ${offers}
        set status = 'expired', closed_at = ${stamp}, updated_at = ${stamp}
        where item_id = ${item.id} and status = 'open' and expires_at <= ${stamp}
        returning id
      ), unlisted as (
        update ${items} set listing_id = null, listing_ends_at = null
        where id = ${item.id} and listing_id in (select id from ended_listings)
        returning id
      )
      select (select count(*) from unlisted)::int as unlisted,
        (select count(*) from ended_offers)::int as offers`,
    );
    if ((row?.unlisted ?? 0) > 0) item.listingId = null;
  }

  /** The item's active listing, unless its time is up. */
  async function activeListing(q: Tx | Database['db'], itemId: number, at: Date) {
    const [row] = await q
      .select()
      .from(listings)
      .where(
        and(
          eq(listings.itemId, itemId),
          eq(listings.status, 'active'),
          or(isNull(listings.expiresAt), sql`${listings.expiresAt} > ${at}`),
        ),
      );
    return row;
  }

  /** The item's pending order (a checkout hold or a reservation), and whether a payment is live. */
  async function pendingOrder(q: Tx | Database['db'], itemId: number) {
    const [order] = await q
      .select()
      .from(orders)
      .where(and(eq(orders.itemId, itemId), eq(orders.status, 'pending')));
    if (order === undefined) return undefined;
    const attempts = await q
      .select({
        status: paymentAttempts.status,
        providerRef: paymentAttempts.providerRef,
        leased: sql<boolean>`coalesce(${paymentAttempts.leaseUntil} > now(), false)`,
      })
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.orderId, order.id),
          inArray(paymentAttempts.status, [...LIVE_ATTEMPT]),
        ),
      );
    return {
      order,
      /** A provider call for it is under way right now. */
      busy: attempts.some((a) => a.leased),
      /** An intent exists at the provider that the buyer could still confirm. */
      live: attempts.some((a) => a.providerRef !== null || a.status === 'creating'),
    };
  }

  const holds = (order: OrderRow, at: Date): boolean =>
    order.holdUntil !== null && order.holdUntil.getTime() > at.getTime();

  /**
   * Ends a pending order that no longer holds the item: void; an accepted offer behind it goes
   * back to open (or expired), as it was before the acceptance.
   */
  async function voidOrder(tx: Tx, order: OrderRow, at: Date): Promise<void> {
    await tx
      .update(orders)
      .set({ status: 'void' })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
    if (order.offerId !== null) {
      await tx
        .update(offers)
        .set({
          status: sql`case when ${offers.expiresAt} > ${at} then 'open' else 'expired' end`,
          updatedAt: at,
        })
        .where(and(eq(offers.id, order.offerId), eq(offers.status, 'accepted')));
    }
  }

  /**
   * Clears the way on a locked item: a hold that has lapsed is voided. Returns a refusal when a
   * hold is current (or a payment call is under way), or `release` when a lapsed hold still has
   * an intent open at the provider.
   */
  async function clearHold(
    tx: Tx,
    item: ItemLock,
    at: Date,
    mine?: string,
  ): Promise<Refusal | NeedsRelease | { kind: 'clear' } | { kind: 'mine'; order: OrderRow }> {
    const pending = await pendingOrder(tx, item.id);
    if (pending === undefined) return { kind: 'clear' };
    const { order } = pending;
    if (holds(order, at) || pending.busy) {
      if (mine !== undefined && order.userId === mine) return { kind: 'mine', order };
      return order.offerId !== null && order.holdUntil !== null
        ? refused({ reason: 'reserved', until: order.holdUntil })
        : refused('checkoutInProgress');
    }
    if (mine !== undefined && order.userId === mine && order.listingId !== null) {
      // The same buyer again after a declined card (or a lapsed hold): while the listing is as
      // it was, the checkout goes on (the same intent), held anew.
      const listing = await activeListing(tx, item.id, at);
      if (listing?.id === order.listingId && listing.priceCents === order.amountCents) {
        const [renewed] = await tx
          .update(orders)
          .set({ holdUntil: new Date(at.getTime() + options.checkoutHoldMs) })
          .where(eq(orders.id, order.id))
          .returning();
        return { kind: 'mine', order: renewed ?? order };
      }
    }
    if (pending.live) return { kind: 'release', orderId: order.id };
    await voidOrder(tx, order, at);
    return { kind: 'clear' };
  }

  /** Points the item at its active listing (or none): every list shows it without a join. */
  async function setItemListing(tx: Tx, itemId: number, listing: ListingRow | null, at: Date) {
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
  async function lockRow<Row extends { itemId: number }>(
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
  /** Only the item's owner answers an offer. */
  const ownsItem =
    (userId: string) =>
    (_offer: unknown, item: ItemLock): Refusal | null =>
      item.ownerId === userId ? null : refused('notOwnerOfOffer');
  const readOffer = (tx: Tx, id: string) => async () =>
    (await tx.select().from(offers).where(eq(offers.id, id)))[0];
  const readListing = (tx: Tx, id: string) => async () =>
    (await tx.select().from(listings).where(eq(listings.id, id)))[0];
  /** An offer that can still be answered is open; otherwise why not. */
  const stillOpen = (offer: typeof offers.$inferSelect): Refusal | null =>
    offer.status === 'open'
      ? null
      : offer.status === 'expired'
        ? refused('offerExpired')
        : refused({ reason: 'offerClosed', offer: offer.status });

  /** The cheapest active listing of a kind, in cents (the Listing tab's 'Floor'). */
  async function floorOf(kind: ItemKind, at: Date): Promise<number | null> {
    const [row] = await db
      .select({ priceCents: listings.priceCents })
      .from(listings)
      .where(
        and(
          eq(listings.kind, kind),
          eq(listings.status, 'active'),
          or(isNull(listings.expiresAt), sql`${listings.expiresAt} > ${at}`),
        ),
      )
      .orderBy(listings.priceCents)
      .limit(1);
    return row?.priceCents ?? null;
  }

  function toMarketListing(
    row: ListingRow & { title: string; serialNumber: string },
    floors: Record<ItemKind, number | null>,
    buyers: Map<string, string>,
    at: Date,
  ): MarketListing {
    const ended =
      row.status === 'active' && row.expiresAt !== null && row.expiresAt.getTime() <= at.getTime();
    const floor = floors[row.kind];
    return {
      _id: row.id,
      itemId: String(row.itemId),
      kind: row.kind,
      name: row.title,
      serialNumber: row.serialNumber,
      image: itemImagePath(row.itemId),
      status: ended ? 'Expired' : LISTING_STATUS[row.status],
      price: row.priceCents / 100,
      floor: floor === null ? null : floor / 100,
      qty: 1,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      buyer: row.buyerId === null ? null : (buyers.get(row.buyerId) ?? null),
    };
  }

  /** Offers with their item, the maker's and the owner's names, as the tables show them. */
  async function offerViews(where: SQL, limit: number): Promise<MarketOffer[]> {
    const at = now();
    const rows = await db
      .select({
        offer: offers,
        kind: items.kind,
        title: items.title,
        serialNumber: items.serialNumber,
        ownerId: items.ownerId,
        listingPriceCents: sql<
          number | null
        >`case when ${items.listingId} is not null and (${items.listingEndsAt} is null or ${items.listingEndsAt} > ${at}) then ${items.priceCents} end`,
        reservedUntil: orders.holdUntil,
      })
      .from(offers)
      .innerJoin(items, eq(items.id, offers.itemId))
      .leftJoin(orders, and(eq(orders.offerId, offers.id), eq(orders.status, 'pending')))
      .where(where)
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(limit);
    const known = await namesOf(
      db,
      rows.flatMap((row) => [row.offer.buyerId, row.ownerId]),
    );
    return rows.map(({ offer, ...row }) => {
      const reserved =
        offer.status === 'accepted' &&
        row.reservedUntil !== null &&
        row.reservedUntil.getTime() > at.getTime();
      const expired = offer.expiresAt.getTime() <= at.getTime();
      let status = OFFER_STATUS[offer.status];
      if (offer.status === 'accepted' && !reserved) status = expired ? 'Expired' : 'Open';
      if (offer.status === 'open' && expired) status = 'Expired';
      return {
        _id: offer.id,
        itemId: String(offer.itemId),
        kind: row.kind,
        title: row.title,
        serialNumber: row.serialNumber,
        image: itemImagePath(offer.itemId),
        price: row.listingPriceCents === null ? null : row.listingPriceCents / 100,
        offer: offer.priceCents / 100,
        from: known.get(offer.buyerId) ?? 'A pilot',
        fromId: offer.buyerId,
        to: known.get(row.ownerId) ?? 'A pilot',
        status,
        expiresAt: offer.expiresAt.toISOString(),
        createdAt: offer.createdAt.toISOString(),
        reservedUntil: reserved ? (row.reservedUntil?.toISOString() ?? null) : null,
      };
    });
  }

  async function offerView(id: string): Promise<MarketOffer> {
    const [view] = await offerViews(eq(offers.id, id), 1);
    if (view === undefined) throw new Error(`offer ${id} vanished`);
    return view;
  }

  async function listingView(id: string): Promise<MarketListing> {
    const at = now();
    const [row] = await db
      .select({ listing: listings, title: items.title, serialNumber: items.serialNumber })
      .from(listings)
      .innerJoin(items, eq(items.id, listings.itemId))
      .where(eq(listings.id, id));
    if (row === undefined) throw new Error(`listing ${id} vanished`);
    const floors = {
      nfa: null,
      land: null,
      [row.listing.kind]: await floorOf(row.listing.kind, at),
    };
    const buyers = await namesOf(db, row.listing.buyerId === null ? [] : [row.listing.buyerId]);
    return toMarketListing(
      { ...row.listing, title: row.title, serialNumber: row.serialNumber },
      floors,
      buyers,
      at,
    );
  }

  return {
    now,
    options,

    /**
     * Inside the payment's claim transaction: what this buyer's checkout of the item pays for.
     * Reuses the buyer's own pending order (a retry, or their accepted offer); otherwise takes a
     * checkout hold on the active listing at its price, which must be the price the buyer saw.
     */
    async orderForCheckout(
      tx: Tx,
      buyerId: string,
      itemId: number,
      shownCents: number,
    ): Promise<{ kind: 'order'; order: OrderRow } | { kind: 'owned' } | Refusal | NeedsRelease> {
      const at = now();
      const item = await lockItem(tx, itemId);
      if (item === undefined) return refused('itemNotFound');
      if (item.ownerId === buyerId) return { kind: 'owned' };
      await closeLapsed(tx, item, at);
      const hold = await clearHold(tx, item, at, buyerId);
      if (hold.kind === 'refused' || hold.kind === 'release') return hold;
      if (hold.kind === 'mine') {
        if (hold.order.amountCents !== shownCents) {
          return refused({ reason: 'priceChanged', cents: hold.order.amountCents });
        }
        return { kind: 'order', order: hold.order };
      }
      const listing = await activeListing(tx, item.id, at);
      if (listing === undefined) return refused('notForSale');
      if (listing.priceCents !== shownCents) {
        return refused({ reason: 'priceChanged', cents: listing.priceCents });
      }
      try {
        const [order] = await tx
          .insert(orders)
          .values({
            userId: buyerId,
            itemId: item.id,
            status: 'pending',
            amountCents: listing.priceCents,
            listingId: listing.id,
            sellerId: item.ownerId,
            holdUntil: new Date(at.getTime() + options.checkoutHoldMs),
            createdAt: at,
          })
          .returning();
        if (order === undefined) throw new Error('order not created');
        return { kind: 'order', order };
      } catch (error) {
        if (isUniqueViolation(error)) return refused('checkoutInProgress');
        throw error;
      }
    },

    /**
     * The purchase check: what the caller would pay now, without holding anything. 'owned' for
     * the owner; a refusal when the item cannot be bought by them now.
     */
    async preview(
      buyerId: string,
      itemId: number,
    ): Promise<
      | { kind: 'owned' }
      | { kind: 'buyable'; priceCents: number; reservedUntil: Date | null }
      | Refusal
    > {
      const at = now();
      const [item] = await db
        .select({ ownerId: items.ownerId })
        .from(items)
        .where(eq(items.id, itemId));
      if (item === undefined) return refused('itemNotFound');
      if (item.ownerId === buyerId) return { kind: 'owned' };
      const pending = await pendingOrder(db, itemId);
      if (pending !== undefined && (holds(pending.order, at) || pending.busy)) {
        const { order } = pending;
        if (order.userId === buyerId) {
          return {
            kind: 'buyable',
            priceCents: order.amountCents,
            reservedUntil: order.offerId === null ? null : order.holdUntil,
          };
        }
        return order.offerId !== null && order.holdUntil !== null
          ? refused({ reason: 'reserved', until: order.holdUntil })
          : refused('checkoutInProgress');
      }
      const listing = await activeListing(db, itemId, at);
      if (listing === undefined) return refused('notForSale');
      return { kind: 'buyable', priceCents: listing.priceCents, reservedUntil: null };
    },

    /** The pending order a lapsed hold left, with its live attempt (to cancel at the provider). */
    async lapsedHold(orderId: string) {
      const [row] = await db
        .select({ order: orders, attempt: paymentAttempts })
        .from(orders)
        .leftJoin(
          paymentAttempts,
          and(
            eq(paymentAttempts.orderId, orders.id),
            inArray(paymentAttempts.status, [...LIVE_ATTEMPT]),
          ),
        )
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
      return row;
    },

    /** A lapsed hold whose intent is closed at the provider now: void it (under the item lock). */
    async voidLapsed(orderId: string): Promise<void> {
      await transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
        if (order === undefined || order.status !== 'pending') return;
        const at = now();
        const item = await lockItem(tx, order.itemId);
        if (item === undefined) return;
        const pending = await pendingOrder(tx, order.itemId);
        if (pending?.order.id !== orderId || holds(pending.order, at) || pending.busy) return;
        if (pending.live) {
          // Whatever is left open at the provider for it was cancelled there: close it here too.
          await tx
            .update(paymentAttempts)
            .set({ status: 'canceled', leaseUntil: null, updatedAt: sql`now()` })
            .where(
              and(
                eq(paymentAttempts.orderId, orderId),
                inArray(paymentAttempts.status, [...LIVE_ATTEMPT]),
              ),
            );
        }
        await voidOrder(tx, pending.order, at);
      });
    },

    /** Lists an owned item. At most one active listing per item: the database refuses a second. */
    async createListing(input: {
      userId: string;
      itemId: number;
      priceCents: number;
      durationMs: number;
      signedMessage: string | null;
      signature: string | null;
    }): Promise<{ kind: 'listed'; listing: MarketListing } | Refusal | NeedsRelease> {
      const result = await transaction(async (tx) => {
        const at = now();
        const item = await lockItem(tx, input.itemId);
        if (item === undefined) return refused('itemNotFound');
        if (item.ownerId !== input.userId) return refused('notOwner');
        await closeLapsed(tx, item, at);
        const hold = await clearHold(tx, item, at);
        if (hold.kind === 'refused' || hold.kind === 'release') {
          return hold.kind === 'refused' ? refused('holdBlocksChange') : hold;
        }
        const [listing] = await tx
          .insert(listings)
          .values({
            itemId: item.id,
            sellerId: input.userId,
            kind: item.kind,
            priceCents: input.priceCents,
            expiresAt: new Date(at.getTime() + input.durationMs),
            createdAt: at,
            updatedAt: at,
            signedMessage: input.signedMessage,
            signature: input.signature,
          })
          .onConflictDoNothing()
          .returning();
        if (listing === undefined) return refused('alreadyListed');
        await setItemListing(tx, item.id, listing, at);
        await recordActivity(tx, {
          item,
          type: 'Listing',
          buyerId: null,
          sellerId: input.userId,
          priceCents: input.priceCents,
          at,
        });
        return { kind: 'listed' as const, id: listing.id };
      });
      if (result.kind !== 'listed') return result;
      return { kind: 'listed', listing: await listingView(result.id) };
    },

    /** A new price for an active listing of the caller's, unless a buyer's checkout holds it. */
    async reprice(
      userId: string,
      listingId: string,
      priceCents: number,
    ): Promise<{ kind: 'repriced'; listing: MarketListing } | Refusal | NeedsRelease> {
      const result = await transaction(async (tx) => {
        const at = now();
        const locked = await lockRow(
          tx,
          readListing(tx, listingId),
          'listingNotFound',
          at,
          (found) => (found.sellerId === userId ? null : refused('listingNotYours')),
        );
        if (locked.kind === 'refused') return locked;
        const { row: listing, item } = locked;
        if (listing.status !== 'active') {
          return refused({ reason: 'listingEnded', listing: listing.status });
        }
        const hold = await clearHold(tx, item, at);
        if (hold.kind === 'refused') return refused('holdBlocksChange');
        if (hold.kind === 'release') return hold;
        const [updated] = await tx
          .update(listings)
          .set({ priceCents, updatedAt: at })
          .where(eq(listings.id, listingId))
          .returning();
        if (updated === undefined) throw new Error('listing vanished');
        await tx.update(items).set({ priceCents }).where(eq(items.id, item.id));
        await recordActivity(tx, {
          item,
          type: 'Reprice',
          buyerId: null,
          sellerId: userId,
          priceCents,
          at,
        });
        return { kind: 'repriced' as const };
      });
      if (result.kind !== 'repriced') return result;
      return { kind: 'repriced', listing: await listingView(listingId) };
    },

    /** Which of these listings exist and are the caller's (a bulk cancel checks them first). */
    async sellersOf(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: listings.id, sellerId: listings.sellerId })
        .from(listings)
        .where(inArray(listings.id, ids));
      return new Map(rows.map((row) => [row.id, row.sellerId]));
    },

    /** Cancels one listing of the caller's; says what became of it when it could not. */
    async cancelListing(userId: string, listingId: string): Promise<CancelOutcome | NeedsRelease> {
      return transaction(async (tx) => {
        const at = now();
        const locked = await lockRow(
          tx,
          readListing(tx, listingId),
          'listingNotFound',
          at,
          (found) => (found.sellerId === userId ? null : refused('listingNotYours')),
        );
        // The route checks that every listing exists and is the caller's before any is cancelled.
        if (locked.kind === 'refused') throw new Error(`cancelListing: ${locked.reason}`);
        const { row: listing, item } = locked;
        if (listing.status === 'sold') {
          const buyer =
            listing.buyerId === null
              ? undefined
              : (await namesOf(tx, [listing.buyerId])).get(listing.buyerId);
          return { kind: 'done', outcome: 'sold', buyer: buyer ?? null };
        }
        if (listing.status === 'expired') {
          return { kind: 'done', outcome: 'expired' };
        }
        if (listing.status === 'cancelled') {
          return { kind: 'done', outcome: 'alreadyCancelled' };
        }
        const hold = await clearHold(tx, item, at);
        if (hold.kind === 'release') return hold;
        if (hold.kind === 'refused') return { kind: 'done', outcome: 'busy' };
        await tx
          .update(listings)
          .set({ status: 'cancelled', closedAt: at, updatedAt: at })
          .where(eq(listings.id, listingId));
        if (item.listingId === listingId) await setItemListing(tx, item.id, null, at);
        await recordActivity(tx, {
          item,
          type: 'Cancel listing',
          buyerId: null,
          sellerId: userId,
          priceCents: listing.priceCents,
          at,
        });
        return { kind: 'done', outcome: 'cancelled' };
      });
    },

    /** The user's listings, newest first (only active ones, or all). */
    async listingsOf(
      userId: string,
      status: 'active' | 'all',
      limit: number,
      cursor?: string,
    ): Promise<{ data: MarketListing[]; nextCursor: string | null }> {
      const after = decodeTimeUuidCursor(cursor);
      const at = now();
      const rows = await db
        .select({ listing: listings, title: items.title, serialNumber: items.serialNumber })
        .from(listings)
        .innerJoin(items, eq(items.id, listings.itemId))
        .where(
          and(
            eq(listings.sellerId, userId),
            status === 'active'
              ? and(
                  eq(listings.status, 'active'),
                  or(isNull(listings.expiresAt), sql`${listings.expiresAt} > ${at}`),
                )
              : undefined,
            after === null
              ? undefined
              : sql`(${listings.createdAt}, ${listings.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`,
          ),
        )
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(limit + 1);
      const { page, nextCursor } = paginate(rows, limit, (last) => [
        last.listing.createdAt.toISOString(),
        last.listing.id,
      ]);
      const floors = { nfa: await floorOf('nfa', at), land: await floorOf('land', at) };
      const buyers = await namesOf(
        db,
        page.flatMap((row) => (row.listing.buyerId === null ? [] : [row.listing.buyerId])),
      );
      const data = page.map((row) =>
        toMarketListing(
          { ...row.listing, title: row.title, serialNumber: row.serialNumber },
          floors,
          buyers,
          at,
        ),
      );
      return { data, nextCursor };
    },

    /** Makes (or replaces) the caller's offer on an item they do not own. */
    async makeOffer(input: {
      buyerId: string;
      itemId: number;
      priceCents: number;
      durationMs: number;
    }): Promise<{ kind: 'made'; offer: MarketOffer } | Refusal> {
      const result = await transaction(async (tx) => {
        const at = now();
        // One buyer's offers are made one at a time: the cap on open offers is exact.
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, input.buyerId))
          .for('no key update');
        const item = await lockItem(tx, input.itemId);
        if (item === undefined) return refused('itemNotFound');
        if (item.ownerId === input.buyerId) return refused('ownItemOffer');
        if (item.ownerId === HOUSE_USER_ID) return refused('houseItemOffer');
        await closeLapsed(tx, item, at);
        const [previous] = await tx
          .select()
          .from(offers)
          .where(
            and(
              eq(offers.itemId, item.id),
              eq(offers.buyerId, input.buyerId),
              inArray(offers.status, ['open', 'accepted']),
            ),
          );
        if (previous?.status === 'accepted') {
          return refused('offerAcceptedAlready');
        }
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(offers)
          .where(
            and(
              eq(offers.buyerId, input.buyerId),
              eq(offers.status, 'open'),
              sql`${offers.expiresAt} > ${at}`,
            ),
          );
        if (previous === undefined && (count?.n ?? 0) >= options.maxOpenOffers) {
          return refused({ reason: 'offerLimit', max: options.maxOpenOffers });
        }
        if (previous !== undefined) {
          // A new offer replaces the buyer's open one on this item.
          await tx
            .update(offers)
            .set({ status: 'cancelled', closedAt: at, updatedAt: at })
            .where(eq(offers.id, previous.id));
        }
        const [offer] = await tx
          .insert(offers)
          .values({
            itemId: item.id,
            buyerId: input.buyerId,
            priceCents: input.priceCents,
            expiresAt: new Date(at.getTime() + input.durationMs),
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: offers.id });
        if (offer === undefined) throw new Error('offer not created');
        await recordActivity(tx, {
          item,
          type: 'Offer',
          buyerId: input.buyerId,
          sellerId: item.ownerId,
          priceCents: input.priceCents,
          at,
        });
        return { kind: 'made' as const, id: offer.id };
      });
      if (result.kind !== 'made') return result;
      return { kind: 'made', offer: await offerView(result.id) };
    },

    /**
     * The owner accepts an open offer: the item is reserved for its maker, at that price, for the
     * reservation window (a pending order nobody else can pass).
     */
    async acceptOffer(
      ownerId: string,
      offerId: string,
    ): Promise<
      | { kind: 'accepted'; offer: MarketOffer; buyer: { id: string; email: string | null } }
      | Refusal
      | NeedsRelease
    > {
      const result = await transaction(async (tx) => {
        const at = now();
        const locked = await lockRow(
          tx,
          readOffer(tx, offerId),
          'offerNotFound',
          at,
          ownsItem(ownerId),
        );
        if (locked.kind === 'refused') return locked;
        const { item } = locked;
        const hold = await clearHold(tx, item, at);
        if (hold.kind === 'release') return hold;
        // Read again: a lapsed reservation of this very offer has just made it open again.
        const offer = await readOffer(tx, offerId)();
        if (offer === undefined) return refused('offerNotFound');
        const closed = stillOpen(offer);
        if (closed !== null) return closed;
        if (hold.kind === 'refused') {
          const [accepted] = await tx
            .select({ id: offers.id })
            .from(offers)
            .where(and(eq(offers.itemId, item.id), eq(offers.status, 'accepted')));
          return refused(accepted === undefined ? 'holdBlocksChange' : 'anotherAccepted');
        }
        try {
          await tx.insert(orders).values({
            userId: offer.buyerId,
            itemId: item.id,
            status: 'pending',
            amountCents: offer.priceCents,
            offerId: offer.id,
            sellerId: ownerId,
            holdUntil: new Date(at.getTime() + options.reservationMs),
            createdAt: at,
          });
        } catch (error) {
          if (isUniqueViolation(error)) return refused('anotherAccepted');
          throw error;
        }
        await tx
          .update(offers)
          .set({ status: 'accepted', updatedAt: at })
          .where(eq(offers.id, offer.id));
        await recordActivity(tx, {
          item,
          type: 'Accept offer',
          buyerId: offer.buyerId,
          sellerId: ownerId,
          priceCents: offer.priceCents,
          at,
        });
        const [buyer] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.id, offer.buyerId));
        return { kind: 'accepted' as const, buyer: buyer ?? { id: offer.buyerId, email: null } };
      });
      if (result.kind !== 'accepted') return result;
      return { kind: 'accepted', offer: await offerView(offerId), buyer: result.buyer };
    },

    /** The owner declines an open offer. */
    async declineOffer(
      ownerId: string,
      offerId: string,
    ): Promise<{ kind: 'declined'; offer: MarketOffer } | Refusal> {
      const result = await transaction(async (tx) => {
        const at = now();
        const locked = await lockRow(
          tx,
          readOffer(tx, offerId),
          'offerNotFound',
          at,
          ownsItem(ownerId),
        );
        if (locked.kind === 'refused') return locked;
        const { row: offer, item } = locked;
        const closed = stillOpen(offer);
        if (closed !== null) return closed;
        await tx
          .update(offers)
          .set({ status: 'declined', closedAt: at, updatedAt: at })
          .where(eq(offers.id, offerId));
        await recordActivity(tx, {
          item,
          type: 'Decline offer',
          buyerId: offer.buyerId,
          sellerId: ownerId,
          priceCents: offer.priceCents,
          at,
        });
        return { kind: 'declined' as const };
      });
      if (result.kind !== 'declined') return result;
      return { kind: 'declined', offer: await offerView(offerId) };
    },

    /** The maker cancels their offer (an accepted one too, while no payment is under way). */
    async cancelOffer(
      buyerId: string,
      offerId: string,
    ): Promise<{ kind: 'cancelled'; offer: MarketOffer } | Refusal | NeedsRelease> {
      const result = await transaction(async (tx) => {
        const at = now();
        const locked = await lockRow(tx, readOffer(tx, offerId), 'offerNotFound', at, (found) =>
          found.buyerId === buyerId ? null : refused('offerNotYours'),
        );
        if (locked.kind === 'refused') return locked;
        const { row: offer, item } = locked;
        if (offer.status === 'accepted') {
          const pending = await pendingOrder(tx, item.id);
          if (pending !== undefined && pending.order.offerId === offerId) {
            if (pending.busy) return refused('busy');
            if (pending.live) return { kind: 'release' as const, orderId: pending.order.id };
            await voidOrder(tx, pending.order, at);
          }
        } else {
          const closed = stillOpen(offer);
          if (closed !== null) return closed;
        }
        await tx
          .update(offers)
          .set({ status: 'cancelled', closedAt: at, updatedAt: at })
          .where(and(eq(offers.id, offerId), inArray(offers.status, ['open', 'accepted'])));
        await recordActivity(tx, {
          item,
          type: 'Cancel offer',
          buyerId,
          sellerId: item.ownerId,
          priceCents: offer.priceCents,
          at,
        });
        return { kind: 'cancelled' as const };
      });
      if (result.kind !== 'cancelled') return result;
      return { kind: 'cancelled', offer: await offerView(offerId) };
    },

    /** Offers on the owner's items that are open or accepted (newest first). */
    async offersReceived(ownerId: string, limit: number): Promise<MarketOffer[]> {
      const at = now();
      return offerViews(
        and(
          eq(items.ownerId, ownerId),
          inArray(offers.status, ['open', 'accepted']),
          sql`${offers.expiresAt} > ${at}`,
        ) as SQL,
        limit,
      );
    },

    /** The maker's offers, newest first, whatever their status. */
    async offersMade(buyerId: string, limit: number): Promise<MarketOffer[]> {
      return offerViews(eq(offers.buyerId, buyerId), limit);
    },

    /**
     * What the detail page shows of an item's market, in one statement (the commonest read of
     * the market): its owner, its live listing, how many offers are open on it, and the end of
     * an accepted offer's reservation.
     */
    async itemState(itemId: number) {
      const at = now().toISOString();
      const [row] = await database.rows<{
        owner_id: string;
        full_name: string;
        email: string | null;
        wallet_address: string | null;
        listing_id: string | null;
        listing_price_cents: number | null;
        listing_expires_ms: number | null;
        offers: number;
        reserved_until_ms: number | null;
      }>(sql`
        select i.owner_id, u.full_name, u.email, u.wallet_address,
          l.id as listing_id, l.price_cents as listing_price_cents,
          (extract(epoch from l.expires_at) * 1000)::float8 as listing_expires_ms,
          (select count(*) from ${offers} o
            where o.item_id = i.id and o.status in ('open', 'accepted') and o.expires_at > ${at}
          )::int as offers,
          (select (extract(epoch from r.hold_until) * 1000)::float8 from ${orders} r
            where r.item_id = i.id and r.status = 'pending' and r.offer_id is not null
              and r.hold_until > ${at}
          ) as reserved_until_ms
        from ${items} i
        join ${users} u on u.id = i.owner_id
        left join lateral (
          select id, price_cents, expires_at from ${listings}
          where item_id = i.id and status = 'active' and (expires_at is null or expires_at > ${at})
        ) l on true
        where i.id = ${itemId}`);
      if (row === undefined) return undefined;
      const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
      return {
        owner: {
          id: row.owner_id,
          name: displayName({
            id: row.owner_id,
            fullName: row.full_name,
            email: row.email,
            walletAddress: row.wallet_address,
          }),
        },
        listing:
          row.listing_id === null
            ? null
            : {
                _id: row.listing_id,
                price: Number(row.listing_price_cents) / 100,
                expiresAt: iso(row.listing_expires_ms),
              },
        offers: row.offers,
        reservedUntil: iso(row.reserved_until_ms),
      };
    },

    /** The user's ledger balance, in cents. */
    async balance(userId: string): Promise<number> {
      const [row] = await db
        .select({ cents: sql<string | number | null>`sum(${ledgerEntries.amountCents})` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.account, 'user'), eq(ledgerEntries.userId, userId)));
      return Number(row?.cents ?? 0);
    },
  };
}

export type MarketRepository = ReturnType<typeof createMarketRepository>;
