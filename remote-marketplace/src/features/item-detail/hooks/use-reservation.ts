import { itemId, type WireItem } from '@hypertek/shared';
import { hasFailed, useApiQuery } from '@hypertek/shared/data';

import { offersMadeQuery } from '../../../lib/market-reads';
import type { MarketStatus, Reservation } from '../lib/market-status';

/**
 * Whom the item's reservation is for. The detail read says until when the item is reserved, not
 * for whom: a signed-in viewer's own offers say whether it is theirs (an accepted offer on this
 * item). Read only while the item is reserved and the viewer is signed in and not its owner (the
 * offers page shares the read).
 */
export function useReservation(
  item: WireItem,
  status: MarketStatus,
  viewerId: string | null,
): Reservation {
  const reserved = status.reservedUntil !== null;
  const enabled = reserved && viewerId !== null && !status.isOwner;
  const offers = useApiQuery({ ...offersMadeQuery(viewerId ?? ''), enabled });
  if (!reserved) return { for: 'none' };
  // Nobody signed in, or the owner: it is not reserved for them.
  if (!enabled) return { for: 'other' };
  if (!offers.data) return { for: 'unknown', loading: !hasFailed(offers) };
  const id = itemId(item);
  const mine = offers.data.find((offer) => offer.itemId === id && offer.status === 'Accepted');
  return mine ? { for: 'viewer', offer: mine } : { for: 'other' };
}
