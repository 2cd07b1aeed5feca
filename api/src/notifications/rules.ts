/**
 * Who is told what (docs/product.md, "Notifications"), from one market event: the owner of an
 * offer received, the maker of an offer accepted or declined, the other makers of lower open
 * offers on the item (outbid), the seller of an item sold, the maker of a reservation lapsed,
 * and the watchers of an item listed or repriced at or below their alert price (`watch.alert`).
 * The house, which owns the unsold catalogue, is never told anything (nobody signs in as it).
 */
import type { NotificationKind } from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import { HOUSE_USER_ID, marketEvents, offers, watchlist, type MarketEventRow } from '../db/schema';

/** One user to tell one thing, and what it says. */
export interface Telling {
  userId: string;
  kind: NotificationKind;
  source: string;
  itemId: number;
  itemKind: 'nfa' | 'land';
  offerId: string | null;
  amountCents: number | null;
  reservedUntil: Date | null;
  createdAt: Date;
}

const reservedUntilOf = (event: MarketEventRow): Date | null => {
  const value = event.payload?.reservedUntil;
  return typeof value === 'string' ? new Date(value) : null;
};

/** Everyone an event tells something, before their preferences are applied. */
export async function tellingsOf(tx: Tx, event: MarketEventRow): Promise<Telling[]> {
  const tell = (userId: string | null, kind: NotificationKind): Telling[] =>
    userId === null || userId === HOUSE_USER_ID
      ? []
      : [
          {
            userId,
            kind,
            source: `e${event.id}`,
            itemId: event.itemId,
            itemKind: event.itemKind,
            offerId: event.offerId,
            amountCents: event.amountCents,
            reservedUntil: kind === 'offer.accepted' ? reservedUntilOf(event) : null,
            createdAt: event.createdAt,
          },
        ];
  switch (event.kind) {
    case 'offer.made':
    case 'offer.replaced':
      return [
        ...tell(event.sellerId, 'offer.received'),
        ...(await outbid(tx, event)).flatMap((id) => tell(id, 'offer.outbid')),
      ];
    case 'offer.accepted':
      return tell(event.buyerId, 'offer.accepted');
    case 'offer.declined':
      return tell(event.buyerId, 'offer.declined');
    case 'item.sold':
      return tell(event.sellerId, 'item.sold');
    case 'reservation.lapsed':
      return tell(event.buyerId, 'reservation.lapsed');
    case 'listing.created':
    case 'listing.repriced':
      return (await watchers(tx, event)).flatMap((id) => tell(id, 'watch.alert'));
    default:
      return [];
  }
}

/**
 * The makers of the item's other offers that were open at the event, below its price, read from
 * the item's earlier events (not the offers' state now, which a worker that reaches the event
 * late would see changed): made or replaced before it, not ended before it (declined,
 * cancelled, expired, replaced or sold), their end not come at the event's time.
 */
async function outbid(tx: Tx, event: MarketEventRow): Promise<string[]> {
  if (event.amountCents === null || event.buyerId === null) return [];
  const rows = await rowsOf<{ buyer_id: string }>(
    tx,
    sql`select distinct made.buyer_id from ${marketEvents} made
      join ${offers} o on o.id = made.offer_id
      where made.item_id = ${event.itemId} and made.id < ${event.id}
        and made.kind in ('offer.made', 'offer.replaced')
        and made.buyer_id <> ${event.buyerId} and made.amount_cents < ${event.amountCents}
        and o.expires_at > ${event.createdAt}
        and not exists (
          select 1 from ${marketEvents} ended
          where ended.item_id = made.item_id and ended.id > made.id and ended.id < ${event.id}
            and (
              (ended.offer_id = made.offer_id
                and ended.kind in ('offer.declined', 'offer.cancelled', 'offer.expired', 'item.sold'))
              or (ended.kind = 'offer.replaced'
                and ended.payload ->> 'replacedOfferId' = made.offer_id::text)
            )
        )`,
  );
  return rows.map((row) => row.buyer_id);
}

/**
 * The watchers a listing event alerts: those who watched the item before it (a watch added
 * later does not tell them of it), other than the seller themself, whose alert price the
 * listing's price is at or below; a watcher without an alert price is told when the item is
 * listed (`listing.created`), not of its reprices. Read from the watchlist as the worker finds
 * it: a watch removed before the worker reaches the event tells nothing.
 */
async function watchers(tx: Tx, event: MarketEventRow): Promise<string[]> {
  if (event.amountCents === null) return [];
  const rows = await rowsOf<{ user_id: string }>(
    tx,
    sql`select w.user_id from ${watchlist} w
      where w.item_id = ${event.itemId} and w.created_at <= ${event.createdAt}
        and w.user_id is distinct from ${event.sellerId}
        and (w.alert_price_cents >= ${event.amountCents}
          or (w.alert_price_cents is null and ${event.kind} = 'listing.created'))
      order by w.id`,
  );
  return rows.map((row) => row.user_id);
}
