import {
  itemTitle,
  MESSAGES,
  notify,
  reportFunnelStep,
  useSession,
  validateCardPayment,
  type WireItem,
} from '@hypertek/shared';
import { useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';

import type { PaymentReceipt } from '../../../lib/payment-receipt';
import type { CardEntry } from '../lib/card-entry';
import {
  buildCardPaymentRequest,
  cardFailureMessage,
  cardPaymentReducer,
  INITIAL_CARD_PAYMENT_STATE,
  type PaymentData,
} from '../lib/card-payment-machine';
import { usePaymentProvider } from '../../../lib/payment-provider';

/**
 * A card payment for `item`: `pay(nameOnCard)` checks the card entry is loaded
 * and the buyer signed in, creates the payment method, and charges it through the payment
 * provider. When the bank asks for authentication, the card entry runs it and the outcome is read
 * back from the API. Success counts the funnel's `checkout-paid` step, toasts 'Payment
 * Successful!' and goes to /success with the payment data; every failure ends in `state.status === 'error'` with the text to show in the form.
 */
export function useCardPayment(item: WireItem, entry: CardEntry) {
  const [state, dispatch] = useReducer(cardPaymentReducer, INITIAL_CARD_PAYMENT_STATE);
  // The reducer ignores a second submit; the ref stops its side effects too (double click).
  const busy = useRef(false);
  const { user, token } = useSession();
  const provider = usePaymentProvider();
  const navigate = useNavigate();

  const succeed = (payment: PaymentData) => {
    dispatch({ type: 'succeed', payment });
    reportFunnelStep('checkout-paid');
    notify.success(MESSAGES.paymentSuccess);
    const receipt: PaymentReceipt = {
      kind: 'card-payment',
      title: itemTitle(item),
      amount: item.price,
      itemKind: item.kind ?? 'nfa',
      payment,
    };
    void navigate('/success', { state: receipt });
  };

  const pay = async (nameOnCard: string): Promise<void> => {
    if (busy.current) return;
    if (!entry.loaded) return dispatch({ type: 'fail', message: MESSAGES.stripeNotLoaded });
    if (!user || !token) return dispatch({ type: 'fail', message: MESSAGES.userAndTokenRequired });

    busy.current = true;
    dispatch({ type: 'submit' });
    try {
      const method = await entry.createPaymentMethod(nameOnCard);
      if ('error' in method) return dispatch({ type: 'fail', message: method.error });

      const ids = { userId: user._id || user.id, paymentMethodId: method.paymentMethodId };
      const invalid = validateCardPayment(ids);
      if (invalid) return dispatch({ type: 'fail', message: invalid });

      const request = buildCardPaymentRequest({ user, item, nameOnCard, ...method });
      const response = await provider.payWithCard(request);
      if (response.success) return succeed(response.payment);
      if (!response.requiresAction)
        return dispatch({ type: 'fail', message: MESSAGES.paymentFailedRetry });

      // The bank asks the buyer to confirm: the card entry shows its window, then the API says
      // how it ended (it records the purchase when the authentication succeeded).
      const authentication = await entry.authenticate({
        id: response.paymentIntentId,
        clientSecret: response.clientSecret,
        amount: item.price,
      });
      const intent = await provider.getPaymentIntent(response.paymentIntentId);
      if (intent.status === 'succeeded') return succeed(intent);
      dispatch({
        type: 'fail',
        message: intent.failureMessage ?? authentication.error ?? MESSAGES.paymentFailedRetry,
      });
    } catch (error) {
      dispatch({ type: 'fail', message: cardFailureMessage(error) });
    } finally {
      busy.current = false;
    }
  };

  return { state, pay };
}
