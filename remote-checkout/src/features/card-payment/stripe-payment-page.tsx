import { reportFunnelStep, usePaymentItem } from '@hypertek/shared';
import '../../styles/checkout.css';

import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { LockIcon } from '../../components/lock-icon';
import { MissingItem } from '../../components/missing-item';
import { OrderSplit } from '../../components/order-split';
import { CardEntryProvider } from './components/card-entry-provider';
import { CardPaymentForm } from './components/card-payment-form';
import { EmbeddedPayment } from './components/embedded-payment';
import { PaymentVariantChoice, type PaymentVariant } from './components/payment-variant-choice';

const PANEL_TITLE: Record<PaymentVariant, string> = {
  card: 'Card payment',
  secure: 'Secure Payment',
};

/**
 * /stripe-payment: the card payment page. The buyer pays with the card form
 * (`card/pay-with-card`, then /success) or with the 'Secure Payment' variant (the provider's
 * embedded payment form, then /dashboard). The host shows it without top bar or footer, so it
 * brings its own slim header. The item comes from navigation state, else from `paymentItem`.
 * Shown with an item, the checkout is open: the funnel's `checkout-opened` step.
 */
export default function StripePaymentPage() {
  const item = usePaymentItem();
  const open = item !== null;
  useEffect(() => {
    if (open) reportFunnelStep('checkout-opened');
  }, [open]);
  const [variant, setVariant] = useState<PaymentVariant>('card');
  return (
    <div className="co-secure">
      <header className="co-secure-bar container">
        <Link to="/" className="co-wordmark" aria-label="Hyper Tek home">
          HYPER<span>TEK</span>
        </Link>
        <span className="co-secure-badge">
          <LockIcon /> Encrypted checkout
        </span>
      </header>
      <div className="container co-secure-main">
        <div className="co-secure-heading">
          <h1>Pay by card</h1>
          <p className="lead">You are charged once, in US dollars: the item&rsquo;s price.</p>
        </div>
        {item ? (
          <OrderSplit item={item}>
            <section className="card co-panel co-panel-form" aria-labelledby="co-card-heading">
              <h2 id="co-card-heading" className="co-panel-title">
                {PANEL_TITLE[variant]}
              </h2>
              <PaymentVariantChoice value={variant} onChange={setVariant} />
              {variant === 'card' ? (
                <CardEntryProvider>
                  {(entry) => <CardPaymentForm item={item} entry={entry} />}
                </CardEntryProvider>
              ) : (
                <EmbeddedPayment item={item} />
              )}
            </section>
          </OrderSplit>
        ) : (
          <MissingItem />
        )}
        <p className="co-secure-back">
          <Link to="/payment" state={item ?? undefined}>
            ← Other ways to pay
          </Link>
        </p>
      </div>
    </div>
  );
}
