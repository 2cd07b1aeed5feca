/**
 * Listings: an owner lists an item at a price until a chosen end (one active listing per item,
 * a partial unique index), reprices it, cancels it; the seller's listings. A listing cannot
 * change under a buyer's checkout hold. Each change is taken under the item's lock
 * (item-lock.ts) and told in the activity feed and the market's events (events.ts) in the same
 * transaction.
 */
import type { MarketListing } from '@hypertek/shared/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { items, listings } from '../db/schema';
import { decodeTimeUuidCursor, paginate } from '../lib/cursor';
import { namesOf, recordActivity } from '../repositories/activity-repository';
import type { MarketContext } from './context';
import { recordEvent } from './events';
import { clearHold } from './holds';
import { closeLapsed, lockItem, lockRow, readListing, setItemListing } from './item-lock';
import { refused, type CancelOutcome, type NeedsRelease, type Refusal } from './refusals';
import { liveListing } from './rules';
import { floorOf, listingView, toMarketListing } from './views';

/** The seller's listing, its item locked: only its seller acts on it. */
const lockListing = (tx: Tx, userId: string, listingId: string, at: Date) =>
  lockRow(tx, readListing(tx, listingId), 'listingNotFound', at, (found) =>
    found.sellerId === userId ? null : refused('listingNotYours'),
  );

export function listingActions(market: MarketContext) {
  const { db, now, transaction } = market;
  return {
    /** Lists an owned item. At most one active listing per item: the database refuses a second. */
    async createListing(input: {
      userId: string;
      itemId: number;
      priceCents: number;
      durationMs: number;
      signedMessage: string | null;
      signature: string | null;
    }): Promise<{ kind: 'listed'; listing: MarketListing } | Refusal | NeedsRelease> {
      const result = await transaction(async (tx) => {
        const at = now();
        const item = await lockItem(tx, input.itemId);
        if (item === undefined) return refused('itemNotFound');
        if (item.ownerId !== input.userId) return refused('notOwner');
        await closeLapsed(tx, item, at);
        const hold = await clearHold(tx, item, at);
        if (hold.kind === 'refused' || hold.kind === 'release') {
          return hold.kind === 'refused' ? refused('holdBlocksChange') : hold;
        }
        const [listing] = await tx
          .insert(listings)
          .values({
            itemId: item.id,
            sellerId: input.userId,
            kind: item.kind,
            priceCents: input.priceCents,
            expiresAt: new Date(at.getTime() + input.durationMs),
            createdAt: at,
            updatedAt: at,
            signedMessage: input.signedMessage,
            signature: input.signature,
          })
          .onConflictDoNothing()
          .returning();
        if (listing === undefined) return refused('alreadyListed');
        await setItemListing(tx, item.id, listing, at);
        await recordActivity(tx, {
          item,
          type: 'Listing',
          buyerId: null,
          sellerId: input.userId,
          priceCents: input.priceCents,
          at,
        });
        await recordEvent(tx, {
          kind: 'listing.created',
          item,
          sellerId: input.userId,
          listingId: listing.id,
          amountCents: input.priceCents,
          at,
        });
        return { kind: 'listed' as const, id: listing.id };
      });
      if (result.kind !== 'listed') return result;
      return { kind: 'listed', listing: await listingView(market, result.id) };
    },

    /** A new price for an active listing of the caller's, unless a buyer's checkout holds it. */
    async reprice(
      userId: string,
      listingId: string,
      priceCents: number,
    ): Promise<{ kind: 'repriced'; listing: MarketListing } | Refusal | NeedsRelease> {
      const result = await transaction(async (tx) => {
        const at = now();
        const locked = await lockListing(tx, userId, listingId, at);
        if (locked.kind === 'refused') return locked;
        const { row: listing, item } = locked;
        if (listing.status !== 'active') {
          return refused({ reason: 'listingEnded', listing: listing.status });
        }
        const hold = await clearHold(tx, item, at);
        if (hold.kind === 'refused') return refused('holdBlocksChange');
        if (hold.kind === 'release') return hold;
        const [updated] = await tx
          .update(listings)
          .set({ priceCents, updatedAt: at })
          .where(eq(listings.id, listingId))
          .returning();
        if (updated === undefined) throw new Error('listing vanished');
        await tx.update(items).set({ priceCents }).where(eq(items.id, item.id));
        await recordActivity(tx, {
          item,
          type: 'Reprice',
          buyerId: null,
          sellerId: userId,
          priceCents,
          at,
        });
        await recordEvent(tx, {
          kind: 'listing.repriced',
          item,
          sellerId: userId,
          listingId,
          amountCents: priceCents,
          payload: { previousAmountCents: listing.priceCents },
          at,
        });
        return { kind: 'repriced' as const };
      });
      if (result.kind !== 'repriced') return result;
      return { kind: 'repriced', listing: await listingView(market, listingId) };
    },

    /** Which of these listings exist and are the caller's (a bulk cancel checks them first). */
    async sellersOf(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: listings.id, sellerId: listings.sellerId })
        .from(listings)
        .where(inArray(listings.id, ids));
      return new Map(rows.map((row) => [row.id, row.sellerId]));
    },

    /** Cancels one listing of the caller's; says what became of it when it could not. */
    async cancelListing(userId: string, listingId: string): Promise<CancelOutcome | NeedsRelease> {
      return transaction(async (tx) => {
        const at = now();
        const locked = await lockListing(tx, userId, listingId, at);
        // The route checks that every listing exists and is the caller's before any is cancelled.
        if (locked.kind === 'refused') throw new Error(`cancelListing: ${locked.reason}`);
        const { row: listing, item } = locked;
        if (listing.status === 'sold') {
          const buyer =
            listing.buyerId === null
              ? undefined
              : (await namesOf(tx, [listing.buyerId])).get(listing.buyerId);
          return { kind: 'done', outcome: 'sold', buyer: buyer ?? null };
        }
        if (listing.status === 'expired') {
          return { kind: 'done', outcome: 'expired' };
        }
        if (listing.status === 'cancelled') {
          return { kind: 'done', outcome: 'alreadyCancelled' };
        }
        const hold = await clearHold(tx, item, at);
        if (hold.kind === 'release') return hold;
        if (hold.kind === 'refused') return { kind: 'done', outcome: 'busy' };
        await tx
          .update(listings)
          .set({ status: 'cancelled', closedAt: at, updatedAt: at })
          .where(eq(listings.id, listingId));
        if (item.listingId === listingId) await setItemListing(tx, item.id, null, at);
        await recordActivity(tx, {
          item,
          type: 'Cancel listing',
          buyerId: null,
          sellerId: userId,
          priceCents: listing.priceCents,
          at,
        });
        await recordEvent(tx, {
          kind: 'listing.cancelled',
          item,
          sellerId: userId,
          listingId,
          amountCents: listing.priceCents,
          at,
        });
        return { kind: 'done', outcome: 'cancelled' };
      });
    },

    /** The user's listings, newest first (only active ones, or all). */
    async listingsOf(
      userId: string,
      status: 'active' | 'all',
      limit: number,
      cursor?: string,
    ): Promise<{ data: MarketListing[]; nextCursor: string | null }> {
      const after = decodeTimeUuidCursor(cursor);
      const at = now();
      const rows = await db
        .select({ listing: listings, title: items.title, serialNumber: items.serialNumber })
        .from(listings)
        .innerJoin(items, eq(items.id, listings.itemId))
        .where(
          and(
            eq(listings.sellerId, userId),
            status === 'active' ? liveListing(at) : undefined,
            after === null
              ? undefined
              : sql`(${listings.createdAt}, ${listings.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`,
          ),
        )
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(limit + 1);
      const { page, nextCursor } = paginate(rows, limit, (last) => [
        last.listing.createdAt.toISOString(),
        last.listing.id,
      ]);
      const floors = { nfa: await floorOf(db, 'nfa', at), land: await floorOf(db, 'land', at) };
      const buyers = await namesOf(
        db,
        page.flatMap((row) => (row.listing.buyerId === null ? [] : [row.listing.buyerId])),
      );
      const data = page.map((row) =>
        toMarketListing(
          { ...row.listing, title: row.title, serialNumber: row.serialNumber },
          floors,
          buyers,
          at,
        ),
      );
      return { data, nextCursor };
    },
  };
}
