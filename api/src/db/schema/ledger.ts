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
import { orders } from './market';
import { users } from './users';

/**
 * The double-entry ledger, in integer cents. Every movement of money is one transaction whose
 * entries add up to zero. A sale: the card receipts account gives the price, the seller's
 * account gets the price less the commission, the commission account gets the rest. A user's
 * balance is the sum of their account's entries. Payouts to a bank are not part of the product.
 */
export const LEDGER_ACCOUNTS = ['user', 'card_receipts', 'commission', 'opening'] as const;
export const LEDGER_KINDS = ['sale', 'opening'] as const;
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** A sale's order: one ledger transaction per order, whatever the retries. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_order_key').on(t.orderId),
    check('ledger_transactions_kind_check', sql`${t.kind} in (${inList(LEDGER_KINDS)})`),
    // A sale is the posting of one order.
    check(
      'ledger_transactions_sale_order_check',
      sql`(${t.kind} = 'sale') <= (${t.orderId} is not null)`,
    ),
  ],
);
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** The account holder when `account` is 'user'. */
    /** A user with postings cannot be deleted: their sales would no longer balance. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_account_check', sql`${t.account} in (${inList(LEDGER_ACCOUNTS)})`),
    check('ledger_entries_user_check', sql`(${t.account} = 'user') = (${t.userId} is not null)`),
    check('ledger_entries_amount_check', sql`${t.amountCents} <> 0`),
  ],
);
