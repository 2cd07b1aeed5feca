/**
 * Card payments: the recorded payments, the attempts at the provider (PaymentIntents) and the
 * provider's webhook events already handled.
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
import { items } from './items';
import { orders } from './market';
import { users } from './users';

/** A successful payment of an order: the purchase history reads these. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_id_key').on(t.orderId),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    // One payment row per provider payment, whatever the retries (null for seeded payments).
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Stripe's PaymentIntent statuses (the sandbox uses the same). */
export const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;

/**
 * Statuses of a payment attempt: the provider's PaymentIntent status, plus two of ours while a
 * call to the provider is under way or its outcome is unknown ('creating', 'confirming': the
 * next request repeats that call with the same idempotency key), and 'failed' when the provider
 * refused to create an intent at all.
 */
export const ATTEMPT_STATUSES = ['creating', 'confirming', 'failed', ...INTENT_STATUSES] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * One PaymentIntent at the provider for an order. An order has at most one attempt that is in
 * flight, open or succeeded (partial unique index), so a second charge for the same order cannot
 * even be started; a declined card leaves the intent open and the next card confirms the same one.
 * WARNING: never put card data here: only the provider's ids, the brand and the last 4 digits.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, … per order: part of the idempotency key. */
    attemptNo: integer('attempt_no').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    /** 'card': the server confirms with a payment method; 'embedded': the browser confirms. */
    flow: text('flow', { enum: ['card', 'embedded'] }).notNull(),
    /** Sent with the create call; confirm calls add `:confirm:<n>`. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The provider's PaymentIntent id, once created. */
    providerRef: text('provider_ref'),
    clientSecret: text('client_secret'),
    status: text('status', { enum: ATTEMPT_STATUSES }).notNull().default('creating'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** The provider's payment method id of the current (or last) confirmation. */
    paymentMethodId: text('payment_method_id'),
    /** How many server-side confirmations this intent has had (part of their idempotency keys). */
    confirmSeq: integer('confirm_seq').notNull().default(0),
    /** While set and in the future, one request is calling the provider for this attempt. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureCode: text('failure_code'),
    failureDeclineCode: text('failure_decline_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_idempotency_key_key').on(t.idempotencyKey),
    uniqueIndex('payment_attempts_provider_ref_key').on(t.providerRef),
    uniqueIndex('payment_attempts_order_attempt_no_key').on(t.orderId, t.attemptNo),
    uniqueIndex('payment_attempts_one_active_per_order')
      .on(t.orderId)
      .where(sql`${t.status} not in ('failed', 'canceled')`),
    index('payment_attempts_user_idx').on(t.userId),
    check('payment_attempts_status_check', sql`${t.status} in (${inList(ATTEMPT_STATUSES)})`),
    check('payment_attempts_flow_check', sql`${t.flow} in ('card', 'embedded')`),
    check('payment_attempts_provider_check', sql`${t.provider} in ('stripe', 'sandbox')`),
    check('payment_attempts_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Provider webhook events already handled, by event id: a redelivered event changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null until handled: an event whose handling failed is handled again when redelivered. */
  processedAt: timestamp('processed_at', { withTimezone: true }),
});
