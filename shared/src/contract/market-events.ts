/**
 * The market's events (issue 31, "Events, once and in order"): every change of the market is
 * written as one event, in the same database transaction as the change, in the API's outbox
 * (`market_events`), whose ids increase in the order the changes were committed. Everything that
 * tells people what happened (notifications, live pages) reads from it.
 *
 * A kind is `<what changed>.<what happened to it>`: the listing, the offer, the reservation (an
 * accepted offer's hold on the item) or the item itself. A sale writes `item.sold` (the listing
 * or the accepted offer that was paid, the price) and `item.transferred` (the owner changes).
 * This list is the one place the kinds are written: the API's table checks its column against it.
 */
export const MARKET_EVENT_KINDS = [
  'listing.created',
  'listing.repriced',
  'listing.cancelled',
  'listing.expired',
  'offer.made',
  'offer.replaced',
  'offer.accepted',
  'offer.declined',
  'offer.cancelled',
  'offer.expired',
  'reservation.lapsed',
  'item.sold',
  'item.transferred',
] as const;

export type MarketEventKind = (typeof MARKET_EVENT_KINDS)[number];

export const isMarketEventKind = (value: unknown): value is MarketEventKind =>
  typeof value === 'string' && (MARKET_EVENT_KINDS as readonly string[]).includes(value);
