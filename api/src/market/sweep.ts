/**
 * The market's sweep: what time decided, written down on time. A listing or an offer ends when
 * its time comes and a hold lapses when its end passes, whether or not anything marks them; the
 * first transaction on the item writes that down (item-lock.ts, holds.ts). On a quiet item that
 * can be days later, and the events (and so the notifications and the live stream) would wait
 * for it. The sweep finds the items with such ends due and writes each down in its own
 * transaction, under the item's lock, by the same functions every market write calls first: the
 * same events, once (a second sweeper or a buyer on the same item finds nothing left to write).
 */
import { and, eq, sql } from 'drizzle-orm';
import { listings, offers, orders } from '../db/schema';
import type { MarketContext } from './context';
import { clearHold } from './holds';
import { closeLapsed, lockItem } from './item-lock';
import { lapsedListing, lapsedOffer } from './rules';

/** What one sweep did. */
export interface SweepResult {
  /** Items whose due ends were written down. */
  items: number;
  /**
   * Lapsed holds with a payment still open at the provider: the payment service cancels it
   * there before the order is voided (it knows the provider; the market does not).
   */
  releases: string[];
}

export function sweepActions(market: MarketContext) {
  const { db, now, transaction } = market;

  /** Up to `limit` items with an end due by `at`: a listing, an open offer or a pending hold. */
  async function dueItems(at: Date, limit: number): Promise<number[]> {
    const stamp = at.toISOString();
    const rows = await db
      .select({ itemId: listings.itemId })
      .from(listings)
      .where(lapsedListing(at))
      .union(db.select({ itemId: offers.itemId }).from(offers).where(lapsedOffer(at)))
      .union(
        db
          .select({ itemId: orders.itemId })
          .from(orders)
          .where(and(eq(orders.status, 'pending'), sql`${orders.holdUntil} <= ${stamp}`)),
      )
      .orderBy(sql`1`)
      .limit(limit);
    return rows.map((row) => row.itemId);
  }

  return {
    /**
     * Writes down every end due now, `limit` items at most per call (the rest at the next).
     * Items a payment call holds right now are left for the next sweep.
     */
    async sweepLapsed(limit = 100): Promise<SweepResult> {
      const at = now();
      const due = await dueItems(at, limit);
      const result: SweepResult = { items: 0, releases: [] };
      for (const itemId of due) {
        const release = await transaction(async (tx) => {
          const item = await lockItem(tx, itemId);
          if (item === undefined) return null;
          await closeLapsed(tx, item, at);
          const hold = await clearHold(tx, item, at);
          return hold.kind === 'release' ? hold.orderId : null;
        });
        result.items += 1;
        if (release !== null) result.releases.push(release);
      }
      return result;
    },
  };
}
