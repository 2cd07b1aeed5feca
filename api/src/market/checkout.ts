/**
 * What the payment path asks of the market: the order a buyer's checkout pays for (a hold on
 * the listing at the price the buyer saw, or their own reservation), the purchase check that
 * holds nothing, and the release of a lapsed hold whose payment was cancelled at the provider.
 * The payment is recorded by the one settlement (settlement.ts), in the payment's transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { isUniqueViolation } from '../db/client';
import { items, orders, paymentAttempts } from '../db/schema';
import type { MarketContext } from './context';
import {
  clearHold,
  heldRefusal,
  holds,
  lapseOrder,
  LIVE_ATTEMPT,
  pendingOrder,
  type OrderRow,
} from './holds';
import { activeListing, closeLapsed, lockItem } from './item-lock';
import { refused, type NeedsRelease, type Refusal } from './refusals';

export function checkoutActions(market: MarketContext) {
  const { db, options, now, transaction } = market;
  return {
    /**
     * Inside the payment's claim transaction: what this buyer's checkout of the item pays for.
     * Reuses the buyer's own pending order (a retry, or their accepted offer); otherwise takes a
     * checkout hold on the active listing at its price, which must be the price the buyer saw.
     */
    async orderForCheckout(
      tx: Tx,
      buyerId: string,
      itemId: number,
      shownCents: number,
    ): Promise<{ kind: 'order'; order: OrderRow } | { kind: 'owned' } | Refusal | NeedsRelease> {
      const at = now();
      const item = await lockItem(tx, itemId);
      if (item === undefined) return refused('itemNotFound');
      if (item.ownerId === buyerId) return { kind: 'owned' };
      await closeLapsed(tx, item, at);
      const hold = await clearHold(tx, item, at, { id: buyerId, holdMs: options.checkoutHoldMs });
      if (hold.kind === 'refused' || hold.kind === 'release') return hold;
      if (hold.kind === 'mine') {
        if (hold.order.amountCents !== shownCents) {
          return refused({ reason: 'priceChanged', cents: hold.order.amountCents });
        }
        return { kind: 'order', order: hold.order };
      }
      const listing = await activeListing(tx, item.id, at);
      if (listing === undefined) return refused('notForSale');
      if (listing.priceCents !== shownCents) {
        return refused({ reason: 'priceChanged', cents: listing.priceCents });
      }
      try {
        const [order] = await tx
          .insert(orders)
          .values({
            userId: buyerId,
            itemId: item.id,
            status: 'pending',
            amountCents: listing.priceCents,
            listingId: listing.id,
            sellerId: item.ownerId,
            holdUntil: new Date(at.getTime() + options.checkoutHoldMs),
            createdAt: at,
          })
          .returning();
        if (order === undefined) throw new Error('order not created');
        return { kind: 'order', order };
      } catch (error) {
        if (isUniqueViolation(error)) return refused('checkoutInProgress');
        throw error;
      }
    },

    /**
     * The purchase check: what the caller would pay now, without holding anything. 'owned' for
     * the owner; a refusal when the item cannot be bought by them now.
     */
    async preview(
      buyerId: string,
      itemId: number,
    ): Promise<
      | { kind: 'owned' }
      | { kind: 'buyable'; priceCents: number; reservedUntil: Date | null }
      | Refusal
    > {
      const at = now();
      const [item] = await db
        .select({ ownerId: items.ownerId })
        .from(items)
        .where(eq(items.id, itemId));
      if (item === undefined) return refused('itemNotFound');
      if (item.ownerId === buyerId) return { kind: 'owned' };
      const pending = await pendingOrder(db, itemId);
      if (pending !== undefined && (holds(pending.order, at) || pending.busy)) {
        const { order } = pending;
        if (order.userId === buyerId) {
          return {
            kind: 'buyable',
            priceCents: order.amountCents,
            reservedUntil: order.offerId === null ? null : order.holdUntil,
          };
        }
        return heldRefusal(order);
      }
      const listing = await activeListing(db, itemId, at);
      if (listing === undefined) return refused('notForSale');
      return { kind: 'buyable', priceCents: listing.priceCents, reservedUntil: null };
    },

    /** The pending order a lapsed hold left, with its live attempt (to cancel at the provider). */
    async lapsedHold(orderId: string) {
      const [row] = await db
        .select({ order: orders, attempt: paymentAttempts })
        .from(orders)
        .leftJoin(
          paymentAttempts,
          and(
            eq(paymentAttempts.orderId, orders.id),
            inArray(paymentAttempts.status, [...LIVE_ATTEMPT]),
          ),
        )
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
      return row;
    },

    /** A lapsed hold whose intent is closed at the provider now: void it (under the item lock). */
    async voidLapsed(orderId: string): Promise<void> {
      await transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
        if (order === undefined || order.status !== 'pending') return;
        const at = now();
        const item = await lockItem(tx, order.itemId);
        if (item === undefined) return;
        const pending = await pendingOrder(tx, order.itemId);
        if (pending?.order.id !== orderId || holds(pending.order, at) || pending.busy) return;
        if (pending.live) {
          // Whatever is left open at the provider for it was cancelled there: close it here too.
          await tx
            .update(paymentAttempts)
            .set({ status: 'canceled', leaseUntil: null, updatedAt: sql`now()` })
            .where(
              and(
                eq(paymentAttempts.orderId, orderId),
                inArray(paymentAttempts.status, [...LIVE_ATTEMPT]),
              ),
            );
        }
        await lapseOrder(tx, item, pending.order, at);
      });
    },
  };
}
