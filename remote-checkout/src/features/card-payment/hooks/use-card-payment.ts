import { MESSAGES, notify, useSession, validateCardPayment } from '@hypertek/shared';
import { useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';

import { itemTitle, type PaymentItem } from '../../../lib/payment-item';
import type { PaymentReceipt } from '../../../lib/payment-receipt';
import {
  buildCardPaymentRequest,
  cardFailureMessage,
  cardPaymentReducer,
  INITIAL_CARD_PAYMENT_STATE,
} from '../lib/card-payment-machine';
import { usePaymentProvider } from '../lib/payment-provider';
import { useCardField } from './use-card-field';

/**
 * A card payment for `item` (SPEC §4, §5, §8): `pay(nameOnCard)` checks the provider is loaded and
 * the buyer signed in, creates the payment method, and hands the request to the payment provider.
 * Success toasts 'Payment Successful!' and goes to /success with the payment data; every failure
 * ends in `state.status === 'error'` with the text to show in the form.
 */
export function useCardPayment(item: PaymentItem) {
  const [state, dispatch] = useReducer(cardPaymentReducer, INITIAL_CARD_PAYMENT_STATE);
  // The reducer ignores a second submit; the ref stops its side effects too (double click).
  const busy = useRef(false);
  const { user, token } = useSession();
  const card = useCardField();
  const provider = usePaymentProvider();
  const navigate = useNavigate();

  const pay = async (nameOnCard: string): Promise<void> => {
    if (busy.current) return;
    if (!card.loaded) return dispatch({ type: 'fail', message: MESSAGES.stripeNotLoaded });
    if (!user || !token) return dispatch({ type: 'fail', message: MESSAGES.userAndTokenRequired });

    busy.current = true;
    dispatch({ type: 'submit' });
    try {
      const method = await card.createPaymentMethod(nameOnCard);
      if ('error' in method) return dispatch({ type: 'fail', message: method.error });

      const ids = { userId: user._id || user.id, paymentMethodId: method.paymentMethodId };
      const invalid = validateCardPayment(ids);
      if (invalid) return dispatch({ type: 'fail', message: invalid });

      const request = buildCardPaymentRequest({ user, item, nameOnCard, ...method });
      const response = await provider.payWithCard(request);
      if (!response.success)
        return dispatch({ type: 'fail', message: MESSAGES.paymentFailedRetry });

      dispatch({ type: 'succeed', response });
      notify.success(MESSAGES.paymentSuccess);
      const receipt: PaymentReceipt = {
        kind: 'card-payment',
        title: itemTitle(item),
        amount: item.price,
        payment: response,
      };
      void navigate('/success', { state: receipt });
    } catch (error) {
      dispatch({ type: 'fail', message: cardFailureMessage(error) });
    } finally {
      busy.current = false;
    }
  };

  return { state, pay, cardLoaded: card.loaded };
}
