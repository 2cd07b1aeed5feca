import { MESSAGES } from '@hypertek/shared';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';

export type PaymentMethodResult = { paymentMethodId: string } | { error: string };

/**
 * The card field as the form needs it: whether the provider is loaded, and turning the typed card
 * into a payment method id. Must be used inside `<Elements>` (see `StripeElements`).
 */
export function useCardField() {
  const stripe = useStripe();
  const elements = useElements();

  const createPaymentMethod = async (nameOnCard: string): Promise<PaymentMethodResult> => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return { error: MESSAGES.stripeNotLoaded };
    const { paymentMethod, error } = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: { name: nameOnCard },
    });
    // A provider error (declined card, incomplete number …) is shown in the form (SPEC §8).
    if (error) return { error: error.message ?? MESSAGES.paymentFailed };
    return { paymentMethodId: paymentMethod.id };
  };

  return { loaded: Boolean(stripe && elements), createPaymentMethod };
}
