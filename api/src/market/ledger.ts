/**
 * The ledger's one way in: a posting is one ledger transaction with its entries, written
 * together, and refused unless the entries add up to zero (debits equal credits). The database
 * refuses an unbalanced transaction at commit too (a deferred constraint trigger, migration
 * 0006), so no other path can write one; this check names the mistake before it gets there.
 *
 * Accounts: `user` (a user's balance, with `userId`), `card_receipts` (what the card provider
 * collected), `commission` (the house's cut), `opening` (opening credits). All cents are integers.
 * A balance is a sum of entries (`balanceOf`).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  ledgerEntries,
  ledgerTransactions,
  type LEDGER_ACCOUNTS,
  type LEDGER_KINDS,
} from '../db/schema';

export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export type Entry =
  | { account: 'user'; userId: string; amountCents: number }
  | { account: Exclude<LedgerAccount, 'user'>; amountCents: number };

/** A posting that could never balance or be read back: a fault in the caller, not the client. */
export class UnbalancedPostingError extends Error {
  constructor(message: string) {
    super(`ledger posting refused: ${message}`);
    this.name = 'UnbalancedPostingError';
  }
}

/** Why these entries cannot be posted, or null when they can. */
export function postingProblem(entries: readonly Entry[]): string | null {
  if (entries.length < 2) return 'a posting moves money between at least two entries';
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
      return `an entry must be a non-zero whole number of cents (got ${entry.amountCents})`;
    }
  }
  const sum = entries.reduce((total, entry) => total + entry.amountCents, 0);
  return sum === 0 ? null : `the entries add up to ${sum} cents, not 0`;
}

/**
 * Posts `entries` as one ledger transaction of `kind` (a sale names its order: one per order).
 * Returns the transaction's id.
 */
export async function post(
  tx: Tx,
  kind: LedgerKind,
  entries: readonly Entry[],
  options: { orderId?: string; at?: Date } = {},
): Promise<string> {
  const problem = postingProblem(entries);
  if (problem !== null) throw new UnbalancedPostingError(problem);
  const [txn] = await tx
    .insert(ledgerTransactions)
    .values({
      kind,
      orderId: options.orderId ?? null,
      ...(options.at === undefined ? {} : { createdAt: options.at }),
    })
    .returning({ id: ledgerTransactions.id });
  if (txn === undefined) throw new Error('ledger transaction not created');
  await tx.insert(ledgerEntries).values(
    entries.map((entry) => ({
      transactionId: txn.id,
      account: entry.account,
      userId: entry.account === 'user' ? entry.userId : null,
      amountCents: entry.amountCents,
    })),
  );
  return txn.id;
}

/** A user's balance: the sum of their account's entries, in cents. */
export async function balanceOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string | number | null>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'user'), eq(ledgerEntries.userId, userId)));
  return Number(row?.cents ?? 0);
}
