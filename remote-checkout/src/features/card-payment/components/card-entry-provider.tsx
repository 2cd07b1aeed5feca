import { lazy, Suspense, type ReactNode } from 'react';

import { useSandboxCardEntry } from '../hooks/use-sandbox-card-entry';
import type { CardEntry } from '../lib/card-entry';
import { stripePublishableKey } from '../../../lib/stripe-loader';

// Stripe's code (and Stripe.js with it) is fetched only on this branch: never with the sandbox.
const StripeCardEntry = lazy(() => import('../stripe/stripe-card-entry'));

/** The sandbox's card entry, given to `children`. */
export function SandboxCardEntry({ children }: { children: (entry: CardEntry) => ReactNode }) {
  return children(useSandboxCardEntry());
}

/** While Stripe's code loads: where the card field will be. */
export function ConnectingToProvider() {
  return (
    <p className="co-card-box co-card-box-loading muted" role="status">
      Connecting to the card provider…
    </p>
  );
}

/**
 * The card entry of this deployment, given to `children`: Stripe when a publishable key is
 * configured, otherwise the sandbox's own card fields.
 */
export function CardEntryProvider({ children }: { children: (entry: CardEntry) => ReactNode }) {
  if (stripePublishableKey() === '') return <SandboxCardEntry>{children}</SandboxCardEntry>;
  return (
    <Suspense fallback={<ConnectingToProvider />}>
      <StripeCardEntry>{children}</StripeCardEntry>
    </Suspense>
  );
}
