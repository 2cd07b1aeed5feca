import type { MarketOffer } from '@hypertek/shared';
import { hasFailed, useApiQuery } from '@hypertek/shared/data';

import { DataTable, type Column } from '@hypertek/shared/ui';
import { Loading } from '../../../components/loading';
import { formatDateTime } from '../../../lib/dates';
import { offersReceivedQuery, readFailure } from '../../../lib/market-reads';
import { itemPrice } from '../../../lib/prices';
import { useOfferAction, type OfferAction } from '../hooks/use-offer-action';
import { NoOffers } from './no-offers';
import { OfferItemLink } from './offer-item-link';
import { ReadProblem } from './read-problem';

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
            <button
              type="button"
              className="btn btn-primary"
              disabled={busyId === row._id}
              onClick={() => act(row, 'accept')}
            >
              Accept
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busyId === row._id}
              onClick={() => act(row, 'decline')}
            >
              Decline
            </button>
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

  if (read.data) {
    return read.data.length === 0 ? (
      <NoOffers headingLevel={2} id="mp-no-offers-received" />
    ) : (
      <DataTable
        caption="Offers received"
        columns={columns(busyId, (offer, action) => void run(offer, action))}
        rows={read.data}
        rowKey={(row) => row._id}
      />
    );
  }
  if (hasFailed(read)) {
    return (
      <ReadProblem
        message={readFailure(read.error, RECEIVED_FAILED)}
        onRetry={() => void read.refetch()}
      />
    );
  }
  return <Loading label="Loading offers received" />;
}
