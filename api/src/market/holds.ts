/**
 * Pending orders: a checkout's hold on a listing (taken before the provider is called) and an
 * accepted offer's reservation, one per item (a partial unique index). While one holds the
 * item nobody else can buy it, and its seller cannot reprice, cancel or accept another offer; a
 * hold that has lapsed is voided by the next transaction on the item, once the payment it
 * started can no longer complete at the provider (an accepted offer's reservation that lapses is
 * told by its event). Called under the item's lock (item-lock.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { offers, orders, paymentAttempts } from '../db/schema';
import { recordEvents } from './events';
import { activeListing, type ItemLock } from './item-lock';
import { refused, type NeedsRelease, type Refusal } from './refusals';
import { endsAfter } from './rules';

export type OrderRow = typeof orders.$inferSelect;

/** Attempt statuses in which the buyer may still complete the payment at the provider. */
export const LIVE_ATTEMPT = [
  'creating',
  'confirming',
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
] as const;

/** The item's pending order (a checkout hold or a reservation), and whether a payment is live. */
export async function pendingOrder(q: Tx | Database['db'], itemId: number) {
  const [order] = await q
    .select()
    .from(orders)
    .where(and(eq(orders.itemId, itemId), eq(orders.status, 'pending')));
  if (order === undefined) return undefined;
  const attempts = await q
    .select({
      status: paymentAttempts.status,
      providerRef: paymentAttempts.providerRef,
      leased: sql<boolean>`coalesce(${paymentAttempts.leaseUntil} > now(), false)`,
    })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, order.id),
        inArray(paymentAttempts.status, [...LIVE_ATTEMPT]),
      ),
    );
  return {
    order,
    /** A provider call for it is under way right now. */
    busy: attempts.some((a) => a.leased),
    /** An intent exists at the provider that the buyer could still confirm. */
    live: attempts.some((a) => a.providerRef !== null || a.status === 'creating'),
  };
}

/** Whether the order's hold (a checkout's, or an accepted offer's reservation) is current. */
export const holds = (order: OrderRow, at: Date): boolean =>
  order.holdUntil !== null && order.holdUntil.getTime() > at.getTime();

/**
 * Ends a pending order that no longer holds the item: void; an accepted offer behind it goes
 * back to open (or expired), as it was before the acceptance. Returns what became of that offer
 * (null when the order was a checkout's).
 */
export async function voidOrder(
  tx: Tx,
  order: OrderRow,
  at: Date,
): Promise<'open' | 'expired' | null> {
  await tx
    .update(orders)
    .set({ status: 'void' })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
  if (order.offerId === null) return null;
  const [offer] = await tx
    .update(offers)
    .set({
      status: sql`case when ${endsAfter(offers.expiresAt, at)} then 'open' else 'expired' end`,
      updatedAt: at,
    })
    .where(and(eq(offers.id, order.offerId), eq(offers.status, 'accepted')))
    .returning({ status: offers.status });
  return offer?.status === 'expired' ? 'expired' : offer === undefined ? null : 'open';
}

/**
 * Voids a pending order whose hold has lapsed unpaid. An accepted offer's reservation that
 * lapses is a market change: `reservation.lapsed`, and `offer.expired` when the offer's own end
 * has come meanwhile. A checkout's hold lapsing changes nothing on the market (no event).
 */
export async function lapseOrder(tx: Tx, item: ItemLock, order: OrderRow, at: Date): Promise<void> {
  const offer = await voidOrder(tx, order, at);
  if (order.offerId === null || offer === null) return;
  const told = {
    item,
    sellerId: order.sellerId,
    buyerId: order.userId,
    offerId: order.offerId,
    amountCents: order.amountCents,
    at,
  };
  await recordEvents(tx, [
    { kind: 'reservation.lapsed', ...told },
    ...(offer === 'expired' ? [{ kind: 'offer.expired' as const, ...told }] : []),
  ]);
}

/** Why another buyer cannot have an item whose pending order holds it. */
export const heldRefusal = (order: OrderRow): Refusal =>
  order.offerId !== null && order.holdUntil !== null
    ? refused({ reason: 'reserved', until: order.holdUntil })
    : refused('checkoutInProgress');

/**
 * Clears the way on a locked item: a hold that has lapsed is voided. Returns a refusal when a
 * hold is current (or a payment call is under way), or `release` when a lapsed hold still has
 * an intent open at the provider. For `buyer`'s own checkout, their pending order is theirs to
 * go on with (`mine`), its hold renewed for `holdMs` while the listing is as it was.
 */
export async function clearHold(
  tx: Tx,
  item: ItemLock,
  at: Date,
  buyer?: { id: string; holdMs: number },
): Promise<Refusal | NeedsRelease | { kind: 'clear' } | { kind: 'mine'; order: OrderRow }> {
  const pending = await pendingOrder(tx, item.id);
  if (pending === undefined) return { kind: 'clear' };
  const { order } = pending;
  if (holds(order, at) || pending.busy) {
    if (buyer !== undefined && order.userId === buyer.id) return { kind: 'mine', order };
    return heldRefusal(order);
  }
  if (buyer !== undefined && order.userId === buyer.id && order.listingId !== null) {
    // The same buyer again after a declined card (or a lapsed hold): while the listing is as
    // it was, the checkout goes on (the same intent), held anew.
    const listing = await activeListing(tx, item.id, at);
    if (listing?.id === order.listingId && listing.priceCents === order.amountCents) {
      const [renewed] = await tx
        .update(orders)
        .set({ holdUntil: new Date(at.getTime() + buyer.holdMs) })
        .where(eq(orders.id, order.id))
        .returning();
      return { kind: 'mine', order: renewed ?? order };
    }
  }
  if (pending.live) return { kind: 'release', orderId: order.id };
  await lapseOrder(tx, item, order, at);
  return { kind: 'clear' };
}
