/**
 * Stripe.js for the configured publishable key (`getRuntimeConfig().stripePublishableKey`).
 *
 * WARNING: `loadStripe` fetches https://js.stripe.com. It is only called when a key is configured,
 * so tests and machines without a key make no request. The `pure` entry is used on purpose: the
 * package's main entry injects the script as a side effect of being imported.
 */
import { getRuntimeConfig } from '@hypertek/shared';
import type { Stripe } from '@stripe/stripe-js';

let loaded: { key: string; stripe: Promise<Stripe | null> } | null = null;

/** The configured publishable key, or '' when none is. */
export const stripePublishableKey = (): string => getRuntimeConfig().stripePublishableKey.trim();

/**
 * Stripe.js, loaded once per key; null when no key is configured. A load that fails resolves to
 * null (the form then says 'Stripe not loaded') instead of rejecting into React.
 */
export function loadConfiguredStripe(): Promise<Stripe | null> | null {
  const key = stripePublishableKey();
  if (!key) return null;
  if (loaded?.key !== key) {
    const stripe = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(key))
      .catch((error: unknown) => {
        console.warn('[checkout] Stripe.js did not load', error);
        return null;
      });
    loaded = { key, stripe };
  }
  return loaded.stripe;
}
