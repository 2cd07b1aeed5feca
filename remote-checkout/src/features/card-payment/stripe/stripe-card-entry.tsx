/**
 * WARNING: the only way into Stripe for the card form. Imported lazily, and only when a publishable
 * key is configured, so the sandbox never downloads Stripe's code or Stripe.js.
 */
import { Elements } from '@stripe/react-stripe-js';
import { useState, type ReactNode } from 'react';

import type { CardEntry } from '../lib/card-entry';
import { loadConfiguredStripe } from '../../../lib/stripe-loader';
import { useStripeCardEntry } from './use-stripe-card-entry';

function WithStripeEntry({ children }: { children: (entry: CardEntry) => ReactNode }) {
  return children(useStripeCardEntry());
}

/** Stripe Elements around the card form; a Stripe.js that fails to load gives 'Stripe not loaded'. */
export default function StripeCardEntry({
  children,
}: {
  children: (entry: CardEntry) => ReactNode;
}) {
  // Read once per mount: the runtime config is fixed after the host boots.
  const [stripe] = useState(loadConfiguredStripe);
  return (
    <Elements stripe={stripe}>
      <WithStripeEntry>{children}</WithStripeEntry>
    </Elements>
  );
}
