/**
 * Marketplace activity: the public feed (newest first, keyset-paged), a user's own entries, and
 * the sales of one item.
 */
import type { ActivityEntry, ItemSale } from '@hypertek/shared/contract';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { decodeTimeCursor, paginate } from '../lib/cursor';
import { activities, items } from '../db/schema';

type ActivityRow = typeof activities.$inferSelect & { itemKind: 'nfa' | 'land' | null };

/** An entry, with the item it is about when that item is still listed (rows link to it). */
export const toActivityEntry = (row: ActivityRow): ActivityEntry => ({
  _id: String(row.id),
  name: row.name,
  type: row.type,
  buyer: row.buyer,
  seller: row.seller,
  price: row.priceCents / 100,
  time: row.occurredAt.toISOString(),
  ...(row.itemId === null || row.itemKind === null
    ? {}
    : { itemId: String(row.itemId), itemKind: row.itemKind }),
});

/** The activity type a purchase records, and the only one an item's sales list. */
export const SALE = 'Sale';

/** One page of the feed: entries and the cursor of the next page (null on the last). */
export interface ActivityPage {
  data: ActivityEntry[];
  nextCursor: string | null;
}

export function createActivityRepository({ db }: Database) {
  return {
    /**
     * Newest first, `limit` entries after `cursor`; only entries where `userId` bought or sold
     * when given. Keyset paging on (time, id): a deep page costs the same as the first.
     */
    async page(limit: number, cursor: string | undefined, userId?: string): Promise<ActivityPage> {
      const after = decodeTimeCursor(cursor);
      const conditions = [
        userId === undefined
          ? undefined
          : or(eq(activities.buyerId, userId), eq(activities.sellerId, userId)),
        after === null
          ? undefined
          : or(
              lt(activities.occurredAt, after.at),
              and(eq(activities.occurredAt, after.at), lt(activities.id, after.id)),
            ),
      ];
      const rows = await db
        .select({
          id: activities.id,
          itemId: activities.itemId,
          name: activities.name,
          type: activities.type,
          buyer: activities.buyer,
          seller: activities.seller,
          buyerId: activities.buyerId,
          sellerId: activities.sellerId,
          priceCents: activities.priceCents,
          occurredAt: activities.occurredAt,
          itemKind: items.kind,
        })
        .from(activities)
        .leftJoin(items, eq(items.id, activities.itemId))
        .where(and(...conditions))
        .orderBy(desc(activities.occurredAt), desc(activities.id))
        .limit(limit + 1);
      const { page, nextCursor } = paginate(rows, limit, (last) => [
        last.occurredAt.toISOString(),
        last.id,
      ]);
      return { data: page.map(toActivityEntry), nextCursor };
    },
    /**
     * The sales of one item, newest first, keyset-paged on (time, id) through
     * `activities_item_occurred_idx` (its order written as the index has it).
     */
    async sales(
      itemId: number,
      limit: number,
      cursor: string | undefined,
    ): Promise<{ data: ItemSale[]; nextCursor: string | null }> {
      const after = decodeTimeCursor(cursor);
      const rows = await db
        .select({
          id: activities.id,
          buyer: activities.buyer,
          seller: activities.seller,
          priceCents: activities.priceCents,
          occurredAt: activities.occurredAt,
        })
        .from(activities)
        .where(
          and(
            eq(activities.itemId, itemId),
            eq(activities.type, SALE),
            after === null
              ? undefined
              : sql`(${activities.occurredAt}, ${activities.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::bigint)`,
          ),
        )
        .orderBy(sql`${activities.occurredAt} desc nulls last, ${activities.id} desc nulls last`)
        .limit(limit + 1);
      const { page, nextCursor } = paginate(rows, limit, (last) => [
        last.occurredAt.toISOString(),
        last.id,
      ]);
      return {
        data: page.map((row) => ({
          _id: String(row.id),
          buyer: row.buyer,
          seller: row.seller,
          price: row.priceCents / 100,
          time: row.occurredAt.toISOString(),
        })),
        nextCursor,
      };
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
