/**
 * The watchlist (issue 31, "Watchlist"): the items each user keeps an eye on, one row per user
 * and item, with an optional alert price. The notification worker reads it when an item is
 * listed or repriced (notifications/rules.ts, `watch.alert`). The id orders a user's list
 * (newest first, keyset-paged); a user's or an item's rows go with them (ON DELETE CASCADE).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './items';
import { users } from './users';

export const watchlist = pgTable(
  'watchlist',
  {
    /** Increasing: a newer watch has a larger id (the list's order and cursor). */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** Listed or repriced at or below this notifies the watcher; null: being listed at all does. */
    alertPriceCents: integer('alert_price_cents'),
    /** The market's time the user started watching (an earlier event does not tell them). */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('watchlist_user_item_idx').on(t.userId, t.itemId),
    // The list, newest first.
    index('watchlist_user_idx').on(t.userId, t.id.desc()),
    // The watchers of an item, read per listing event.
    index('watchlist_item_idx').on(t.itemId),
    check('watchlist_alert_price_check', sql`${t.alertPriceCents} > 0`),
  ],
);

export type WatchlistRow = typeof watchlist.$inferSelect;
