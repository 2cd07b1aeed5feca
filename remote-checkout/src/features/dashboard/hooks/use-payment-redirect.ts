import { MESSAGES, notify } from '@hypertek/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The query the card provider adds when it sends the buyer back to /dashboard. The client secret
 * is removed too: it must not stay in the address bar or the history.
 */
export const PAYMENT_REDIRECT_PARAMS = [
  'redirect_status',
  'payment_intent',
  'payment_intent_client_secret',
] as const;

export interface PaymentRedirect {
  /** 'succeeded', 'failed', or another status the provider sent (e.g. 'processing'). */
  status: string;
  paymentIntent: string | null;
}

/**
 * Return from an embedded payment: `redirect_status=succeeded` toasts 'Payment
 * Successful! 💳', `failed` toasts 'Payment Failed ❌' — once only, even when StrictMode runs the
 * effect twice — then the query is removed from the URL (replace, so Back does not toast again).
 * Returns what the redirect said, kept after the query is gone, or null when there was none.
 */
export function usePaymentRedirect(): PaymentRedirect | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const [redirect, setRedirect] = useState<PaymentRedirect | null>(null);
  const handled = useRef<string | null>(null);

  const status = searchParams.get('redirect_status');
  const paymentIntent = searchParams.get('payment_intent');
  // Kept in state (adjusted during render) so the page still shows it once the query is gone.
  if (status && (redirect?.status !== status || redirect.paymentIntent !== paymentIntent)) {
    setRedirect({ status, paymentIntent });
  }

  useEffect(() => {
    if (!PAYMENT_REDIRECT_PARAMS.some((name) => searchParams.has(name))) return;
    const key = `${status ?? ''}|${paymentIntent ?? ''}`;
    if (handled.current !== key) {
      handled.current = key;
      if (status === 'succeeded') notify.success(MESSAGES.embeddedPaymentSuccess);
      else if (status === 'failed') notify.error(MESSAGES.embeddedPaymentFailed);
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of PAYMENT_REDIRECT_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams, status, paymentIntent]);

  return redirect;
}
