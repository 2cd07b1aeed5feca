import { api, errorMessage, useSession, type PaymentIntentView } from '@hypertek/shared';
import { useEffect, useState } from 'react';

export type PaymentStatusRead =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'loaded'; intent: PaymentIntentView }
  | { status: 'error'; message: string };

/**
 * What the API says of the payment the buyer came back from (`GET
 * /payment/payment-intent/:id`): the query only says where the provider sent them, the API
 * says what was paid and whether it went through. Needs the buyer signed in (their own payment).
 */
export function usePaymentStatus(paymentIntentId: string | null): PaymentStatusRead | null {
  const { token } = useSession();
  const [read, setRead] = useState<{ id: string; result: PaymentStatusRead } | null>(null);

  useEffect(() => {
    if (!paymentIntentId || !token) return;
    const controller = new AbortController();
    void api
      .getPaymentIntent(paymentIntentId, { signal: controller.signal })
      .then(
        ({ paymentIntent }): PaymentStatusRead => ({ status: 'loaded', intent: paymentIntent }),
        (error: unknown): PaymentStatusRead => ({
          status: 'error',
          message: errorMessage(error, 'The payment could not be read right now.'),
        }),
      )
      .then((result) => {
        if (!controller.signal.aborted) setRead({ id: paymentIntentId, result });
      });
    return () => controller.abort();
  }, [paymentIntentId, token]);

  if (!paymentIntentId) return null;
  if (!token) return { status: 'signed-out' };
  return read?.id === paymentIntentId ? read.result : { status: 'loading' };
}
