import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REMOTE_NAMES, STAFF_ROLES } from '@hypertek/shared/release-words';
import { inList, remoteByForm } from './checks';
import { users } from './users';

/**
 * Staff members: the accounts with a role (the release words' STAFF_ROLES), which says the
 * remotes they may release (STAFF_ROLE_REMOTES). Everyone else has no row.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [check('staff_members_role_check', sql`${t.role} in (${inList(STAFF_ROLES)})`)],
);

/**
 * Release tokens: what a team's pipeline shows the release endpoint, scoped to one remote. Made
 * by a staff member whose role may act on the remote; the secret is shown once and only its
 * SHA-256 is kept. Revoked tokens stay (the history names them), refused from then on.
 */
export const releaseTokens = pgTable(
  'release_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its name in the release history, e.g. `checkout-ci`. */
    name: text('name').notNull(),
    remote: text('remote', { enum: REMOTE_NAMES }).notNull(),
    /** SHA-256 (hex) of the secret. */
    tokenHash: text('token_hash').notNull(),
    /** The secret's first characters (prefix included), to tell tokens apart in a list. */
    hint: text('hint').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('release_tokens_token_hash_key').on(t.tokenHash),
    // The history names a token by its name: one live token of a remote per name.
    uniqueIndex('release_tokens_live_name_key')
      .on(t.remote, t.name)
      .where(sql`${t.revokedAt} is null`),
    index('release_tokens_remote_idx').on(t.remote),
    check('release_tokens_remote_check', remoteByForm(t.remote)),
    check('release_tokens_name_check', sql`char_length(${t.name}) between 1 and 60`),
  ],
);
