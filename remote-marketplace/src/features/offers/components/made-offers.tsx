import { itemPath, type MarketOffer } from '@hypertek/shared';
import { useApiQuery } from '@hypertek/shared/data';
import { Link } from 'react-router';

import type { Column } from '@hypertek/shared/ui';
import { formatDateTime } from '../../../lib/dates';
import { offersMadeQuery } from '../../../lib/market-reads';
import { itemPrice } from '../../../lib/prices';
import { useOfferAction } from '../hooks/use-offer-action';
import { OfferItemLink } from './offer-item-link';
import { OfferButton, OffersTable } from './offers-table';

/** Said when the API gives no reason of its own. */
export const MADE_FAILED = 'Your offers could not be loaded right now.';

function columns(busyId: string | null, cancel: (offer: MarketOffer) => void) {
  const list: Column<MarketOffer>[] = [
    { header: 'Item', cell: (row) => <OfferItemLink offer={row} />, lead: true },
    { header: 'Offer', cell: (row) => itemPrice(row.offer), className: 'price' },
    { header: 'To', cell: (row) => row.to },
    {
      header: 'Status',
      cell: (row) =>
        row.status === 'Accepted' ? (
          <span>
            <span className="mp-strong">Accepted</span>
            <span className="muted mp-block">
              Reserved for you until {formatDateTime(row.reservedUntil)}
            </span>
          </span>
        ) : (
          row.status
        ),
    },
    { header: 'Expire', cell: (row) => formatDateTime(row.expiresAt) },
    {
      header: 'Action',
      cell: (row) =>
        row.status === 'Open' ? (
          <OfferButton
            offer={row}
            busyId={busyId}
            className="btn btn-ghost"
            onClick={() => cancel(row)}
          >
            Cancel
          </OfferButton>
        ) : row.status === 'Accepted' ? (
          <Link className="btn btn-primary" to={itemPath(row.kind, row.itemId)}>
            Pay now
          </Link>
        ) : null,
    },
  ];
  return list;
}

/**
 * The user's own offers (`market/offers/made/{userId}`), newest first, whatever their status:
 * Cancel on an open one; an accepted one is reserved for the user until a date, and 'Pay now'
 * leads to the item's page, where buying charges the offer's price.
 */
export function MadeOffers({ userId }: { userId: string }) {
  const read = useApiQuery(offersMadeQuery(userId));
  const { busyId, run } = useOfferAction();

  return (
    <OffersTable
      read={read}
      caption="Your offers"
      columns={columns(busyId, (offer) => void run(offer, 'cancel'))}
      empty={
        <div className="mp-notice">
          <p className="lead">You have not made any offers yet.</p>
          <Link className="btn btn-ghost" to="/market-place">
            Browse the marketplace
          </Link>
        </div>
      }
      failed={MADE_FAILED}
      loadingLabel="Loading your offers"
    />
  );
}
