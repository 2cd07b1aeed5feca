/**
 * The market's offers and orders (checkouts), and the activity feed. The listings are with the
 * items (items.ts): the two tables refer to each other.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList } from './checks';
import { items, listings } from './items';
import { users } from './users';

/** What an activity row tells (the public feed's Type column). */
export const ACTIVITY_TYPES = [
  'Sale',
  'Transfer',
  'Listing',
  'Reprice',
  'Cancel listing',
  'Offer',
  'Accept offer',
  'Decline offer',
  'Cancel offer',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activities = pgTable(
  'activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' }).references(() => items.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    buyer: text('buyer').notNull(),
    seller: text('seller').notNull(),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_occurred_at_idx').on(t.occurredAt.desc(), t.id.desc()),
    index('activities_buyer_id_idx').on(t.buyerId),
    index('activities_seller_id_idx').on(t.sellerId),
    // The sales of one item, newest first (keyset-paged).
    index('activities_item_occurred_idx').on(t.itemId, t.occurredAt.desc(), t.id.desc()),
    check('activities_type_check', sql`${t.type} in (${inList(ACTIVITY_TYPES)})`),
    check('activities_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * A checkout: a buyer's order for an item, from its listing or from the buyer's accepted offer.
 * While it is 'pending' it holds the item for that buyer until `hold_until` (a checkout, or an
 * accepted offer's reservation): at most one pending order per item (partial unique index), so
 * two buyers can never both be charged. It becomes 'paid' when the payment succeeds (in the
 * transaction that moves the item), or 'void' when its hold lapsed or the sale went elsewhere.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'void'] as const;
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What is bought: the listing, or the accepted offer (one of the two; none for seeded rows). */
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** The owner when the order was made: the account the sale credits. */
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    /** A pending order holds the item until then. */
    holdUntil: timestamp('hold_until', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('orders_one_pending_per_item')
      .on(t.itemId)
      .where(sql`${t.status} = 'pending'`),
    index('orders_user_item_idx').on(t.userId, t.itemId),
    // A user's collection: paid orders, newest purchase first (keyset-paged).
    index('orders_user_paid_idx')
      .on(t.userId, t.paidAt.desc(), t.itemId.desc())
      .where(sql`${t.status} = 'paid'`),
    check('orders_status_check', sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    check('orders_amount_check', sql`${t.amountCents} > 0`),
    // What is bought is a listing or an offer, never both.
    check('orders_listing_or_offer_check', sql`num_nonnulls(${t.listingId}, ${t.offerId}) <= 1`),
    // A paid order says when.
    check('orders_paid_at_check', sql`(${t.status} = 'paid') <= (${t.paidAt} is not null)`),
  ],
);

export const OFFER_STATUSES = [
  'open',
  'accepted',
  'declined',
  'cancelled',
  'expired',
  'sold',
] as const;
export type OfferRowStatus = (typeof OFFER_STATUSES)[number];

/**
 * A buyer's offer on an item, to whoever owns it, until `expires_at`. Life: open → accepted |
 * declined | cancelled | expired; accepted → sold (paid), or back to open when its reservation
 * lapses unpaid. One open or accepted offer per buyer and item, and one accepted offer per item
 * (partial unique indexes).
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('offers_one_live_per_buyer_item')
      .on(t.itemId, t.buyerId)
      .where(sql`${t.status} in ('open', 'accepted')`),
    uniqueIndex('offers_one_accepted_per_item')
      .on(t.itemId)
      .where(sql`${t.status} = 'accepted'`),
    index('offers_item_live_idx')
      .on(t.itemId, t.createdAt.desc())
      .where(sql`${t.status} in ('open', 'accepted')`),
    index('offers_buyer_created_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    check('offers_status_check', sql`${t.status} in (${inList(OFFER_STATUSES)})`),
    check('offers_price_check', sql`${t.priceCents} > 0`),
  ],
);
