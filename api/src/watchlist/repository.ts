/**
 * The watchlist calls' reads and writes (docs/product.md, "Watchlist"): a user's watched items
 * (newest first, keyset-paged on the watch's id) with each item's price, status and owner now,
 * one item's watched state, watching (again: the alert price changes) and unwatching. Every query
 * is scoped to the caller: another user's watch is not found.
 *
 * The cap on how many items one user watches holds under concurrent calls: a new watch is added
 * in a transaction that first locks the user's row, so one user's watches are counted and added
 * one after the other.
 */
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { transaction, type Database } from '../db/client';
import { items, users, watchlist } from '../db/schema';
import { isListed } from '../market/rules';
import { displayName } from '../repositories/activity-repository';
import { itemImagePath } from '../repositories/items-repository';

/** What watching an item did, or why it did not. */
export type WatchOutcome =
  | { kind: 'watched'; created: boolean; alertPriceCents: number | null }
  | { kind: 'itemNotFound' }
  | { kind: 'full'; max: number };

const owners = alias(users, 'owners');

export function createWatchlistRepository(database: Database, now: () => Date) {
  const { db } = database;

  return {
    /** How many items the user watches. */
    async total(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(watchlist)
        .where(eq(watchlist.userId, userId));
      return row?.n ?? 0;
    },

    /** The user's watched items before the watch `beforeId` (all when null), newest first, `limit + 1`. */
    async list(userId: string, beforeId: number | null, limit: number) {
      const at = now();
      const rows = await db
        .select({
          id: watchlist.id,
          alertPriceCents: watchlist.alertPriceCents,
          watchedAt: watchlist.createdAt,
          itemId: items.id,
          kind: items.kind,
          title: items.title,
          priceCents: items.priceCents,
          listingId: items.listingId,
          listingEndsAt: items.listingEndsAt,
          ownerId: owners.id,
          fullName: owners.fullName,
          email: owners.email,
          walletAddress: owners.walletAddress,
        })
        .from(watchlist)
        .innerJoin(items, eq(items.id, watchlist.itemId))
        .innerJoin(owners, eq(owners.id, items.ownerId))
        .where(
          and(
            eq(watchlist.userId, userId),
            beforeId === null ? undefined : lt(watchlist.id, beforeId),
          ),
        )
        .orderBy(desc(watchlist.id))
        .limit(limit + 1);
      return rows.map((row) => {
        const listed = isListed(row, at);
        return {
          id: row.id,
          item: {
            itemId: String(row.itemId),
            kind: row.kind,
            title: row.title,
            image: itemImagePath(row.itemId),
            price: row.priceCents / 100,
            listed,
            listingPrice: listed ? row.priceCents / 100 : null,
            owner: displayName({ ...row, id: row.ownerId }),
            ownerId: row.ownerId,
            alertPrice: row.alertPriceCents === null ? null : row.alertPriceCents / 100,
            alertPriceCents: row.alertPriceCents,
            watchedAt: row.watchedAt.toISOString(),
          },
        };
      });
    },

    /** The user's watch of one item: undefined when the item does not exist, null when not watched. */
    async find(userId: string, itemId: number) {
      const [row] = await db
        .select({ watchId: watchlist.id, alertPriceCents: watchlist.alertPriceCents })
        .from(items)
        .leftJoin(watchlist, and(eq(watchlist.itemId, items.id), eq(watchlist.userId, userId)))
        .where(eq(items.id, itemId));
      if (row === undefined) return undefined;
      return row.watchId === null ? null : { alertPriceCents: row.alertPriceCents };
    },

    /**
     * Watches an item, or changes the alert price of a watch the user has (idempotent); refused
     * for an item that does not exist, or a new watch beyond `max`.
     */
    watch(userId: string, itemId: number, alertPriceCents: number | null, max: number) {
      return transaction(db, async (tx): Promise<WatchOutcome> => {
        // One user's watches are counted and added one after the other (the cap).
        await tx.execute(
          sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`,
        );
        const [item] = await tx.select({ id: items.id }).from(items).where(eq(items.id, itemId));
        if (item === undefined) return { kind: 'itemNotFound' };
        const changed = await tx
          .update(watchlist)
          .set({ alertPriceCents })
          .where(and(eq(watchlist.userId, userId), eq(watchlist.itemId, itemId)))
          .returning({ id: watchlist.id });
        if (changed.length > 0) return { kind: 'watched', created: false, alertPriceCents };
        const [watched] = await tx
          .select({ n: count() })
          .from(watchlist)
          .where(eq(watchlist.userId, userId));
        if ((watched?.n ?? 0) >= max) return { kind: 'full', max };
        await tx.insert(watchlist).values({ userId, itemId, alertPriceCents, createdAt: now() });
        return { kind: 'watched', created: true, alertPriceCents };
      });
    },

    /** Stops watching an item; false when the user did not watch it. */
    async unwatch(userId: string, itemId: number): Promise<boolean> {
      const rows = await db
        .delete(watchlist)
        .where(and(eq(watchlist.userId, userId), eq(watchlist.itemId, itemId)))
        .returning({ id: watchlist.id });
      return rows.length > 0;
    },
  };
}

export type WatchlistRepository = ReturnType<typeof createWatchlistRepository>;
