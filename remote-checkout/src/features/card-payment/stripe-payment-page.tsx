import '../../styles/checkout.css';

import { Link } from 'react-router';

import { ItemSummary } from '../../components/item-summary';
import { LockIcon } from '../../components/lock-icon';
import { MissingItem } from '../../components/missing-item';
import { usePaymentItem } from '../../lib/payment-item';
import { CardPaymentForm } from './components/card-payment-form';
import { StripeElements } from './components/stripe-elements';

/**
 * /stripe-payment (SPEC §2, §4): the 'Secure Payment' card page. The host shows it without top bar
 * or footer, so it brings its own slim header. The item comes from navigation state, else from
 * `paymentItem`.
 */
export default function StripePaymentPage() {
  const item = usePaymentItem();
  return (
    <div className="co-secure">
      <header className="co-secure__bar container">
        <Link to="/" className="co-wordmark" aria-label="Hyper Tek home">
          HYPER<span>TEK</span>
        </Link>
        <span className="co-secure__badge">
          <LockIcon /> Encrypted checkout
        </span>
      </header>
      <div className="container co-secure__main">
        <div className="co-secure__heading">
          <h1>Secure Payment</h1>
          <p className="lead">Pay by card. You are charged once, in US dollars.</p>
        </div>
        {item ? (
          <div className="co-split">
            <section className="card co-panel" aria-label="Order summary">
              <ItemSummary item={item} />
            </section>
            <section className="card co-panel co-panel--form" aria-labelledby="co-card-heading">
              <h2 id="co-card-heading" className="co-panel__title">
                Card payment
              </h2>
              <StripeElements>
                <CardPaymentForm item={item} />
              </StripeElements>
            </section>
          </div>
        ) : (
          <MissingItem />
        )}
        <p className="co-secure__back">
          <Link to="/payment" state={item ?? undefined}>
            ← Other ways to pay
          </Link>
        </p>
      </div>
    </div>
  );
}
