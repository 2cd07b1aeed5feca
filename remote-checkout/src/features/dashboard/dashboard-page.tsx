import '../../styles/checkout.css';

import {
  formatPrice,
  reportFunnelStep,
  type PaymentIntentStatus,
  type PaymentIntentView,
  useSession,
} from '@hypertek/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';

import { collectionPath } from '../../lib/payment-receipt';
import { usePaymentRedirect, type PaymentRedirect } from './hooks/use-payment-redirect';
import { usePaymentStatus, type PaymentStatusRead } from './hooks/use-payment-status';

type Tone = 'ok' | 'bad' | 'wait';

/** How each status of the provider reads to the buyer. */
const STATUS: Record<PaymentIntentStatus, { title: string; label: string; tone: Tone }> = {
  succeeded: { title: 'Payment confirmed', label: 'Succeeded', tone: 'ok' },
  processing: { title: 'Payment processing', label: 'Processing', tone: 'wait' },
  // Authorised by the bank, not yet taken: the buyer waits as for processing.
  requires_capture: { title: 'Payment processing', label: 'Authorised', tone: 'wait' },
  requires_action: {
    title: 'Payment waiting for your bank',
    label: 'Waiting for authentication',
    tone: 'wait',
  },
  requires_confirmation: {
    title: 'Payment not completed',
    label: 'Not confirmed',
    tone: 'bad',
  },
  requires_payment_method: { title: 'Payment not completed', label: 'Failed', tone: 'bad' },
  canceled: { title: 'Payment canceled', label: 'Canceled', tone: 'bad' },
};

function IntentFacts({ intent }: { intent: PaymentIntentView }) {
  const shown = STATUS[intent.status];
  return (
    <>
      <dl className="co-facts co-status-facts">
        <div className="co-facts-row">
          <dt>Item</dt>
          <dd>{intent.title}</dd>
        </div>
        <div className="co-facts-row">
          <dt>Amount</dt>
          <dd>
            {formatPrice(intent.amount)} {intent.currency.toUpperCase()}
          </dd>
        </div>
        <div className="co-facts-row">
          <dt>Status</dt>
          <dd data-testid="payment-status">{shown.label}</dd>
        </div>
      </dl>
      {intent.status === 'succeeded' && (
        <p>
          It is in your collection.{' '}
          <Link to={collectionPath(intent.kind)}>View | My Collection</Link>
        </p>
      )}
      {shown.tone === 'bad' && (
        <p>{intent.failureMessage ?? 'Nothing was charged.'} You can try again.</p>
      )}
      {shown.tone === 'wait' && (
        <p>The card provider is still confirming it. It will appear in your history.</p>
      )}
    </>
  );
}

/**
 * The status as the API read it; the query only says which payment to read. A payment the API
 * says succeeded is the funnel's `checkout-paid` step (the embedded payment ends here).
 */
function PaymentStatus({ redirect, read }: { redirect: PaymentRedirect; read: PaymentStatusRead }) {
  const paid = read.status === 'loaded' && read.intent.status === 'succeeded';
  useEffect(() => {
    if (paid) reportFunnelStep('checkout-paid');
  }, [paid]);
  const tone: Tone =
    read.status === 'loaded'
      ? STATUS[read.intent.status].tone
      : read.status === 'error'
        ? 'bad'
        : 'wait';
  const title =
    read.status === 'loaded'
      ? STATUS[read.intent.status].title
      : read.status === 'error'
        ? 'Payment status unavailable'
        : read.status === 'signed-out'
          ? 'Sign in to see your payment'
          : 'Checking your payment…';
  return (
    <section
      className={`card co-status co-status-${tone}`}
      aria-labelledby="co-status-title"
      aria-busy={read.status === 'loading'}
    >
      <h2 id="co-status-title" className="co-panel-title">
        {title}
      </h2>
      {read.status === 'loaded' && <IntentFacts intent={read.intent} />}
      {read.status === 'loading' && (
        <p role="status">Reading the payment&rsquo;s status from the card provider…</p>
      )}
      {read.status === 'error' && <p role="alert">{read.message}</p>}
      {read.status === 'signed-out' && (
        <p>
          Your payment&rsquo;s status is private. <Link to="/signin">Sign in</Link> to see it.
        </p>
      )}
      {redirect.paymentIntent && (
        <p className="muted co-status-ref">
          Reference <code>{redirect.paymentIntent}</code>
        </p>
      )}
      {read.status === 'loaded' && tone === 'bad' && (
        <Link className="btn btn-primary" to="/payment">
          Try again
        </Link>
      )}
    </section>
  );
}

const NO_REFERENCE: PaymentStatusRead = {
  status: 'error',
  message:
    'The card provider sent you back without a payment reference, so there is no status to read.',
};

/** /dashboard: where the card provider sends the buyer back. */
export default function DashboardPage() {
  const redirect = usePaymentRedirect();
  const read = usePaymentStatus(redirect?.paymentIntent ?? null);
  const { user } = useSession();
  return (
    <div className="container section co-page">
      <header className="co-page-header">
        <p className="eyebrow">Dashboard</p>
        <h1>Welcome to Dashboard</h1>
        <p className="lead">
          {user?.FullName ? `Good to see you, ${user.FullName}.` : 'Your purchases at a glance.'}
        </p>
      </header>
      {redirect && <PaymentStatus redirect={redirect} read={read ?? NO_REFERENCE} />}
      <nav className="co-tiles" aria-label="Dashboard">
        <Link className="card co-tile" to="/profile">
          <strong>My Collection</strong>
          <span className="muted">NFAs and land you own</span>
        </Link>
        <Link className="card co-tile" to="/market-place">
          <strong>MarketPlace</strong>
          <span className="muted">Find your next item</span>
        </Link>
        <Link className="card co-tile" to="/Activity">
          <strong>Activities</strong>
          <span className="muted">Your recent trades</span>
        </Link>
      </nav>
    </div>
  );
}
