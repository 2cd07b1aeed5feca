import { api, errorMessage, useSession, type PaymentIntentView } from '@hypertek/shared';
import { useApiQuery } from '@hypertek/shared/data';

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
  const { user, token } = useSession();
  const read = useApiQuery({
    // Whose read it is (never the token: a key may be logged).
    queryKey: ['payment-intent', paymentIntentId, user?._id ?? user?.id],
    queryFn: ({ signal }) => api.getPaymentIntent(paymentIntentId ?? '', { signal }),
    enabled: Boolean(paymentIntentId && token),
  });

  if (!paymentIntentId) return null;
  if (!token) return { status: 'signed-out' };
  if (read.data) return { status: 'loaded', intent: read.data.paymentIntent };
  if (read.isError)
    return {
      status: 'error',
      message: errorMessage(read.error, 'The payment could not be read right now.'),
    };
  return { status: 'loading' };
}
