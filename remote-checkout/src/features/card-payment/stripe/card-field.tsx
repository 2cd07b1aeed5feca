import { tokens } from '@hypertek/shared';
import { CardElement } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';

/** The Stripe card input, styled as the site's fields (Stripe renders it in its own iframe). */
const CARD_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: {
      color: tokens.color.text,
      fontFamily: 'system-ui, sans-serif',
      fontSize: '16px',
      iconColor: tokens.color.primary,
      '::placeholder': { color: tokens.color.textMuted },
    },
    invalid: { color: tokens.color.danger, iconColor: tokens.color.danger },
  },
};

/** Card number / expiry / CVC in Stripe's card element, while Stripe.js loads a note says so. */
export function CardField({ loaded, disabled }: { loaded: boolean; disabled: boolean }) {
  return (
    <div className="field">
      <span className="co-label" id="co-card-label">
        Card details
      </span>
      <div className="co-card-box" role="group" aria-labelledby="co-card-label" aria-busy={!loaded}>
        {!loaded && (
          <span className="co-card-box-loading muted">Connecting to the card provider…</span>
        )}
        <CardElement options={{ ...CARD_OPTIONS, disabled }} />
      </div>
    </div>
  );
}
