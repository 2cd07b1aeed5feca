/**
 * Wallet sign-in nonces, in the database so that every API instance agrees: issued for one
 * address with an expiry, then used once. Using one is a single conditional UPDATE, so two
 * requests carrying the same signed message can never both sign in.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { walletNonces } from '../db/schema';

/** Expired nonces are kept this long (for nothing but a look in the table), then deleted. */
const KEEP_EXPIRED_MS = 60 * 60 * 1000;

export type NonceState = 'usable' | 'expired' | 'unknown';

export function createWalletNoncesRepository({ db }: Database) {
  return {
    /** A new random nonce for `address` (lower-cased), valid `ttlSeconds` from `now`. */
    async issue(address: string, ttlSeconds: number, now = new Date()) {
      // 128 random bits as hex: EIP-4361 wants letters and digits only, at least 8.
      const nonce = randomBytes(16).toString('hex');
      const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
      await db.insert(walletNonces).values({ nonce, address, issuedAt: now, expiresAt });
      // Housekeeping on the way: the table only ever holds the last hour or so of nonces.
      await db
        .delete(walletNonces)
        .where(lt(walletNonces.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
      return { nonce, issuedAt: now, expiresAt };
    },
    /**
     * Whether a nonce could still be used by `address`: 'unknown' covers never issued, issued
     * for another address and already used (the caller cannot tell these apart, on purpose).
     */
    async state(nonce: string, address: string, now = new Date()): Promise<NonceState> {
      const [row] = await db
        .select({ expiresAt: walletNonces.expiresAt, usedAt: walletNonces.usedAt })
        .from(walletNonces)
        .where(and(eq(walletNonces.nonce, nonce), eq(walletNonces.address, address)));
      if (row === undefined || row.usedAt !== null) return 'unknown';
      return row.expiresAt.getTime() > now.getTime() ? 'usable' : 'expired';
    },
    /** Uses the nonce; true for exactly one caller, and only while it is unused and unexpired. */
    async consume(nonce: string, address: string, now = new Date()): Promise<boolean> {
      const rows = await db
        .update(walletNonces)
        .set({ usedAt: now })
        .where(
          and(
            eq(walletNonces.nonce, nonce),
            eq(walletNonces.address, address),
            isNull(walletNonces.usedAt),
            gt(walletNonces.expiresAt, now),
          ),
        )
        .returning({ id: walletNonces.id });
      return rows.length === 1;
    },
  };
}

export type WalletNoncesRepository = ReturnType<typeof createWalletNoncesRepository>;
