/**
 * The one PostgreSQL schema, for both drivers (embedded PGlite and a PostgreSQL server).
 * Migrations in `api/drizzle/` are generated from this file with `pnpm db:generate`; the first
 * migration (custom) enables `pg_trgm`, which the search index needs.
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

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased: one account per address whatever the case typed. */
    email: text('email'),
    fullName: text('full_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    /** A path on the API host, e.g. `/uploads/<uuid>.png`. */
    avatar: text('avatar'),
    /** argon2id PHC string; null for accounts without a password (wallet, Google, Discord). */
    passwordHash: text('password_hash'),
    discordId: text('discord_id'),
    googleId: text('google_id'),
    walletAddress: text('wallet_address'),
    /**
     * When the owner of `email` was proven: a password reset link they opened, or an identity
     * provider that says the address is verified. Null for an email sign-up never proven, whose
     * password is cleared when a provider links to it (whoever chose it may not own the mailbox).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Bumped on every password change: tokens carry it, older ones stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_discord_id_key').on(t.discordId),
    uniqueIndex('users_google_id_key').on(t.googleId),
    uniqueIndex('users_wallet_address_key').on(t.walletAddress),
  ],
);

export const items = pgTable(
  'items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['nfa', 'land'] }).notNull(),
    title: text('title').notNull(),
    serialNumber: text('serial_number').notNull(),
    /** Money in cents: no floating point in the database. */
    priceCents: integer('price_cents').notNull(),
    description: text('description').notNull().default(''),
    /** What the trigram index covers: title and serial number, searched as one text. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`title || ' ' || serial_number`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('items_serial_number_key').on(t.serialNumber),
    index('items_kind_id_idx').on(t.kind, t.id),
    index('items_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('items_kind_check', sql`${t.kind} in ('nfa', 'land')`),
    check('items_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/** The generated SVG of an item, made by the seed (the large benchmark seed stores none). */
export const itemArt = pgTable('item_art', {
  itemId: bigint('item_id', { mode: 'number' })
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  svg: text('svg').notNull(),
});

export const activities = pgTable(
  'activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' }).references(() => items.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    type: text('type').notNull(),
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
  ],
);

/**
 * One order per user and item (the unique constraint is what makes "buys an item at most once"
 * true under concurrency). `status` moves from 'pending' to 'paid' when the checkout confirms.
 */
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
    status: text('status', { enum: ['pending', 'paid'] })
      .notNull()
      .default('pending'),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_user_item_key').on(t.userId, t.itemId),
    check('orders_status_check', sql`${t.status} in ('pending', 'paid')`),
  ],
);

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
    index('payments_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Password reset links: only a SHA-256 of the token is stored; single use, short-lived. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_id_idx').on(t.userId),
  ],
);

/**
 * Wallet sign-in nonces: issued for one address, written into the message the wallet signs, used
 * once (`used_at` set by a single conditional UPDATE), short-lived.
 */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nonce: text('nonce').notNull(),
    /** Lower-cased. */
    address: text('address').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_nonces_nonce_key').on(t.nonce),
    index('wallet_nonces_expires_at_idx').on(t.expiresAt),
  ],
);

export const schema = {
  users,
  items,
  itemArt,
  activities,
  orders,
  payments,
  passwordResets,
  walletNonces,
};
