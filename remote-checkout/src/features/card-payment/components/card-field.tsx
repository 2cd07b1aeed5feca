import { tokens } from '@hypertek/shared';
import { CardElement, useStripe } from '@stripe/react-stripe-js';
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

/**
 * The card number / expiry / CVC area: Stripe's card element when a publishable key is configured,
 * otherwise a clearly labelled "unavailable" panel in its place.
 */
export function CardField({ configured, disabled }: { configured: boolean; disabled: boolean }) {
  const loaded = useStripe() !== null;
  if (!configured) {
    return (
      <div className="field">
        <span className="co-label" id="co-card-label">
          Card details
        </span>
        <div
          className="co-card-box co-card-box--unavailable"
          role="note"
          aria-labelledby="co-card-label"
          data-testid="card-unavailable"
        >
          <span className="co-card-box__icon" aria-hidden="true">
            ⊘
          </span>
          <span>
            <strong>Card entry unavailable.</strong> No card payment provider is configured for this
            site, so card details cannot be entered here yet.
          </span>
        </div>
      </div>
    );
  }
  return (
    <div className="field">
      <span className="co-label" id="co-card-label">
        Card details
      </span>
      <div className="co-card-box" role="group" aria-labelledby="co-card-label" aria-busy={!loaded}>
        {!loaded && (
          <span className="co-card-box__loading muted">Connecting to the card provider…</span>
        )}
        <CardElement options={{ ...CARD_OPTIONS, disabled }} />
      </div>
    </div>
  );
}
