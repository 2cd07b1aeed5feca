/**
 * What the item page says of an item's place on the market: who owns it, whether it is listed,
 * reserved, how many offers it has, and whether the viewer may buy it (and if not, why not).
 */
import { HOUSE_ID, HOUSE_NAME, type MarketOffer, type WireItem } from '@hypertek/shared';

import { isFuture } from '../../../lib/dates';

/** Why 'Buy Now' and 'Buy With Card' are disabled, said beside them. */
export const BUY_BLOCKED = {
  own: 'This is yours',
  notForSale: 'Not for sale right now',
  reserved: 'Reserved for another buyer',
} as const;

/** Why 'Make Offer' is disabled on the house's items: it sells at its listed price only. */
export const HOUSE_TAKES_NO_OFFERS = `${HOUSE_NAME} sells at its listed price only: no offers`;

/** The badge beside the serial number. */
export type ListingBadge = 'Listed' | 'Not listed' | 'Reserved';

export interface MarketStatus {
  /** The owner's display name (the house's for the unsold catalogue). */
  owner: string;
  ownerId: string | null;
  /** An active listing exists: the item can be bought at its price. */
  listed: boolean;
  /** Until when an accepted offer reserves the item (ISO), while that is in the future. */
  reservedUntil: string | null;
  badge: ListingBadge;
  /** Open (and accepted) offers on the item: 'Offer N'. */
  offers: number;
  /** The signed-in viewer owns the item. */
  isOwner: boolean;
  /** The house owns it (the unsold catalogue): it takes no offers. Known from the detail read. */
  isHouse: boolean;
}

/**
 * The item's market state as the detail read answers it (`market`); an item that came without it
 * (navigation state, the saved item) says what it can (`listed`, `owner`), the house otherwise.
 */
export function marketStatus(
  item: WireItem,
  viewerId: string | null,
  now: number = Date.now(),
): MarketStatus {
  const { market } = item;
  const owner = market?.owner.name || item.owner || HOUSE_NAME;
  const ownerId = market?.owner.id ?? item.ownerId ?? null;
  const listed = market ? market.listing !== null : item.listed === true;
  const reservedUntil =
    market?.reservedUntil && isFuture(market.reservedUntil, now) ? market.reservedUntil : null;
  return {
    owner,
    ownerId,
    listed,
    reservedUntil,
    badge: reservedUntil ? 'Reserved' : listed ? 'Listed' : 'Not listed',
    offers: market?.offers ?? 0,
    isOwner: viewerId !== null && ownerId !== null && viewerId === ownerId,
    // Only an owner the server named: an item that says nothing of its owner is not assumed the
    // house's.
    isHouse: ownerId === HOUSE_ID,
  };
}

/**
 * Whom a reservation is for, as far as the viewer can tell: the viewer's accepted offer, another
 * buyer, or not known yet (the viewer's offers are being read, or could not be).
 */
export type Reservation =
  | { for: 'none' }
  | { for: 'viewer'; offer: MarketOffer }
  | { for: 'other' }
  | { for: 'unknown'; loading: boolean };

/**
 * Why the viewer cannot buy now (null: they may). The owner never; an item reserved for another
 * buyer not; an unlisted item only when it is reserved for the viewer. While the viewer's offers
 * are read the buttons wait (disabled, no reason); when they cannot be read, the server decides.
 */
export function buyBlocked(
  status: MarketStatus,
  reservation: Reservation,
): { reason: string | null } | null {
  if (status.isOwner) return { reason: BUY_BLOCKED.own };
  if (reservation.for === 'viewer') return null;
  if (reservation.for === 'other') return { reason: BUY_BLOCKED.reserved };
  if (reservation.for === 'unknown' && reservation.loading) return { reason: null };
  if (!status.listed && reservation.for === 'none') return { reason: BUY_BLOCKED.notForSale };
  return null;
}

/** Two letters for the owner's avatar: 'Hyper Tek Vault' → 'HT', 'ada' → 'A'. */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('') || '?';
