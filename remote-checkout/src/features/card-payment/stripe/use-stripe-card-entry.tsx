import { MESSAGES } from '@hypertek/shared';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';

import type { CardEntry } from '../lib/card-entry';
import { CardField } from './card-field';

/**
 * Card entry through Stripe Elements: the card element, its payment method, and Stripe's own
 * authentication window. Must be used inside `<Elements>` (see `StripeCardEntry`).
 */
export function useStripeCardEntry(): CardEntry {
  const stripe = useStripe();
  const elements = useElements();
  const loaded = Boolean(stripe && elements);

  return {
    mode: 'stripe',
    loaded,
    fields: ({ disabled }) => <CardField loaded={loaded} disabled={disabled} />,
    // Stripe's element checks itself when the payment method is created.
    validate: () => true,
    async createPaymentMethod(nameOnCard) {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return { error: MESSAGES.stripeNotLoaded };
      const { paymentMethod, error } = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name: nameOnCard },
      });
      // A provider error (declined card, incomplete number …) is shown in the form.
      if (error) return { error: error.message ?? MESSAGES.paymentFailed };
      return { paymentMethodId: paymentMethod.id };
    },
    async authenticate({ clientSecret }) {
      if (!stripe) return { error: MESSAGES.stripeNotLoaded };
      // Stripe shows the bank's window itself; the outcome is read from the API afterwards.
      const { error } = await stripe.handleNextAction({ clientSecret });
      return error?.message ? { error: error.message } : {};
    },
    overlay: null,
  };
}
