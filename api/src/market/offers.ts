/**
 * Offers: a buyer offers a price on an item they do not own until a chosen end (one live offer
 * per buyer and item, at most `maxOpenOffers` open); the owner accepts (the item is reserved
 * for the maker to pay, a pending order: see holds.ts) or declines; the maker cancels. Each
 * change is taken under the item's lock (item-lock.ts) and told in the activity feed and the
 * market's events (events.ts).
 */
import type { MarketOffer } from '@hypertek/shared/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { isUniqueViolation } from '../db/client';
import { HOUSE_USER_ID, items, offers, orders, users } from '../db/schema';
import { recordActivity } from '../repositories/activity-repository';
import type { MarketContext } from './context';
import { recordEvent } from './events';
import { clearHold, pendingOrder, voidOrder } from './holds';
import { closeLapsed, lockItem, lockRow, readOffer, type ItemLock } from './item-lock';
import { refused, type NeedsRelease, type Refusal } from './refusals';
import { openOffer, standingOffer } from './rules';
import { offerView, offerViews } from './views';

type OfferRow = typeof offers.$inferSelect;

/** The offer, its item locked, once `check` lets the caller act on it. */
const lockOffer = (
  tx: Tx,
  offerId: string,
  at: Date,
  check: (found: OfferRow, item: ItemLock) => Refusal | null,
) => lockRow(tx, readOffer(tx, offerId), 'offerNotFound', at, check);

/** Only the item's owner answers an offer. */
const ownsItem =
  (userId: string) =>
  (_offer: unknown, item: ItemLock): Refusal | null =>
    item.ownerId === userId ? null : refused('notOwnerOfOffer');
/** An offer that can still be answered is open; otherwise why not. */
const stillOpen = (offer: OfferRow): Refusal | null =>
  offer.status === 'open'
    ? null
    : offer.status === 'expired'
      ? refused('offerExpired')
      : refused({ reason: 'offerClosed', offer: offer.status });

export function offerActions(market: MarketContext) {
  const { now, options, transaction } = market;
  return {
    /** Makes (or replaces) the caller's offer on an item they do not own. */
    async makeOffer(input: {
      buyerId: string;
      itemId: number;
      priceCents: number;
      durationMs: number;
    }): Promise<{ kind: 'made'; offer: MarketOffer } | Refusal> {
      const result = await transaction(async (tx) => {
        const at = now();
        // One buyer's offers are made one at a time: the cap on open offers is exact.
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, input.buyerId))
          .for('no key update');
        const item = await lockItem(tx, input.itemId);
        if (item === undefined) return refused('itemNotFound');
        if (item.ownerId === input.buyerId) return refused('ownItemOffer');
        if (item.ownerId === HOUSE_USER_ID) return refused('houseItemOffer');
        await closeLapsed(tx, item, at);
        const [previous] = await tx
          .select()
          .from(offers)
          .where(
            and(
              eq(offers.itemId, item.id),
              eq(offers.buyerId, input.buyerId),
              inArray(offers.status, ['open', 'accepted']),
            ),
          );
        if (previous?.status === 'accepted') {
          return refused('offerAcceptedAlready');
        }
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(offers)
          .where(and(eq(offers.buyerId, input.buyerId), openOffer(at)));
        if (previous === undefined && (count?.n ?? 0) >= options.maxOpenOffers) {
          return refused({ reason: 'offerLimit', max: options.maxOpenOffers });
        }
        if (previous !== undefined) {
          // A new offer replaces the buyer's open one on this item.
          await tx
            .update(offers)
            .set({ status: 'cancelled', closedAt: at, updatedAt: at })
            .where(eq(offers.id, previous.id));
        }
        const [offer] = await tx
          .insert(offers)
          .values({
            itemId: item.id,
            buyerId: input.buyerId,
            priceCents: input.priceCents,
            expiresAt: new Date(at.getTime() + input.durationMs),
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: offers.id });
        if (offer === undefined) throw new Error('offer not created');
        await recordActivity(tx, {
          item,
          type: 'Offer',
          buyerId: input.buyerId,
          sellerId: item.ownerId,
          priceCents: input.priceCents,
          at,
        });
        await recordEvent(tx, {
          kind: previous === undefined ? 'offer.made' : 'offer.replaced',
          item,
          sellerId: item.ownerId,
          buyerId: input.buyerId,
          offerId: offer.id,
          amountCents: input.priceCents,
          payload:
            previous === undefined
              ? null
              : { replacedOfferId: previous.id, previousAmountCents: previous.priceCents },
          at,
        });
        return { kind: 'made' as const, id: offer.id };
      });
      if (result.kind !== 'made') return result;
      return { kind: 'made', offer: await offerView(market, result.id) };
    },

    /**
     * The owner accepts an open offer: the item is reserved for its maker, at that price, for the
     * reservation window (a pending order nobody else can pass).
     */
    async acceptOffer(
      ownerId: string,
      offerId: string,
    ): Promise<
      | { kind: 'accepted'; offer: MarketOffer; buyer: { id: string; email: string | null } }
      | Refusal
      | NeedsRelease
    > {
      const result = await transaction(async (tx) => {
        const at = now();
        const locked = await lockOffer(tx, offerId, at, ownsItem(ownerId));
        if (locked.kind === 'refused') return locked;
        const { item } = locked;
        const hold = await clearHold(tx, item, at);
        if (hold.kind === 'release') return hold;
        // Read again: a lapsed reservation of this very offer has just made it open again.
        const offer = await readOffer(tx, offerId)();
        if (offer === undefined) return refused('offerNotFound');
        const closed = stillOpen(offer);
        if (closed !== null) return closed;
        if (hold.kind === 'refused') {
          const [accepted] = await tx
            .select({ id: offers.id })
            .from(offers)
            .where(and(eq(offers.itemId, item.id), eq(offers.status, 'accepted')));
          return refused(accepted === undefined ? 'holdBlocksChange' : 'anotherAccepted');
        }
        const reservedUntil = new Date(at.getTime() + options.reservationMs);
        try {
          await tx.insert(orders).values({
            userId: offer.buyerId,
            itemId: item.id,
            status: 'pending',
            amountCents: offer.priceCents,
            offerId: offer.id,
            sellerId: ownerId,
            holdUntil: reservedUntil,
            createdAt: at,
          });
        } catch (error) {
          if (isUniqueViolation(error)) return refused('anotherAccepted');
          throw error;
        }
        await tx
          .update(offers)
          .set({ status: 'accepted', updatedAt: at })
          .where(eq(offers.id, offer.id));
        await recordActivity(tx, {
          item,
          type: 'Accept offer',
          buyerId: offer.buyerId,
          sellerId: ownerId,
          priceCents: offer.priceCents,
          at,
        });
        await recordEvent(tx, {
          kind: 'offer.accepted',
          item,
          sellerId: ownerId,
          buyerId: offer.buyerId,
          offerId: offer.id,
          amountCents: offer.priceCents,
          payload: { reservedUntil: reservedUntil.toISOString() },
          at,
        });
        const [buyer] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.id, offer.buyerId));
        return { kind: 'accepted' as const, buyer: buyer ?? { id: offer.buyerId, email: null } };
      });
      if (result.kind !== 'accepted') return result;
      return { kind: 'accepted', offer: await offerView(market, offerId), buyer: result.buyer };
    },

    /** The owner declines an open offer. */
    async declineOffer(
      ownerId: string,
      offerId: string,
    ): Promise<{ kind: 'declined'; offer: MarketOffer } | Refusal> {
      const result = await transaction(async (tx) => {
        const at = now();
        const locked = await lockOffer(tx, offerId, at, ownsItem(ownerId));
        if (locked.kind === 'refused') return locked;
        const { row: offer, item } = locked;
        const closed = stillOpen(offer);
        if (closed !== null) return closed;
        await tx
          .update(offers)
          .set({ status: 'declined', closedAt: at, updatedAt: at })
          .where(eq(offers.id, offerId));
        await recordActivity(tx, {
          item,
          type: 'Decline offer',
          buyerId: offer.buyerId,
          sellerId: ownerId,
          priceCents: offer.priceCents,
          at,
        });
        await recordEvent(tx, {
          kind: 'offer.declined',
          item,
          sellerId: ownerId,
          buyerId: offer.buyerId,
          offerId,
          amountCents: offer.priceCents,
          at,
        });
        return { kind: 'declined' as const };
      });
      if (result.kind !== 'declined') return result;
      return { kind: 'declined', offer: await offerView(market, offerId) };
    },

    /** The maker cancels their offer (an accepted one too, while no payment is under way). */
    async cancelOffer(
      buyerId: string,
      offerId: string,
    ): Promise<{ kind: 'cancelled'; offer: MarketOffer } | Refusal | NeedsRelease> {
      const result = await transaction(async (tx) => {
        const at = now();
        const locked = await lockOffer(tx, offerId, at, (found) =>
          found.buyerId === buyerId ? null : refused('offerNotYours'),
        );
        if (locked.kind === 'refused') return locked;
        const { row: offer, item } = locked;
        // What the voided reservation gave the offer back to: expired when its end has come.
        let reopened: 'open' | 'expired' | null = null;
        if (offer.status === 'accepted') {
          const pending = await pendingOrder(tx, item.id);
          if (pending !== undefined && pending.order.offerId === offerId) {
            if (pending.busy) return refused('busy');
            if (pending.live) return { kind: 'release' as const, orderId: pending.order.id };
            reopened = await voidOrder(tx, pending.order, at);
          }
        } else {
          const closed = stillOpen(offer);
          if (closed !== null) return closed;
        }
        await tx
          .update(offers)
          .set({ status: 'cancelled', closedAt: at, updatedAt: at })
          .where(and(eq(offers.id, offerId), inArray(offers.status, ['open', 'accepted'])));
        await recordActivity(tx, {
          item,
          type: 'Cancel offer',
          buyerId,
          sellerId: item.ownerId,
          priceCents: offer.priceCents,
          at,
        });
        await recordEvent(tx, {
          // An accepted offer past its end expires with its reservation: nothing is left to cancel.
          kind: reopened === 'expired' ? 'offer.expired' : 'offer.cancelled',
          item,
          sellerId: item.ownerId,
          buyerId,
          offerId,
          amountCents: offer.priceCents,
          // An accepted offer's reservation ends with it.
          payload: offer.status === 'accepted' ? { reservationEnded: true } : null,
          at,
        });
        return { kind: 'cancelled' as const };
      });
      if (result.kind !== 'cancelled') return result;
      return { kind: 'cancelled', offer: await offerView(market, offerId) };
    },

    /** Offers on the owner's items that are open or accepted (newest first). */
    async offersReceived(ownerId: string, limit: number): Promise<MarketOffer[]> {
      const at = now();
      return offerViews(market, and(eq(items.ownerId, ownerId), standingOffer(at)) as SQL, limit);
    },

    /** The maker's offers, newest first, whatever their status. */
    async offersMade(buyerId: string, limit: number): Promise<MarketOffer[]> {
      return offerViews(market, eq(offers.buyerId, buyerId), limit);
    },
  };
}
