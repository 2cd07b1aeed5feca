/**
 * The market's outbox: one row per change of the market, written in the change's own
 * transaction (market/events.ts, `recordEvents`). The kinds are the contract's
 * (`MARKET_EVENT_KINDS`). What a kind needs beyond the columns goes in `payload`.
 *
 * The id is the order readers follow ("every event after id N"), and it is given at commit, not
 * at insert: a deferred constraint trigger (migration 0010) takes one transaction-level advisory
 * lock and gives the transaction's events their final ids, so event ids increase in the order
 * the transactions commit and a reader that has seen id N never gets an event below N later
 * (docs/architecture.md, "Market events: once and in order").
 */
import { ITEM_KINDS, MARKET_EVENT_KINDS } from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList } from './checks';
import { items, listings } from './items';
import { offers } from './market';
import { users } from './users';

export const marketEvents = pgTable(
  'market_events',
  {
    /** Given at commit, in commit order (see above): the reader's cursor. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: MARKET_EVENT_KINDS }).notNull(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind', { enum: ITEM_KINDS }).notNull(),
    /** The owner's side: the listing's seller, the owner an offer is made to, the seller of a sale. */
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    /** The other side: the offer's maker, the buyer of a sale (none for a listing's events). */
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** The price the event is about, in cents (the listing's, the offer's, the sale's). */
    amountCents: integer('amount_cents'),
    /** Only what no column holds (a reprice's previous price, the offer a new one replaced…). */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** The market's clock when the change was made (seeded events are in the past). */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('market_events_item_idx').on(t.itemId, t.id),
    check('market_events_kind_check', sql`${t.kind} in (${inList(MARKET_EVENT_KINDS)})`),
    check('market_events_item_kind_check', sql`${t.itemKind} in (${inList(ITEM_KINDS)})`),
    check('market_events_amount_check', sql`${t.amountCents} > 0`),
  ],
);

export type MarketEventRow = typeof marketEvents.$inferSelect;
