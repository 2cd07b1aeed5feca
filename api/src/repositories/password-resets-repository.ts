/**
 * Password reset links: random tokens of which only a SHA-256 is stored; single use, for a
 * configured lifetime (RESET_TOKEN_TTL_MINUTES, default 30).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { passwordResets } from '../db/schema';

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createPasswordResetsRepository(database: Database, ttlMinutes: number) {
  const { db } = database;
  const ttlMs = ttlMinutes * 60 * 1000;
  return {
    /**
     * forgot-password's one statement, the same whether or not the email has an account: looks
     * the account up by email, voids its unused links and stores the new one, in one round trip.
     * A token is made either way; for an email without an account nothing matches, nothing is
     * written, and `account` is undefined (the token then opens nothing). Accounts without an
     * email (wallet sign-ins) never match.
     */
    async issueForEmail(
      email: string,
      now = new Date(),
    ): Promise<{ token: string; account: { id: string; email: string } | undefined }> {
      const token = randomBytes(32).toString('base64url');
      const at = now.toISOString();
      const expires = new Date(now.getTime() + ttlMs).toISOString();
      const [account] = await database.rows<{ id: string; email: string }>(sql`
        with account as (
          select id, email from users where email = ${email.toLowerCase()}
        ), voided as (
          update password_resets set used_at = ${at}::timestamptz
          where user_id in (select id from account) and used_at is null
        ), issued as (
          insert into password_resets (user_id, token_hash, expires_at)
          select id, ${digest(token)}, ${expires}::timestamptz from account
        )
        select id, email from account`);
      return { token, account };
    },
    /** Issues a new link token for a user; earlier unused links of that user stop working. */
    async issue(userId: string, now = new Date()): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({
          userId,
          tokenHash: digest(token),
          expiresAt: new Date(now.getTime() + ttlMs),
        });
      });
      return token;
    },
    /**
     * Uses a token: marks it used and returns its user in one statement, so two requests with the
     * same link can never both succeed. Undefined when unknown, expired or already used.
     */
    async consume(token: string): Promise<string | undefined> {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.tokenHash, digest(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: passwordResets.userId });
      return row?.userId;
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
