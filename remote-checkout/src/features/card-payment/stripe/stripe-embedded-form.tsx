/**
 * WARNING: the embedded variant's way into Stripe. Imported lazily, and only when a publishable
 * key is configured, so the sandbox never downloads Stripe's code or Stripe.js.
 */
import { MESSAGES, tokens, type WireItem } from '@hypertek/shared';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { useReducer, useRef, useState, type SubmitEvent } from 'react';

import { ChargeNote } from '../components/charge-note';
import { FormAlert } from '../components/form-alert';
import { PayButton } from '../components/pay-button';
import { cardPaymentReducer, INITIAL_CARD_PAYMENT_STATE } from '../lib/card-payment-machine';
import { paymentReturnUrl } from '../../../lib/payment-return';
import { loadConfiguredStripe } from '../../../lib/stripe-loader';

const APPEARANCE: StripeElementsOptions['appearance'] = {
  theme: 'night',
  variables: {
    colorPrimary: tokens.color.primary,
    colorText: tokens.color.text,
    colorDanger: tokens.color.danger,
    fontFamily: 'system-ui, sans-serif',
  },
};

function PaymentElementForm({ item }: { item: WireItem }) {
  const stripe = useStripe();
  const elements = useElements();
  const [state, dispatch] = useReducer(cardPaymentReducer, INITIAL_CARD_PAYMENT_STATE);
  const busy = useRef(false);
  const processing = state.status === 'processing';

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    if (!stripe || !elements) return dispatch({ type: 'fail', message: MESSAGES.stripeNotLoaded });
    busy.current = true;
    dispatch({ type: 'submit' });
    // On success Stripe leaves for the return address (adding payment_intent, its client secret
    // and redirect_status); it only comes back here with an error to show.
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: paymentReturnUrl() },
    });
    busy.current = false;
    dispatch({ type: 'fail', message: error.message ?? MESSAGES.paymentFailedRetry });
  };

  return (
    <form
      className="form co-pay-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={processing}
    >
      <div className="co-payment-element">
        <PaymentElement options={{ readOnly: processing }} />
      </div>
      <FormAlert message={state.status === 'error' ? state.message : null} />
      <ChargeNote amount={item.price} />
      <PayButton amount={item.price} processing={processing} />
    </form>
  );
}

/** Stripe's embedded payment element for the intent of `clientSecret`, and 'Pay $amount'. */
export default function StripeEmbeddedForm({
  clientSecret,
  item,
}: {
  clientSecret: string;
  item: WireItem;
}) {
  const [stripe] = useState(loadConfiguredStripe);
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: APPEARANCE }}>
      <PaymentElementForm item={item} />
    </Elements>
  );
}
