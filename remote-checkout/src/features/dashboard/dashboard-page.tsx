import '../../styles/checkout.css';

import { useSession } from '@hypertek/shared';
import { Link } from 'react-router';

import { usePaymentRedirect, type PaymentRedirect } from './hooks/use-payment-redirect';

const STATUS_TEXT: Record<string, { title: string; text: string; tone: 'ok' | 'bad' | 'wait' }> = {
  succeeded: {
    title: 'Payment confirmed',
    text: 'Your item is on its way to your collection.',
    tone: 'ok',
  },
  failed: {
    title: 'Payment not completed',
    text: 'Nothing was charged. You can try again or pick another way to pay.',
    tone: 'bad',
  },
};
const PENDING = {
  title: 'Payment processing',
  text: 'The card provider is still confirming your payment. It will appear in your history.',
  tone: 'wait',
} as const;

function PaymentStatus({ redirect }: { redirect: PaymentRedirect }) {
  const { title, text, tone } = STATUS_TEXT[redirect.status] ?? PENDING;
  return (
    <section className={`card co-status co-status--${tone}`} aria-labelledby="co-status-title">
      <h2 id="co-status-title" className="co-panel__title">
        {title}
      </h2>
      <p>{text}</p>
      {redirect.paymentIntent && (
        <p className="muted co-status__ref">
          Reference <code>{redirect.paymentIntent}</code>
        </p>
      )}
      {redirect.status === 'failed' && (
        <Link className="btn btn-primary" to="/payment">
          Try again
        </Link>
      )}
    </section>
  );
}

/** /dashboard (SPEC §2, §4 "Embedded payment"): where the card provider sends the buyer back. */
export default function DashboardPage() {
  const redirect = usePaymentRedirect();
  const { user } = useSession();
  return (
    <div className="container section co-page">
      <header className="co-page__header">
        <p className="co-eyebrow">Dashboard</p>
        <h1>Welcome to Dashboard</h1>
        <p className="lead">
          {user?.FullName ? `Good to see you, ${user.FullName}.` : 'Your purchases at a glance.'}
        </p>
      </header>
      {redirect && <PaymentStatus redirect={redirect} />}
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
