import { Elements } from '@stripe/react-stripe-js';
import { useState, type ReactNode } from 'react';

import { loadConfiguredStripe } from '../lib/stripe-loader';

/**
 * Stripe Elements around the card form. Without a publishable key it still renders `<Elements>`,
 * with no Stripe (null): the hooks then report "not loaded" instead of throwing, and no request
 * leaves the machine.
 */
export function StripeElements({ children }: { children: ReactNode }) {
  // Read once per mount: the runtime config is fixed after the host boots.
  const [stripe] = useState(loadConfiguredStripe);
  return <Elements stripe={stripe}>{children}</Elements>;
}
