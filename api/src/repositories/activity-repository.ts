/**
 * Marketplace activity: the public feed (newest first, keyset-paged), a user's own entries, and
 * the sales of one item.
 */
import {
  HOUSE_NAME,
  type ActivityEntry,
  type ItemSale,
  type ItemKind,
} from '@hypertek/shared/contract';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { decodeTimeCursor, paginate } from '../lib/cursor';
import { activities, HOUSE_USER_ID, items, users, type ActivityType } from '../db/schema';

type ActivityRow = typeof activities.$inferSelect & { itemKind: ItemKind | null };

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
export const SALE: ActivityType = 'Sale';

/** A user as the market names them: full name, else the email's local part, else the wallet. */
export function displayName(user: {
  id?: string;
  fullName: string;
  email: string | null;
  walletAddress: string | null;
}): string {
  if (user.id === HOUSE_USER_ID) return HOUSE_NAME;
  if (user.fullName.trim() !== '') return user.fullName.trim();
  const local = user.email?.split('@')[0];
  if (local !== undefined && local !== '') return local;
  const wallet = user.walletAddress;
  if (wallet !== null && wallet.length > 10) return `${wallet.slice(0, 6)}…${wallet.slice(-4)}`;
  return wallet ?? 'A pilot';
}

export const nameColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  walletAddress: users.walletAddress,
};

/** Each user's name as activity rows and market tables show it. */
export async function namesOf(q: Tx | Database['db'], ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await q.select(nameColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, displayName(row)]));
}

/**
 * Writes one row of the public feed, inside the transaction of the change it tells, with the
 * names as they are at that moment (the house is never linked as a buyer or seller).
 */
export async function recordActivity(
  tx: Tx,
  entry: {
    item: { id: number; title: string };
    type: ActivityType;
    buyerId: string | null;
    sellerId: string | null;
    priceCents: number;
    at: Date;
  },
): Promise<void> {
  const known = await namesOf(
    tx,
    [entry.buyerId, entry.sellerId].filter((id): id is string => id !== null),
  );
  await tx.insert(activities).values({
    itemId: entry.item.id,
    name: entry.item.title,
    type: entry.type,
    buyer: entry.buyerId === null ? '—' : (known.get(entry.buyerId) ?? 'A pilot'),
    seller: entry.sellerId === null ? '—' : (known.get(entry.sellerId) ?? 'A pilot'),
    buyerId: entry.buyerId === HOUSE_USER_ID ? null : entry.buyerId,
    sellerId: entry.sellerId === HOUSE_USER_ID ? null : entry.sellerId,
    priceCents: entry.priceCents,
    occurredAt: entry.at,
  });
}

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
