import '../../styles/checkout.css';

import { Link, useLocation } from 'react-router';

import { ResultPanel } from '../../components/result-panel';
import { formatUsd } from '../../lib/format-usd';
import { isPaymentReceipt } from '../../lib/payment-receipt';

/** /success (SPEC §2): after a card payment (with its data as state) or a submitted offer. */
export default function SuccessPage() {
  const { state } = useLocation() as { state: unknown };
  const receipt = isPaymentReceipt(state) ? state : null;
  return (
    <ResultPanel
      tone="success"
      title="Your request has been sent successfully"
      actions={
        <>
          <Link className="btn btn-primary" to="/profile">
            View | My Collection
          </Link>
          <Link className="btn btn-ghost" to="/">
            Go Home
          </Link>
        </>
      }
    >
      {receipt ? (
        <p className="lead co-result__text" data-testid="receipt">
          Paid <strong className="price">{formatUsd(receipt.amount)}</strong> for{' '}
          <strong>{receipt.title}</strong>. It will appear in your collection shortly.
        </p>
      ) : (
        <p className="lead co-result__text">We will let you know as soon as there is an answer.</p>
      )}
    </ResultPanel>
  );
}
