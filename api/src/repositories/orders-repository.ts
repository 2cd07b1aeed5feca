/**
 * The purchase history: a user's payments, newest first. (Orders are made by the market when a
 * checkout starts or an offer is accepted, and paid by the payments repository.)
 */
import type { PaymentHistoryEntry } from '@hypertek/shared/contract';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items, payments } from '../db/schema';

export function createOrdersRepository({ db }: Database) {
  return {
    /** The user's payments, newest first, with the item's title. */
    async history(userId: string, limit: number): Promise<PaymentHistoryEntry[]> {
      const rows = await db
        .select({
          id: payments.id,
          title: items.title,
          amountCents: payments.amountCents,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .innerJoin(items, eq(items.id, payments.itemId))
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        _id: row.id,
        gameTitle: row.title,
        amount: row.amountCents / 100,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
