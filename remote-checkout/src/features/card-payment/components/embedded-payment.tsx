import type { WireItem } from '@hypertek/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

import { useEmbeddedIntent } from '../hooks/use-embedded-intent';
import { stripePublishableKey } from '../../../lib/stripe-loader';
import { ConnectingToProvider, SandboxCardEntry } from './card-entry-provider';
import { SandboxEmbeddedForm } from './sandbox-embedded-form';

// Stripe's code (and Stripe.js with it) is fetched only on this branch: never with the sandbox.
const StripeEmbeddedForm = lazy(() => import('../stripe/stripe-embedded-form'));

/**
 * The 'Secure Payment' variant (the embedded payment): a client secret first, then the
 * provider's embedded payment form (Stripe's payment element, or the sandbox's card fields), and
 * the return to /dashboard.
 */
export function EmbeddedPayment({ item }: { item: WireItem }) {
  const intent = useEmbeddedIntent(item);

  if (intent.status === 'creating') {
    return (
      <p className="co-embedded-status muted" role="status">
        <span className="spinner" aria-hidden="true" /> Preparing the secure payment form…
      </p>
    );
  }
  if (intent.status === 'error') {
    return (
      <div className="co-embedded-error" role="alert">
        <p className="form-error co-form-error">{intent.message}</p>
        {intent.detail && <p className="co-embedded-detail">{intent.detail}</p>}
        {intent.signedOut && (
          <Link className="btn btn-primary" to="/signin">
            Sign In
          </Link>
        )}
        {intent.retryable && (
          <button type="button" className="btn btn-ghost" onClick={intent.retry}>
            Try again
          </button>
        )}
      </div>
    );
  }
  if (stripePublishableKey() !== '') {
    return (
      <Suspense fallback={<ConnectingToProvider />}>
        <StripeEmbeddedForm
          key={intent.clientSecret}
          clientSecret={intent.clientSecret}
          item={item}
        />
      </Suspense>
    );
  }
  return (
    <SandboxCardEntry>
      {(entry) => <SandboxEmbeddedForm item={item} intent={intent} entry={entry} />}
    </SandboxCardEntry>
  );
}
