/** Accounts: lookup, creation (one per email), profile changes and password changes. */
import type { User } from '@hypertek/shared/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The wire shape of SPEC §3: never the hash, only whether a password is set. */
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createUsersRepository({ db }: Database) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await db.select().from(users).where(eq(users.id, id));
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
    /** Sets a new password hash and revokes every token issued before (token version + 1). */
    async setPassword(id: string, passwordHash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
