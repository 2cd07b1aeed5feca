import { formatPrice } from '@hypertek/shared';
import '../../styles/checkout.css';

import { Link, useLocation } from 'react-router';

import { ResultPanel } from '../../components/result-panel';
import { collectionPath, isPaymentReceipt, paymentFacts } from '../../lib/payment-receipt';

/** The card and the reference of a payment, when the server's record has them. */
function PaymentFacts({ payment }: { payment: unknown }) {
  const { card, reference } = paymentFacts(payment);
  if (!card && !reference) return null;
  return (
    <dl className="co-receipt">
      {card && (
        <div>
          <dt>Card</dt>
          <dd>
            {card.brand} ending {card.last4}
          </dd>
        </div>
      )}
      {reference && (
        <div>
          <dt>Reference</dt>
          <dd>
            <code>{reference}</code>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * /success: after a card payment (with its data as state) or a submitted offer.
 * 'View | My Collection' opens the tab where the bought item now is: Land for a land, else
 * Collectible.
 */
export default function SuccessPage() {
  const { state } = useLocation() as { state: unknown };
  const receipt = isPaymentReceipt(state) ? state : null;
  return (
    <ResultPanel
      tone="success"
      title="Your request has been sent successfully"
      actions={
        <>
          <Link className="btn btn-primary" to={collectionPath(receipt?.itemKind)}>
            View | My Collection
          </Link>
          <Link className="btn btn-ghost" to="/">
            Go Home
          </Link>
        </>
      }
    >
      {receipt ? (
        <>
          <p className="lead co-result-text" data-testid="receipt">
            Paid <strong className="price">{formatPrice(receipt.amount)}</strong> for{' '}
            <strong>{receipt.title}</strong> by card. It is in your collection now.
          </p>
          <PaymentFacts payment={receipt.payment} />
        </>
      ) : (
        <p className="lead co-result-text">We will let you know as soon as there is an answer.</p>
      )}
    </ResultPanel>
  );
}
