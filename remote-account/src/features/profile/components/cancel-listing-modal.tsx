import { formatPrice, type Listing } from '@hypertek/shared';

import { Modal } from '@hypertek/shared/ui';
import { totalPrice } from '../lib/sample-listings';

/** 'Cancel Listing': the selected listings, their total price, Close and Confirm. */
export function CancelListingModal({
  listings,
  onClose,
  onConfirm,
}: {
  listings: readonly Listing[];
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      title="Cancel Listing"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Close
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm}>
            Confirm
          </button>
        </>
      }
    >
      <p className="muted">These listings will be taken off the market:</p>
      <ul className="ac-modal-list">
        {listings.map(({ id, name, price }) => (
          <li key={id}>
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
    </Modal>
  );
}
