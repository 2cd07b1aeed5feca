/**
 * Password reset links: random tokens of which only a SHA-256 is stored; single use, for a
 * configured lifetime (RESET_TOKEN_TTL_MINUTES, default 30).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { passwordResets } from '../db/schema';

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createPasswordResetsRepository({ db }: Database, ttlMinutes: number) {
  const ttlMs = ttlMinutes * 60 * 1000;
  return {
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
