/**
 * The one settlement of a sale. Whoever learns that an order is paid — the card form's request,
 * the provider's webhook, a status read, the seed's story — records it here and nowhere else,
 * inside its own transaction:
 * 1. the once-only guard: the order goes from pending to paid, or nothing happens (it was
 *    recorded already, or it no longer holds the item);
 * 2. the payment row;
 * 3. the item moves to the buyer; the listing is sold, any other listing of the item cancelled;
 *    the accepted offer is sold, the buyer's other offers on the item end;
 * 4. one ledger posting: card receipts give the price, the seller gets it less the commission;
 * 5. the feed's Transfer and Sale rows, and the market's events: `item.sold` (the listing or the
 *    accepted offer that was paid), `item.transferred` (the owner changes), then what the sale
 *    ended: the item's other listing (`listing.cancelled`) and the buyer's own offers on it
 *    (`offer.cancelled`), each with `reason: 'sold'`.
 * The database keeps the result honest at commit (migration 0006): the posting balances, the
 * item points at no stale listing, no listing is left by a seller who no longer owns the item.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { items, listings, offers, orders, payments } from '../db/schema';
import { recordActivity } from '../repositories/activity-repository';
import { recordEvents } from './events';
import { lockItem } from './item-lock';
import { post, type Entry } from './ledger';

export interface SalePayment {
  amountCents: number;
  currency: string;
  /** 'stripe', 'sandbox', or 'seed' for the story's purchases. */
  provider: string;
  /** The provider's payment id (null for the seed's). */
  providerRef: string | null;
  /** When it was paid: the database's clock (to the millisecond) unless given. */
  paidAt?: Date;
}

export interface SettlementTerms {
  /** The market's clock: when the item changes hands. */
  at: Date;
  /** The house's commission, in basis points of the price. */
  commissionBps: number;
}

/** The posting of a sale of `amountCents` to `sellerId`, less the house's commission. */
export function saleEntries(sellerId: string, amountCents: number, commissionBps: number): Entry[] {
  const commission = Math.floor((amountCents * commissionBps) / 10_000);
  return [
    { account: 'card_receipts', amountCents: -amountCents },
    ...(amountCents - commission > 0
      ? [{ account: 'user' as const, userId: sellerId, amountCents: amountCents - commission }]
      : []),
    ...(commission > 0 ? [{ account: 'commission' as const, amountCents: commission }] : []),
  ];
}

/**
 * Settles a paid order, once. Returns true when this call recorded the sale, false when the
 * order was not pending (recorded before, or void).
 */
export async function settleSale(
  tx: Tx,
  orderId: string,
  payment: SalePayment,
  terms: SettlementTerms,
): Promise<boolean> {
  const { at } = terms;
  const [order] = await tx
    .update(orders)
    .set({
      status: 'paid',
      // Milliseconds, as the collection's cursor carries them (a JavaScript date).
      paidAt: payment.paidAt ?? sql`date_trunc('milliseconds', now())`,
      amountCents: payment.amountCents,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning();
  if (order === undefined) return false;

  await tx.insert(payments).values({
    orderId: order.id,
    userId: order.userId,
    itemId: order.itemId,
    amountCents: payment.amountCents,
    currency: payment.currency,
    provider: payment.provider,
    providerRef: payment.providerRef,
    ...(payment.paidAt === undefined ? {} : { createdAt: payment.paidAt }),
  });

  // Every decision about an item is taken under its row lock.
  const item = await lockItem(tx, order.itemId);
  if (item === undefined) throw new Error(`item ${order.itemId} vanished`);
  const sellerId = order.sellerId ?? item.ownerId;
  await tx
    .update(items)
    .set({
      ownerId: order.userId,
      ownedSince: at,
      listingId: null,
      listingEndsAt: null,
      priceCents: payment.amountCents,
    })
    .where(eq(items.id, item.id));
  if (order.listingId !== null) {
    await tx
      .update(listings)
      .set({ status: 'sold', buyerId: order.userId, closedAt: at, updatedAt: at })
      .where(and(eq(listings.id, order.listingId), eq(listings.status, 'active')));
  }
  // An item that changes hands loses every other listing for good.
  const endedListings = await tx
    .update(listings)
    .set({ status: 'cancelled', closedAt: at, updatedAt: at })
    .where(and(eq(listings.itemId, item.id), eq(listings.status, 'active')))
    .returning({ id: listings.id, sellerId: listings.sellerId, priceCents: listings.priceCents });
  if (order.offerId !== null) {
    await tx
      .update(offers)
      .set({ status: 'sold', closedAt: at, updatedAt: at })
      .where(eq(offers.id, order.offerId));
  }
  // The new owner's own offers on it end; other buyers' offers follow the item to them.
  const endedOffers = await tx
    .update(offers)
    .set({ status: 'cancelled', closedAt: at, updatedAt: at })
    .where(
      and(
        eq(offers.itemId, item.id),
        eq(offers.buyerId, order.userId),
        inArray(offers.status, ['open', 'accepted']),
      ),
    )
    .returning({ id: offers.id, priceCents: offers.priceCents });

  await post(tx, 'sale', saleEntries(sellerId, payment.amountCents, terms.commissionBps), {
    orderId: order.id,
    at,
  });

  // The transfer first, so the sale (what the tables lead with) is the newer of the two.
  for (const type of ['Transfer', 'Sale'] as const) {
    await recordActivity(tx, {
      item,
      type,
      buyerId: order.userId,
      sellerId,
      priceCents: payment.amountCents,
      at,
    });
  }
  const sale = { item, sellerId, buyerId: order.userId, amountCents: payment.amountCents, at };
  const sold = { reason: 'sold' };
  await recordEvents(tx, [
    { kind: 'item.sold', ...sale, listingId: order.listingId, offerId: order.offerId },
    { kind: 'item.transferred', ...sale },
    ...endedListings.map((listing) => ({
      kind: 'listing.cancelled' as const,
      item,
      sellerId: listing.sellerId,
      listingId: listing.id,
      amountCents: listing.priceCents,
      payload: sold,
      at,
    })),
    ...endedOffers.map((offer) => ({
      kind: 'offer.cancelled' as const,
      item,
      sellerId,
      buyerId: order.userId,
      offerId: offer.id,
      amountCents: offer.priceCents,
      payload: sold,
      at,
    })),
  ]);
  return true;
}
