/**
 * Accounts: lookup, creation (one per email, Google id, Discord id or wallet address), sign-in
 * through a provider (with linking by verified email), profile changes and password changes.
 */
import { FULL_NAME_MAX_LENGTH, type User } from '@hypertek/shared/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The wire shape (docs/product.md, Entities): never the hash, only whether a password is set. */
export function toPublicUser(row: UserRow): User {
  return {
    _id: row.id,
    id: row.id,
    FullName: row.fullName,
    Email: row.email ?? '',
    Bio: row.bio,
    Avatar: row.avatar,
    Password: row.passwordHash !== null,
    DiscordId: row.discordId,
    GoogleId: row.googleId,
    WalletAddress: row.walletAddress,
  };
}

export type IdentityProvider = 'google' | 'discord';

export interface ProviderSignInInput {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

export type ProviderSignIn =
  | { outcome: 'signed-in'; user: UserRow; created: boolean }
  /** The verified email's account already has another identity of this provider. */
  | { outcome: 'email-taken' };

/**
 * A provider's display name under the site's full-name rule (letters, marks and spaces, at most
 * 30), so that the profile form, which sends the name back, accepts it as it is.
 */
export function toFullName(name: string): string {
  return name
    .replace(/[^\p{L}\p{M} ]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, FULL_NAME_MAX_LENGTH)
    .trim();
}

/** PostgreSQL's unique_violation, whichever the driver and whether drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e != null && depth < 3; depth++) {
    if (typeof e === 'object' && 'code' in e && e.code === '23505') return true;
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return false;
}

/**
 * Two first sign-ins of one identity at once both miss the lookup and race to insert; the unique
 * indexes let one win, and the other goes round again and finds it. Three rounds are plenty.
 */
const SIGN_IN_ATTEMPTS = 3;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createUsersRepository({ db }: Database) {
  // Every signed-in request reads its user (auth checks the token's version): built once, and
  // a named statement on a PostgreSQL server, parsed once per connection.
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_by_id');
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await byId.execute({ id });
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    /** Creates an email account; undefined when the email is taken (the unique index decides). */
    async createWithPassword(input: {
      email: string;
      passwordHash: string;
      fullName?: string;
    }): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          passwordHash: input.passwordHash,
          fullName: input.fullName ?? '',
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async updateProfile(
      id: string,
      changes: { fullName?: string; bio?: string; avatar?: string },
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    /**
     * Sets a new password hash and revokes every token issued before (token version + 1).
     * `emailProven`: the change came through a reset link sent to the account's email.
     */
    async setPassword(
      id: string,
      passwordHash: string,
      options: { emailProven?: boolean } = {},
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: sql`now()`,
          ...(options.emailProven === true
            ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` }
            : {}),
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async findByWalletAddress(address: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(users.walletAddress, address.toLowerCase()));
      return row;
    },

    /** The account of a wallet address (lower-cased); the first sign-in creates it. */
    async signInWithWallet(address: string): Promise<{ user: UserRow; created: boolean }> {
      const walletAddress = address.toLowerCase();
      for (let attempt = 1; attempt <= SIGN_IN_ATTEMPTS; attempt++) {
        const [existing] = await db
          .select()
          .from(users)
          .where(eq(users.walletAddress, walletAddress));
        if (existing !== undefined) return { user: existing, created: false };
        // No email and no password: the address is the account's only way in.
        const [created] = await db
          .insert(users)
          .values({ walletAddress, fullName: '' })
          .onConflictDoNothing()
          .returning();
        if (created !== undefined) return { user: created, created: true };
      }
      throw new Error(`wallet sign-in did not settle for ${walletAddress}`);
    },

    /**
     * The account of a Google or Discord identity. Found by the provider's id; else, when the
     * provider vouches for the email, the account with that email gets the identity (see below);
     * else a new account (with the email only when verified: an unproven address must not block
     * its owner's sign-up).
     *
     * Linking to an account whose email was never proven (an email sign-up: anyone may have
     * typed that address) clears its password and revokes its tokens, so a password chosen by
     * someone who does not own the mailbox stops working; the owner can set one again through
     * "forgot password". An account whose email was proven keeps its password.
     */
    async signInWithProvider(
      provider: IdentityProvider,
      identity: ProviderSignInInput,
    ): Promise<ProviderSignIn> {
      const column = provider === 'google' ? users.googleId : users.discordId;
      const identityValue =
        provider === 'google' ? { googleId: identity.subject } : { discordId: identity.subject };
      const email =
        identity.emailVerified && identity.email !== null && identity.email.trim() !== ''
          ? identity.email.trim().toLowerCase()
          : null;
      const fullName = toFullName(identity.name);

      for (let attempt = 1; attempt <= SIGN_IN_ATTEMPTS; attempt++) {
        const [known] = await db.select().from(users).where(eq(column, identity.subject));
        if (known !== undefined) {
          if (known.fullName === '' && fullName !== '') {
            const [named] = await db
              .update(users)
              .set({ fullName, updatedAt: sql`now()` })
              .where(and(eq(users.id, known.id), eq(users.fullName, '')))
              .returning();
            return { outcome: 'signed-in', user: named ?? known, created: false };
          }
          return { outcome: 'signed-in', user: known, created: false };
        }

        if (email !== null) {
          const [owner] = await db.select().from(users).where(eq(users.email, email));
          if (owner !== undefined) {
            const ownIdentity = provider === 'google' ? owner.googleId : owner.discordId;
            // This very identity, created by a concurrent first sign-in since the lookup above.
            if (ownIdentity === identity.subject) {
              return { outcome: 'signed-in', user: owner, created: false };
            }
            if (ownIdentity !== null) return { outcome: 'email-taken' };
            const unproven = sql`${users.emailVerifiedAt} is null`;
            let linked: UserRow | undefined;
            try {
              [linked] = await db
                .update(users)
                .set({
                  ...identityValue,
                  passwordHash: sql`case when ${unproven} then null else ${users.passwordHash} end`,
                  tokenVersion: sql`case when ${unproven} then ${users.tokenVersion} + 1 else ${users.tokenVersion} end`,
                  emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
                  fullName: sql`case when ${users.fullName} = '' then ${fullName} else ${users.fullName} end`,
                  updatedAt: sql`now()`,
                })
                // Only while the account has no such identity: a concurrent link can't be overwritten.
                .where(and(eq(users.id, owner.id), isNull(column)))
                .returning();
            } catch (error) {
              // The identity was given to another account meanwhile: the next round finds it.
              if (!isUniqueViolation(error)) throw error;
            }
            if (linked !== undefined) return { outcome: 'signed-in', user: linked, created: false };
            continue;
          }
        }

        const [created] = await db
          .insert(users)
          .values({
            ...identityValue,
            email,
            emailVerifiedAt: email === null ? null : sql`now()`,
            fullName,
          })
          .onConflictDoNothing()
          .returning();
        if (created !== undefined) return { outcome: 'signed-in', user: created, created: true };
      }
      throw new Error(`${provider} sign-in did not settle`);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
