import '../../styles/checkout.css';

import { api, errorMessage, getRuntimeConfig, type PaymentProviderMode } from '@hypertek/shared';
import { useEffect, useState } from 'react';

// The one place a feature reads another's internals: this page exists to report on card-payment's
// wiring, so it asks the same provider and key the card form uses.
import { paymentReturnUrl } from '../../lib/payment-return';
import { usePaymentProvider } from '../../lib/payment-provider';
import { stripePublishableKey } from '../../lib/stripe-loader';

/** A publishable key is public, but the page only needs to show which one: its mode and tail. */
const maskKey = (key: string): string =>
  key ? `${key.slice(0, key.indexOf('_', 3) + 1 || 8)}…${key.slice(-4)}` : '';

type ModeRead =
  | { status: 'loading' }
  | { status: 'loaded'; mode: PaymentProviderMode }
  | { status: 'error'; message: string };

/** The API's card provider (`GET /payment/config`). */
function useProviderMode(): ModeRead {
  const [read, setRead] = useState<ModeRead>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void api.getPaymentConfig({ signal: controller.signal }).then(
      ({ provider }) => !controller.signal.aborted && setRead({ status: 'loaded', mode: provider }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setRead({ status: 'error', message: errorMessage(error, 'the API did not answer') }),
    );
    return () => controller.abort();
  }, []);
  return read;
}

const MODE_TEXT: Record<PaymentProviderMode, string> = {
  sandbox: 'sandbox: offline, test cards only, nothing is charged',
  stripe: 'Stripe',
};

/** Whether the browser's card entry and the API's provider belong together. */
function agreement(mode: ModeRead, key: string): { ok: boolean; value: string } | null {
  if (mode.status !== 'loaded') return null;
  if (mode.mode === 'stripe' && !key)
    return {
      ok: false,
      value:
        'no: the API uses Stripe but no publishable key is configured, so cards cannot be entered',
    };
  if (mode.mode === 'sandbox' && key)
    return {
      ok: false,
      value:
        'no: a publishable key is configured but the API runs the sandbox, so Stripe cards are refused',
    };
  return { ok: true, value: 'yes' };
}

/**
 * /testing (the product shows no content for it): a status page for the payments team — which card provider
 * the API runs, how cards are entered in the browser, and whether the payment calls are connected.
 * Makes one request (`payment/config`).
 */
export default function TestingPage() {
  const key = stripePublishableKey();
  const config = getRuntimeConfig();
  const provider = usePaymentProvider();
  const mode = useProviderMode();
  const agree = agreement(mode, key);
  const rows = [
    {
      name: 'Provider mode (API)',
      ok: mode.status === 'loaded',
      value:
        mode.status === 'loaded'
          ? MODE_TEXT[mode.mode]
          : mode.status === 'loading'
            ? 'checking…'
            : `unknown: ${mode.message}`,
    },
    {
      name: 'Card entry (browser)',
      ok: true,
      value: key
        ? `Stripe Elements, publishable key ${maskKey(key)}`
        : 'sandbox card form (no publishable key; Stripe.js is not loaded)',
    },
    ...(agree ? [{ name: 'Browser and API agree', ...agree }] : []),
    {
      name: 'Payment calls (card/pay-with-card, payment intents)',
      ok: provider.configured,
      value: provider.configured
        ? `connected (${provider.name})`
        : `${provider.name}: not connected`,
    },
    {
      name: 'Return address after an embedded payment',
      ok: true,
      value: config.paymentReturnUrl ? paymentReturnUrl() : `${paymentReturnUrl()} (default)`,
    },
    { name: 'API base', ok: true, value: config.apiBaseUrl },
  ];
  return (
    <div className="container section co-page">
      <header className="co-page-header">
        <p className="eyebrow">Payments team</p>
        <h1>Testing</h1>
        <p className="lead">How card payments are wired on this deployment.</p>
      </header>
      <section className="card co-panel" aria-labelledby="co-wiring-title">
        <h2 id="co-wiring-title" className="co-panel-title">
          Payment provider status
        </h2>
        <dl className="co-facts" aria-busy={mode.status === 'loading'}>
          {rows.map((row) => (
            <div key={row.name} className="co-facts-row">
              <dt>{row.name}</dt>
              <dd>
                <span className={`co-dot co-dot-${row.ok ? 'ok' : 'off'}`} aria-hidden="true" />
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
