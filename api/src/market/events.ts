/**
 * The market's events: every change of the market is told once, by `recordEvents` (or
 * `recordEvent`), inside the transaction that makes the change, so a change that is rolled back
 * leaves no event and a committed one always has its events. Nothing else writes the outbox.
 *
 * Ids are given at commit, in commit order (migration 0010; docs/architecture.md, "Market
 * events: once and in order"): `eventsAfter(db, id, limit)` is a plain "after this id" read that
 * never misses an event committed after the reader's last read.
 */
import type { ItemKind, MarketEventKind } from '@hypertek/shared/contract';
import { asc, gt } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { marketEvents, type MarketEventRow } from '../db/schema';

/** One change of the market, as its transaction tells it. */
export interface MarketEvent {
  kind: MarketEventKind;
  item: { id: number; kind: ItemKind };
  /** The owner's side: the listing's seller, the owner an offer is made to, a sale's seller. */
  sellerId?: string | null;
  /** The other side: the offer's maker, a sale's buyer. */
  buyerId?: string | null;
  listingId?: string | null;
  offerId?: string | null;
  amountCents?: number | null;
  /** What no column holds. */
  payload?: Record<string, unknown> | null;
  /** The market's clock. */
  at: Date;
}

/** Writes these events, in this order, in the transaction of the change they tell. */
export async function recordEvents(tx: Tx, events: readonly MarketEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(marketEvents).values(
    events.map((event) => ({
      kind: event.kind,
      itemId: event.item.id,
      itemKind: event.item.kind,
      sellerId: event.sellerId ?? null,
      buyerId: event.buyerId ?? null,
      listingId: event.listingId ?? null,
      offerId: event.offerId ?? null,
      amountCents: event.amountCents ?? null,
      payload: event.payload ?? null,
      createdAt: event.at,
    })),
  );
}

/** Writes one event in the transaction of the change it tells. */
export const recordEvent = (tx: Tx, event: MarketEvent): Promise<void> => recordEvents(tx, [event]);

/** The events after `afterId`, oldest first, at most `limit` of them. */
export async function eventsAfter(
  db: Database['db'] | Tx,
  afterId: number,
  limit: number,
): Promise<MarketEventRow[]> {
  return db
    .select()
    .from(marketEvents)
    .where(gt(marketEvents.id, afterId))
    .orderBy(asc(marketEvents.id))
    .limit(limit);
}
