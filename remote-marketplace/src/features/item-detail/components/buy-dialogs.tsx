import '../../../styles/dialogs.css';

import { formatPrice, totalWithFee } from '@hypertek/shared';

import { DialogButtons, Modal } from '@hypertek/shared/ui';
import { FeeLines } from '../../../components/fee-lines';
import { itemPrice } from '../../../lib/prices';

export type BuyStep = 'assets' | 'confirm';

interface BuyDialogsProps {
  step: BuyStep | null;
  price: number;
  title: string;
  checking: boolean;
  onNext: () => void;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * What a card payment takes, said under the fee lines: the total includes a platform fee that is
 * shown only, so the buyer is never surprised that the pay button asks for less.
 */
function CardChargeNote({ price }: { price: number }) {
  return (
    <p className="mp-fee-note" data-testid="card-charge-note">
      Paying by card charges the list price only, {formatPrice(price)} in USD; the platform fee is
      shown for information and is not charged.
    </p>
  );
}

/**
 * The buy flow's dialogs: 'Buy Assets' (list price, platform fee, total) with Cancel
 * and 'Buy Now', then the confirmation showing 'List Price' = price + fee with Close and Confirm.
 */
export function BuyDialogs({
  step,
  price,
  title,
  checking,
  onNext,
  onConfirm,
  onClose,
}: BuyDialogsProps) {
  const total = itemPrice(totalWithFee(price));

  if (step === 'assets') {
    return (
      <Modal
        title="Buy Assets"
        onClose={onClose}
        actions={
          <DialogButtons
            dismiss="Cancel"
            onDismiss={onClose}
            confirm="Buy Now"
            onConfirm={onNext}
          />
        }
      >
        <p className="mp-strong">{title}</p>
        <FeeLines label="List price" amount={itemPrice(price)} total={total} />
        <CardChargeNote price={price} />
      </Modal>
    );
  }

  if (step === 'confirm') {
    return (
      <Modal
        title="Confirm Purchase"
        onClose={onClose}
        actions={
          <DialogButtons
            dismiss="Close"
            onDismiss={onClose}
            confirm="Confirm"
            onConfirm={onConfirm}
            busy={checking}
            busyLabel="Checking…"
          />
        }
      >
        <p className="muted">You are about to buy {title}.</p>
        <dl className="mp-fees">
          <div className="mp-fees-total">
            <dt>List Price</dt>
            <dd>{total}</dd>
          </div>
        </dl>
        <CardChargeNote price={price} />
      </Modal>
    );
  }

  return null;
}
