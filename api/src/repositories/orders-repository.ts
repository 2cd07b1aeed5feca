/**
 * Orders and payments. An order is one row per user and item (unique constraint): recording it
 * twice, even concurrently, leaves one row. It becomes 'paid' when the checkout confirms a
 * payment; the purchase history lists payments.
 */
import type { PaymentHistoryEntry } from '@hypertek/shared/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items, orders, payments } from '../db/schema';

export type OrderStatus = 'pending' | 'paid';

export function createOrdersRepository({ db }: Database) {
  return {
    /**
     * Records the user's order for an item if there is none yet (INSERT … ON CONFLICT DO NOTHING),
     * then returns the order's status. Safe under any number of concurrent identical calls.
     */
    async ensureOrder(userId: string, itemId: number, amountCents: number): Promise<OrderStatus> {
      await db.insert(orders).values({ userId, itemId, amountCents }).onConflictDoNothing();
      const [row] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.itemId, itemId)));
      if (row === undefined) throw new Error('order vanished after insert');
      return row.status;
    },
    async countFor(userId: string, itemId: number): Promise<number> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.itemId, itemId)));
      return rows.length;
    },
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
