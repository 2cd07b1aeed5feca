/**
 * The notification calls' reads and writes: a user's notifications (newest first, keyset-paged
 * on the id), marking them read, and their preferences (a row per kind only once changed: no
 * row is on) and minimum offer. Every query is scoped to the caller: another user's
 * notification is not found.
 */
import {
  isMailedNotificationKind,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@hypertek/shared/contract';
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items, notificationPreferences, notifications, notificationSettings } from '../db/schema';

export interface PreferenceChange {
  kind: NotificationKind;
  notify?: boolean;
  email?: boolean;
}

export function createNotificationsRepository(database: Database, now: () => Date) {
  const { db } = database;

  async function unread(userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  async function preferences(userId: string) {
    const [rows, [settings]] = await Promise.all([
      db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
      db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    ]);
    return {
      kinds: NOTIFICATION_KINDS.map((kind) => {
        const row = rows.find((r) => r.kind === kind);
        return {
          kind,
          notify: row?.notify ?? true,
          email: isMailedNotificationKind(kind) ? (row?.email ?? true) : null,
        };
      }),
      minOfferCents: settings?.minOfferCents ?? null,
    };
  }

  return {
    unread,
    /** The user's notifications before `beforeId` (all when null), newest first, `limit + 1`. */
    list(userId: string, beforeId: number | null, limit: number) {
      return db
        .select({ notification: notifications, title: items.title })
        .from(notifications)
        .innerJoin(items, eq(items.id, notifications.itemId))
        .where(
          and(
            eq(notifications.userId, userId),
            beforeId === null ? undefined : lt(notifications.id, beforeId),
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(limit + 1);
    },
    /** Marks one of the user's notifications read; false when the user has none of that id. */
    async markRead(userId: string, id: number): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${now()})` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },
    async markAllRead(userId: string): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: now() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },
    preferences,
    /** Changes only what is named: each kind's switches, and the minimum offer (null: none). */
    async change(
      userId: string,
      change: { kinds: PreferenceChange[]; minOfferCents?: number | null },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        for (const { kind, ...set } of change.kinds) {
          if (set.notify === undefined && set.email === undefined) continue;
          await tx
            .insert(notificationPreferences)
            .values({ userId, kind, ...set })
            .onConflictDoUpdate({
              target: [notificationPreferences.userId, notificationPreferences.kind],
              set,
            });
        }
        if (change.minOfferCents !== undefined) {
          await tx
            .insert(notificationSettings)
            .values({ userId, minOfferCents: change.minOfferCents })
            .onConflictDoUpdate({
              target: notificationSettings.userId,
              set: { minOfferCents: change.minOfferCents },
            });
        }
      });
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
