/**
 * The notification worker (docs/architecture.md, "Notifications: once, and mail at most once"),
 * run by every API instance:
 *
 * 1. Events → notifications. In one transaction: lock the cursor row (`select … for update`:
 *    a second instance waits here), read the market events after it (ids are given in commit
 *    order, so none is skipped), write each user's notifications and mails (unique per user,
 *    kind and source: the backstop), advance the cursor. Committed together or not at all, so
 *    each event is turned into notifications exactly once.
 * 2. Reservations lapsing: the accepted offers whose reservation ends within the hour, told once
 *    per reservation (its order id is the source; the unique key makes a second sweep a no-op).
 * 3. Mails: each due mail is claimed (`sending`, attempts + 1) in its own committed statement
 *    (`for update skip locked`: two instances never claim the same one) just before it is handed
 *    to SMTP, then marked `sent`. A refused hand-over goes back to `pending` after a back-off, `failed`
 *    after the last attempt. A claimed mail is never claimed again: a worker stopped between
 *    the claim and the mark leaves it `sending`, and it is not sent twice (at most once: it is
 *    lost when the process died before SMTP took it).
 */
import {
  isMailedNotificationKind,
  RESERVATION_LAPSING_NOTICE_MS,
  type NotificationKind,
} from '@hypertek/shared/contract';
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { transaction, type Database, type Tx } from '../db/client';
import {
  items,
  notificationCursor,
  notificationMails,
  notificationPreferences,
  notifications,
  notificationSettings,
  orders,
  users,
  type NotificationMailRow,
} from '../db/schema';
import { eventsAfter } from '../market/events';
import { escapeHtml, type Mailer } from '../plugins/app/mailer';
import { tellingsOf, type Telling } from './rules';
import type { UnsubscribeTokens } from './unsubscribe';
import { MAIL_NEXT_STEP, notificationText } from './words';

/** Events read per transaction. */
const BATCH = 200;
/** Mails handed over per round (each claimed on its own). */
const MAIL_BATCH = 20;
/** Hand-overs of one mail before it is `failed`. */
export const MAIL_ATTEMPTS = 5;
/** The wait before the next hand-over: 30 s, 2 min, 8 min, 32 min. */
export const mailBackoffMs = (attempts: number): number => 30_000 * 4 ** (attempts - 1);
/** Events older than this when the worker reaches them notify but are not mailed (news only). */
export const MAIL_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface WorkerOptions {
  database: Database;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  /** The market's clock. */
  now: () => Date;
  siteUrl: string;
  /** The one-click unsubscribe address of a token (on the API's origin). */
  unsubscribeUrl: (token: string) => string;
  log: FastifyBaseLogger;
  /** Tests only: runs after a mail was handed over and before it is marked sent. */
  beforeMark?: (mail: NotificationMailRow) => Promise<void>;
}

export function notificationWorker(options: WorkerOptions) {
  const { db } = options.database;

  /** Keeps the tellings the users' preferences and thresholds allow; writes them and their mails. */
  async function write(tx: Tx, tellings: Telling[], now: Date): Promise<void> {
    if (tellings.length === 0) return;
    const userIds = [...new Set(tellings.map((t) => t.userId))];
    const [preferences, settings, emails] = await Promise.all([
      tx
        .select()
        .from(notificationPreferences)
        .where(inArray(notificationPreferences.userId, userIds)),
      tx.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds)),
      tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)),
    ]);
    const preference = (userId: string, kind: NotificationKind) =>
      preferences.find((p) => p.userId === userId && p.kind === kind) ?? {
        notify: true,
        email: true,
      };
    const minOffer = new Map(settings.map((s) => [s.userId, s.minOfferCents]));
    const emailOf = new Map(emails.map((u) => [u.id, u.email]));
    const kept = tellings.filter((t) => {
      const min = minOffer.get(t.userId) ?? null;
      return !(t.kind === 'offer.received' && min !== null && (t.amountCents ?? 0) < min);
    });
    const told = kept.filter((t) => preference(t.userId, t.kind).notify);
    const mailed = kept.filter(
      (t) =>
        isMailedNotificationKind(t.kind) &&
        preference(t.userId, t.kind).email &&
        (emailOf.get(t.userId) ?? null) !== null &&
        now.getTime() - t.createdAt.getTime() <= MAIL_MAX_AGE_MS,
    );
    if (told.length > 0) await tx.insert(notifications).values(told).onConflictDoNothing();
    if (mailed.length > 0) {
      await tx
        .insert(notificationMails)
        .values(mailed.map((t) => ({ ...t, nextAttemptAt: now })))
        .onConflictDoNothing();
    }
  }

  /** One batch of events after the cursor, turned into notifications; how many events it read. */
  async function handleEvents(): Promise<number> {
    return transaction(db, async (tx) => {
      await tx.insert(notificationCursor).values({ id: 1 }).onConflictDoNothing();
      const [cursor] = await tx
        .select()
        .from(notificationCursor)
        .where(eq(notificationCursor.id, 1))
        .for('update');
      const events = await eventsAfter(tx, cursor?.lastEventId ?? 0, BATCH);
      const last = events.at(-1);
      if (last === undefined) return 0;
      const tellings: Telling[] = [];
      for (const event of events) tellings.push(...(await tellingsOf(tx, event)));
      const now = options.now();
      await write(tx, tellings, now);
      await tx
        .update(notificationCursor)
        .set({ lastEventId: last.id, updatedAt: now })
        .where(eq(notificationCursor.id, 1));
      return events.length;
    });
  }

  /** Tells the makers whose reservation ends within the hour (once per reservation). */
  async function sweepLapsing(): Promise<void> {
    const now = options.now();
    const soon = new Date(now.getTime() + RESERVATION_LAPSING_NOTICE_MS);
    await transaction(db, async (tx) => {
      const lapsing = await tx
        .select({
          orderId: orders.id,
          userId: orders.userId,
          itemId: orders.itemId,
          itemKind: items.kind,
          offerId: orders.offerId,
          amountCents: orders.amountCents,
          holdUntil: orders.holdUntil,
        })
        .from(orders)
        .innerJoin(items, eq(items.id, orders.itemId))
        .where(
          and(
            eq(orders.status, 'pending'),
            isNotNull(orders.offerId),
            gt(orders.holdUntil, now),
            lte(orders.holdUntil, soon),
            // Not yet told (the unique key is the backstop).
            sql`not exists (select 1 from ${notifications} n where n.user_id = ${orders.userId} and n.kind = 'reservation.lapsing' and n.source = 'o' || ${orders.id})`,
            sql`not exists (select 1 from ${notificationMails} m where m.user_id = ${orders.userId} and m.kind = 'reservation.lapsing' and m.source = 'o' || ${orders.id})`,
          ),
        );
      await write(
        tx,
        lapsing.map((o) => ({
          userId: o.userId,
          kind: 'reservation.lapsing' as const,
          source: `o${o.orderId}`,
          itemId: o.itemId,
          itemKind: o.itemKind,
          offerId: o.offerId,
          amountCents: o.amountCents,
          reservedUntil: o.holdUntil,
          createdAt: now,
        })),
        now,
      );
    });
  }

  /**
   * Hands the due mails over, up to a batch: each claimed on its own, just before its hand-over,
   * so that a worker killed mid-send leaves only the mail it was sending unsent (a claimed mail
   * is never claimed again: at most once). How many were claimed.
   */
  async function sendMails(): Promise<number> {
    let claimedCount = 0;
    while (claimedCount < MAIL_BATCH) {
      const now = options.now();
      // The claim of one mail, committed before its hand-over. (A subquery with a limit and
      // `skip locked` inside `in (…)` may be evaluated more than once and claim more than one.)
      const mail = await transaction(db, async (tx) => {
        const [due] = await tx
          .select({ id: notificationMails.id })
          .from(notificationMails)
          .where(
            and(eq(notificationMails.status, 'pending'), lte(notificationMails.nextAttemptAt, now)),
          )
          .orderBy(asc(notificationMails.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return null;
        const [claimed] = await tx
          .update(notificationMails)
          .set({
            status: 'sending',
            attempts: sql`${notificationMails.attempts} + 1`,
            claimedAt: now,
          })
          .where(eq(notificationMails.id, due.id))
          .returning();
        return claimed ?? null;
      });
      if (!mail) break;
      claimedCount++;
      try {
        await deliver(mail);
      } catch (error) {
        const failed = mail.attempts >= MAIL_ATTEMPTS;
        options.log.warn(
          { err: error, mail: mail.id, attempts: mail.attempts },
          failed ? 'notification email failed for good' : 'notification email not sent, will retry',
        );
        await db
          .update(notificationMails)
          .set({
            status: failed ? 'failed' : 'pending',
            nextAttemptAt: new Date(now.getTime() + mailBackoffMs(mail.attempts)),
            lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
          })
          .where(eq(notificationMails.id, mail.id));
        continue;
      }
      await options.beforeMark?.(mail);
      await db
        .update(notificationMails)
        .set({ status: 'sent', sentAt: options.now() })
        .where(eq(notificationMails.id, mail.id));
    }
    return claimedCount;
  }

  async function deliver(mail: NotificationMailRow): Promise<void> {
    const [row] = await db
      .select({ email: users.email, title: items.title })
      .from(users)
      .innerJoin(items, eq(items.id, mail.itemId))
      .where(eq(users.id, mail.userId));
    if (row?.email == null || !isMailedNotificationKind(mail.kind)) return;
    const text = notificationText(mail.kind, { title: row.title, amountCents: mail.amountCents });
    const link = `${options.siteUrl}${mail.itemKind === 'nfa' ? '/buy-nfa' : '/buy-land'}?id=${mail.itemId}`;
    const until =
      mail.reservedUntil === null
        ? ''
        : ` The reservation ends ${mail.reservedUntil.toUTCString()}.`;
    const unsubscribe = options.unsubscribeUrl(options.tokens.make(mail.userId, mail.kind));
    const email = await options.mailer.prepareNotification({
      to: row.email,
      subject: text,
      text: `${text}.${until}\n\n${MAIL_NEXT_STEP[mail.kind]}\n${link}\n\nChoose which emails you get: ${options.siteUrl}/edit`,
      html: `<p>${escapeHtml(text)}.${until}</p><p>${escapeHtml(MAIL_NEXT_STEP[mail.kind])} <a href="${link}">Open the item</a>.</p><p><a href="${options.siteUrl}/edit">Choose which emails you get</a></p>`,
      unsubscribe,
      what: mail.kind,
      // Its own row's: were it ever handed over twice, mail programs would show it once.
      messageId: `<notification-${mail.id}@${new URL(options.siteUrl).hostname}>`,
    });
    await options.mailer.deliver(email);
  }

  let running: Promise<void> | null = null;
  /**
   * One round: every event not handled yet, the lapsing sweep, the due mails. Rounds of one
   * instance never overlap (a round asked for while one runs waits for it, then runs).
   */
  async function runOnce(): Promise<void> {
    while (running !== null) await running.catch(() => {});
    running = (async () => {
      while ((await handleEvents()) === BATCH) {
        // the next batch
      }
      await sweepLapsing();
      while ((await sendMails()) === MAIL_BATCH) {
        // the next mails
      }
    })();
    try {
      await running;
    } finally {
      running = null;
    }
  }

  return { runOnce, handleEvents, sweepLapsing, sendMails };
}

export type NotificationWorker = ReturnType<typeof notificationWorker>;
