/**
 * Where the buyer lands after an embedded payment: the configured return address
 * (`paymentReturnUrl`), else this site's /dashboard. Stripe sends the buyer there itself; with the
 * sandbox the page goes there with the very query Stripe adds, so /dashboard handles both alike.
 */
import { getRuntimeConfig, type PaymentIntentStatus } from '@hypertek/shared';

export const paymentReturnUrl = (): string =>
  new URL(getRuntimeConfig().paymentReturnUrl ?? '/dashboard', window.location.origin).toString();

/** The `redirect_status` Stripe reports for an intent's status after confirmation. */
export function redirectStatus(status: PaymentIntentStatus): 'succeeded' | 'processing' | 'failed' {
  if (status === 'succeeded' || status === 'processing') return status;
  return 'failed';
}

/** The return address with Stripe's query: payment_intent, its client secret, redirect_status. */
export function paymentReturnAddress(
  intent: { id: string; clientSecret: string },
  status: PaymentIntentStatus,
): URL {
  const url = new URL(paymentReturnUrl());
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', intent.clientSecret);
  url.searchParams.set('redirect_status', redirectStatus(status));
  return url;
}
