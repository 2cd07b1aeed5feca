/** Marketplace activity: the public feed (newest first, keyset-paged) and a user's own entries. */
import type { ActivityEntry } from '@hypertek/shared/contract';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { decodeTimeCursor, paginate } from '../lib/cursor';
import { activities } from '../db/schema';

type ActivityRow = typeof activities.$inferSelect;

export const toActivityEntry = (row: ActivityRow): ActivityEntry => ({
  _id: String(row.id),
  name: row.name,
  type: row.type,
  buyer: row.buyer,
  seller: row.seller,
  price: row.priceCents / 100,
  time: row.occurredAt.toISOString(),
});

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
        .select()
        .from(activities)
        .where(and(...conditions))
        .orderBy(desc(activities.occurredAt), desc(activities.id))
        .limit(limit + 1);
      const { page, nextCursor } = paginate(rows, limit, (last) => [
        last.occurredAt.toISOString(),
        last.id,
      ]);
      return { data: page.map(toActivityEntry), nextCursor };
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
