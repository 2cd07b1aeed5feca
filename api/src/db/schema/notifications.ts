/**
 * Notifications (issue 31): what each user is told of the market, made from its events by the
 * notification worker (notifications/worker.ts), and the emails it sends for the important ones.
 *
 * - `notification_cursor`: one row, the last market event the worker has turned into
 *   notifications. It is advanced in the transaction that writes them, under the row's lock, so
 *   each event is handled once whatever the number of API instances.
 * - `notifications`: one row per (user, kind, source); `source` names what it comes from (the
 *   event `e<id>`, or the reservation `o<order id>` the lapsing sweep found): the unique key is
 *   the backstop of "once".
 * - `notification_mails`: the emails to send, one per (user, kind, source) too; a mail is claimed
 *   (`sending`) in its own committed statement before it is handed to SMTP, and never claimed
 *   again: at most once (docs/architecture.md, "Notifications").
 * - `notification_preferences`: a user's switches per kind (no row: on); `notification_settings`:
 *   their minimum offer.
 */
import {
  MAILED_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  ITEM_KINDS,
} from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList } from './checks';
import { items } from './items';
import { users } from './users';

export const notificationCursor = pgTable(
  'notification_cursor',
  {
    id: smallint('id').primaryKey().default(1),
    /** The last market event handled (0: none yet). */
    lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [check('notification_cursor_one_row', sql`${t.id} = 1`)],
);

/** What a notification and a mail both say: the item, the offer, the price and the time. */
const told = {
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
  /** What it comes from: `e<event id>` or `o<order id>` (a reservation the sweep found lapsing). */
  source: text('source').notNull(),
  itemId: bigint('item_id', { mode: 'number' })
    .notNull()
    .references(() => items.id, { onDelete: 'cascade' }),
  itemKind: text('item_kind', { enum: ITEM_KINDS }).notNull(),
  offerId: uuid('offer_id'),
  amountCents: integer('amount_cents'),
  /** Accepted and lapsing: the end of the reservation. */
  reservedUntil: timestamp('reserved_until', { withTimezone: true, precision: 3 }),
  /** The market's time of what happened. */
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
};

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...told,
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('notifications_once').on(t.userId, t.kind, t.source),
    // The list, newest first (keyset on the id), and the unread count.
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check('notifications_kind_check', sql`${t.kind} in (${inList(NOTIFICATION_KINDS)})`),
  ],
);

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

export const notificationMails = pgTable(
  'notification_mails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...told,
    /** pending → sending (claimed, before SMTP) → sent; back to pending to retry; failed for good. */
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, precision: 3 }),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('notification_mails_once').on(t.userId, t.kind, t.source),
    index('notification_mails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check(
      'notification_mails_kind_check',
      sql`${t.kind} in (${inList(MAILED_NOTIFICATION_KINDS)})`,
    ),
    check('notification_mails_status_check', sql`${t.status} in (${inList(MAIL_STATUSES)})`),
  ],
);

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    notify: boolean('notify').notNull().default(true),
    email: boolean('email').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_kind_check', sql`${t.kind} in (${inList(NOTIFICATION_KINDS)})`),
  ],
);

export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Offers below this neither notify nor mail the owner; null: every offer does. */
    minOfferCents: integer('min_offer_cents'),
  },
  (t) => [check('notification_settings_min_offer_check', sql`${t.minOfferCents} > 0`)],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationMailRow = typeof notificationMails.$inferSelect;
