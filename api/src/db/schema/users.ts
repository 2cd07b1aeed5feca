/** The accounts, and what signing in keeps: password reset links and wallet nonces. */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { HOUSE_ID } from '@hypertek/shared/contract';

/**
 * The house: the account that owns the unsold catalogue and lists it at the catalogue prices
 * ('Hyper Tek Vault'). It has no email, password or identity, so nobody can sign in as it. The
 * migration that brought ownership creates it with this id.
 */
export const HOUSE_USER_ID = HOUSE_ID;

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
