import type { MarketOffer } from '@hypertek/shared';
import { useApiQuery } from '@hypertek/shared/data';

import type { Column } from '@hypertek/shared/ui';
import { formatDateTime } from '../../../lib/dates';
import { offersReceivedQuery } from '../../../lib/market-reads';
import { itemPrice } from '../../../lib/prices';
import { useOfferAction, type OfferAction } from '../hooks/use-offer-action';
import { NoOffers } from './no-offers';
import { OfferItemLink } from './offer-item-link';
import { OfferButton, OffersTable } from './offers-table';

/** Said when the API gives no reason of its own. */
export const RECEIVED_FAILED = 'The offers on your items could not be loaded right now.';

function columns(
  busyId: string | null,
  act: (offer: MarketOffer, action: OfferAction) => void,
): Column<MarketOffer>[] {
  return [
    { header: 'Item', cell: (row) => <OfferItemLink offer={row} />, lead: true },
    {
      header: 'Price',
      cell: (row) => (row.price === null ? 'Not listed' : itemPrice(row.price)),
    },
    { header: 'Offer', cell: (row) => itemPrice(row.offer), className: 'price' },
    { header: 'From', cell: (row) => row.from, className: 'mp-strong' },
    { header: 'Expire', cell: (row) => formatDateTime(row.expiresAt) },
    {
      header: 'Answer',
      cell: (row) =>
        row.status === 'Open' ? (
          <span className="mp-offer-actions">
            <OfferButton
              offer={row}
              busyId={busyId}
              className="btn btn-primary"
              onClick={() => act(row, 'accept')}
            >
              Accept
            </OfferButton>
            <OfferButton
              offer={row}
              busyId={busyId}
              className="btn btn-ghost"
              onClick={() => act(row, 'decline')}
            >
              Decline
            </OfferButton>
          </span>
        ) : row.status === 'Accepted' ? (
          <span>
            <span className="mp-strong">Accepted</span>
            <span className="muted mp-block">
              Reserved until {formatDateTime(row.reservedUntil)}
            </span>
          </span>
        ) : (
          row.status
        ),
    },
  ];
}

/**
 * The offers on the user's items (`market/offers/received/{userId}`), newest first: Price (the
 * listing's now), Offer, From, Expire, and Accept / Decline on an open one; an accepted one says
 * until when the item is reserved for its buyer. None: 'No offers right now'.
 */
export function ReceivedOffers({ userId }: { userId: string }) {
  const read = useApiQuery(offersReceivedQuery(userId));
  const { busyId, run } = useOfferAction();

  return (
    <OffersTable
      read={read}
      caption="Offers received"
      columns={columns(busyId, (offer, action) => void run(offer, action))}
      empty={<NoOffers headingLevel={2} id="mp-no-offers-received" />}
      failed={RECEIVED_FAILED}
      loadingLabel="Loading offers received"
    />
  );
}
