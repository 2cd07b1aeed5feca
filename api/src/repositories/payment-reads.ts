/**
 * The payments area's reads: the recorded payment of an order (the card form's success answer)
 * and a user's collection (the items they own, `GET /collection/:userId`). Plain reads, kept
 * apart from the payment attempts' decisions; the payments repository (payments-repository.ts)
 * serves them. (The purchase history is the orders repository's.)
 */
import type { ItemKind, PaymentRecord } from '@hypertek/shared/contract';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items, paymentAttempts, payments } from '../db/schema';
import { decodeTimeCursor, paginate } from '../lib/cursor';
import type { MarketRepository } from '../market';
import { itemColumns, toCatalogueItem, type ApiItem } from './items-repository';

/**
 * A recorded purchase, as the card form's success answer shows it (a stored row may name a
 * provider other than today's two: seeded purchases).
 */
export type PaymentSummary = PaymentRecord;

export function createPaymentReads({ db }: Database, market: MarketRepository) {
  return {
    /** The recorded payment of an order, as the card form's success answer shows it. */
    async paymentOfOrder(orderId: string): Promise<PaymentSummary | undefined> {
      const [row] = await db
        .select({
          payment: payments,
          title: items.title,
          kind: items.kind,
          cardBrand: paymentAttempts.cardBrand,
          cardLast4: paymentAttempts.cardLast4,
        })
        .from(payments)
        .innerJoin(items, eq(items.id, payments.itemId))
        .leftJoin(
          paymentAttempts,
          and(
            eq(paymentAttempts.orderId, payments.orderId),
            eq(paymentAttempts.providerRef, payments.providerRef),
          ),
        )
        .where(eq(payments.orderId, orderId));
      if (row === undefined) return undefined;
      const { payment } = row;
      return {
        id: payment.id,
        orderId: payment.orderId,
        paymentIntentId: payment.providerRef ?? '',
        status: 'succeeded',
        amount: payment.amountCents / 100,
        amountCents: payment.amountCents,
        currency: payment.currency,
        provider: payment.provider,
        productId: String(payment.itemId),
        title: row.title,
        kind: row.kind,
        card:
          row.cardBrand !== null && row.cardLast4 !== null
            ? { brand: row.cardBrand, last4: row.cardLast4 }
            : null,
        createdAt: payment.createdAt.toISOString(),
      };
    },

    /**
     * The items a user owns, most recently acquired first, keyset-paged on (owned_since, id)
     * through `items_owner_since_idx`.
     */
    async collection(
      userId: string,
      limit: number,
      cursor: string | undefined,
      kind?: ItemKind,
    ): Promise<{ data: ApiItem[]; nextCursor: string | null }> {
      const after = decodeTimeCursor(cursor);
      const rows = await db
        .select(itemColumns)
        .from(items)
        .where(
          and(
            eq(items.ownerId, userId),
            kind === undefined ? undefined : eq(items.kind, kind),
            after === null
              ? undefined
              : or(
                  lt(items.ownedSince, after.at),
                  and(eq(items.ownedSince, after.at), lt(items.id, after.id)),
                ),
          ),
        )
        .orderBy(desc(items.ownedSince), desc(items.id))
        .limit(limit + 1);
      const { page, nextCursor } = paginate(rows, limit, (last) => [
        last.ownedSince.toISOString(),
        last.id,
      ]);
      const at = market.now().getTime();
      return { data: page.map((row): ApiItem => toCatalogueItem(row, at)), nextCursor };
    },
  };
}
