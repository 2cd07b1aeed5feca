import { api, type WireItem } from '@hypertek/shared';
import { useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';

import type { CardEntry } from '../lib/card-entry';
import {
  cardFailureMessage,
  cardPaymentReducer,
  INITIAL_CARD_PAYMENT_STATE,
  providerErrorMessage,
} from '../lib/card-payment-machine';
import { paymentReturnAddress } from '../../../lib/payment-return';
import { usePaymentProvider } from '../../../lib/payment-provider';

/**
 * The embedded payment's confirmation with the sandbox, done as `stripe.confirmPayment` does it:
 * the card becomes a payment method, the intent is confirmed with it, the bank's authentication
 * runs when asked for, and the buyer goes to the return address with Stripe's query
 * (`payment_intent`, `payment_intent_client_secret`, `redirect_status`). A card refused at
 * confirmation stays on the form with the provider's message, as with Stripe.
 */
export function useSandboxEmbeddedPayment(
  item: WireItem,
  intent: { id: string; clientSecret: string },
  entry: CardEntry,
) {
  const [state, dispatch] = useReducer(cardPaymentReducer, INITIAL_CARD_PAYMENT_STATE);
  const busy = useRef(false);
  const provider = usePaymentProvider();
  const navigate = useNavigate();

  const goToReturn = (status: Parameters<typeof paymentReturnAddress>[1]) => {
    const address = paymentReturnAddress(intent, status);
    if (address.origin === window.location.origin)
      void navigate(`${address.pathname}${address.search}`);
    else window.location.assign(address.toString());
  };

  const confirm = async (): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    dispatch({ type: 'submit' });
    try {
      const method = await entry.createPaymentMethod('');
      if ('error' in method) return dispatch({ type: 'fail', message: method.error });

      let confirmed;
      try {
        confirmed = await api.sandboxPayments.confirmPaymentIntent(intent.id, {
          client_secret: intent.clientSecret,
          payment_method: method.paymentMethodId,
        });
      } catch (error) {
        return dispatch({ type: 'fail', message: providerErrorMessage(error) });
      }
      if (confirmed.status !== 'requires_action') return goToReturn(confirmed.status);

      await entry.authenticate({ ...intent, amount: item.price });
      const after = await provider.getPaymentIntent(intent.id);
      goToReturn(after.status);
    } catch (error) {
      dispatch({ type: 'fail', message: cardFailureMessage(error) });
    } finally {
      busy.current = false;
    }
  };

  return { state, confirm };
}
