import { formatPrice, type MarketListing } from '@hypertek/shared';
import { Modal } from '@hypertek/shared/ui';

import { totalPrice } from '../lib/listings';

/**
 * 'Cancel Listing': the selected listings, their total price, Close and Confirm (disabled while
 * the cancel is on its way), and why the last attempt failed.
 */
export function CancelListingModal({
  listings,
  onClose,
  onConfirm,
  busy,
  error,
}: {
  listings: readonly MarketListing[];
  onClose: () => void;
  onConfirm: () => void;
  busy: boolean;
  error: string | null;
}) {
  return (
    <Modal
      title="Cancel Listing"
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Cancelling…' : 'Confirm'}
          </button>
        </>
      }
    >
      <p className="muted">These listings will be taken off the market:</p>
      <ul className="ac-modal-list">
        {listings.map(({ _id, name, price }) => (
          <li key={_id}>
            <span>{name}</span>
            <span className="price">{formatPrice(price)}</span>
          </li>
        ))}
      </ul>
      <p className="ac-modal-total">
        <span>Total price</span>
        <strong className="price" data-testid="cancel-total">
          {formatPrice(totalPrice(listings))}
        </strong>
      </p>
      <p className="form-error ac-form-error" role="alert">
        {error ?? ''}
      </p>
    </Modal>
  );
}
