import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList } from './checks';
import { INTENT_STATUSES } from './payments';

/**
 * The sandbox provider's own state (what Stripe would hold), in the database so that several API
 * instances agree. A payment method keeps only its brand, last 4 digits and test behaviour.
 * WARNING: never the card number, CVC or expiry.
 */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    behaviour: text('behaviour', {
      enum: ['succeed', 'decline', 'insufficient_funds', 'authenticate'],
    }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'sandbox_payment_methods_behaviour_check',
      sql`${t.behaviour} in ('succeed', 'decline', 'insufficient_funds', 'authenticate')`,
    ),
  ],
);

export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: INTENT_STATUSES }).notNull(),
    paymentMethodId: text('payment_method_id').references(() => sandboxPaymentMethods.id),
    lastErrorCode: text('last_error_code'),
    lastErrorDeclineCode: text('last_error_decline_code'),
    lastErrorMessage: text('last_error_message'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** How many times a charge went through (a test reads it: never more than 1). */
    chargeCount: integer('charge_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_payment_intents_client_secret_key').on(t.clientSecret),
    check('sandbox_payment_intents_status_check', sql`${t.status} in (${inList(INTENT_STATUSES)})`),
  ],
);

/** The sandbox's idempotency layer, like Stripe's: a key replays the first answer. */
export const sandboxIdempotencyKeys = pgTable('sandbox_idempotency_keys', {
  key: text('key').primaryKey(),
  response: jsonb('response').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
