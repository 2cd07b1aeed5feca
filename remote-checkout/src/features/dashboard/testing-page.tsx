import '../../styles/checkout.css';

import { getRuntimeConfig } from '@hypertek/shared';

// The one place a feature reads another's internals: this page exists to report on card-payment's
// wiring, so it asks the same provider and key the card form uses.
import { usePaymentProvider } from '../card-payment/lib/payment-provider';
import { stripePublishableKey } from '../card-payment/lib/stripe-loader';

/** A publishable key is public, but the page only needs to show which one: its mode and tail. */
const maskKey = (key: string): string =>
  key ? `${key.slice(0, key.indexOf('_', 3) + 1 || 8)}…${key.slice(-4)}` : '';

/**
 * /testing (SPEC §2: content not shown): a status page for the payments team — whether the card
 * provider's key is configured and whether the server calls are plugged in. Makes no request.
 */
export default function TestingPage() {
  const key = stripePublishableKey();
  const config = getRuntimeConfig();
  const provider = usePaymentProvider();
  const rows = [
    {
      name: 'Card provider (Stripe.js)',
      ok: key !== '',
      value: key ? `configured (${maskKey(key)})` : 'not configured: no publishable key',
    },
    {
      name: 'Payment calls (card/pay-with-card)',
      ok: provider.configured,
      value: provider.configured ? 'connected' : `${provider.name}: payments refused`,
    },
    {
      name: 'Return address after an embedded payment',
      ok: true,
      value: config.paymentReturnUrl ?? '/dashboard (default)',
    },
    { name: 'API base', ok: true, value: config.apiBaseUrl },
  ];
  return (
    <div className="container section co-page">
      <header className="co-page__header">
        <p className="co-eyebrow">Payments team</p>
        <h1>Testing</h1>
        <p className="lead">How card payments are wired on this deployment.</p>
      </header>
      <section className="card co-panel" aria-labelledby="co-wiring-title">
        <h2 id="co-wiring-title" className="co-panel__title">
          Payment provider status
        </h2>
        <dl className="co-facts">
          {rows.map((row) => (
            <div key={row.name} className="co-facts__row">
              <dt>{row.name}</dt>
              <dd>
                <span className={`co-dot co-dot--${row.ok ? 'ok' : 'off'}`} aria-hidden="true" />
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
