import { errorMessage, itemId, MESSAGES, useSession, type WireItem } from '@hypertek/shared';
import { useEffect, useRef, useState } from 'react';

import { buildPaymentIntentRequest } from '../lib/card-payment-machine';
import { usePaymentProvider } from '../../../lib/payment-provider';

export type EmbeddedIntent =
  | { status: 'creating' }
  | { status: 'ready'; id: string; clientSecret: string }
  | {
      status: 'error';
      message: string;
      /** The server's own reason, when it gave one. */
      detail?: string;
      signedOut?: boolean;
      /** Asking again may help (not when the buyer or the item is missing). */
      retryable: boolean;
    };

/** Stripe's client secrets are '<intent id>_secret_<…>'. */
const intentIdOf = (clientSecret: string): string => clientSecret.split('_secret_')[0] ?? '';

/**
 * The PaymentIntent of the embedded 'Secure Payment' variant: get a client
 * secret, then confirm. Needs a signed-in buyer and an item with an id and a price, else
 * 'User data , amount and item details are required' without a request. An answer without a
 * client secret is 'Failed to get client secret'; a failed request 'Failed to create payment
 * intent'. `retry` asks again (the API reuses the open intent of the same order).
 */
export function useEmbeddedIntent(item: WireItem): EmbeddedIntent & { retry: () => void } {
  const { user, token } = useSession();
  const provider = usePaymentProvider();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; intent: EmbeddedIntent } | null>(null);
  // StrictMode runs the effect twice: both runs share one request.
  const request = useRef<{ key: string; done: Promise<EmbeddedIntent> } | null>(null);

  const complete = Boolean(user && token && itemId(item) && item.price > 0);
  const key =
    complete && user ? `${user._id || user.id}|${itemId(item)}|${item.price}|${attempt}` : null;

  useEffect(() => {
    if (!key || !user) return;
    if (request.current?.key !== key) {
      const done = provider
        .createPaymentIntent(buildPaymentIntentRequest({ user, item }))
        .then((answer): EmbeddedIntent => {
          const clientSecret = answer.clientSecret;
          if (!clientSecret)
            return { status: 'error', message: MESSAGES.clientSecretFailed, retryable: true };
          const id = answer.paymentIntentId || intentIdOf(clientSecret);
          return { status: 'ready', id, clientSecret };
        })
        .catch((error: unknown): EmbeddedIntent => {
          const detail = errorMessage(error, '');
          return {
            status: 'error',
            message: MESSAGES.paymentIntentFailed,
            retryable: true,
            ...(detail && { detail }),
          };
        });
      request.current = { key, done };
    }
    let live = true;
    void request.current.done.then((intent) => live && setResult({ key, intent }));
    return () => {
      live = false;
    };
  }, [key, user, item, provider]);

  const retry = () => setAttempt((n) => n + 1);
  if (!key)
    return {
      status: 'error',
      message: MESSAGES.paymentDetailsRequired,
      signedOut: !user || !token,
      retryable: false,
      retry,
    };
  return { ...(result?.key === key ? result.intent : { status: 'creating' }), retry };
}
