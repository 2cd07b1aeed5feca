/** Marketplace activity: the public feed (newest first, keyset-paged) and a user's own entries. */
import type { ActivityEntry } from '@hypertek/shared/contract';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
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

/** Position in the feed: the last entry's time and id. */
export interface ActivityCursor {
  at: Date;
  id: number;
}

export function createActivityRepository({ db }: Database) {
  const before = (cursor: ActivityCursor | null) =>
    cursor === null
      ? undefined
      : or(
          lt(activities.occurredAt, cursor.at),
          and(eq(activities.occurredAt, cursor.at), lt(activities.id, cursor.id)),
        );
  return {
    async page(limit: number, cursor: ActivityCursor | null) {
      const rows = await db
        .select()
        .from(activities)
        .where(before(cursor))
        .orderBy(desc(activities.occurredAt), desc(activities.id))
        .limit(limit);
      return rows;
    },
    async pageForUser(userId: string, limit: number, cursor: ActivityCursor | null) {
      const mine = or(eq(activities.buyerId, userId), eq(activities.sellerId, userId));
      const rows = await db
        .select()
        .from(activities)
        .where(cursor === null ? mine : and(mine, before(cursor)))
        .orderBy(desc(activities.occurredAt), desc(activities.id))
        .limit(limit);
      return rows;
    },
    /** Records a sale in the feed (used when a purchase is paid). */
    async record(entry: typeof activities.$inferInsert): Promise<void> {
      await db.insert(activities).values({ ...entry, occurredAt: entry.occurredAt ?? sql`now()` });
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
