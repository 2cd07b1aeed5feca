import { MESSAGES } from '@hypertek/shared';
import { useId, useRef, useState, type SubmitEvent } from 'react';

import { LockIcon } from '../../../components/lock-icon';
import { formatUsd } from '../../../lib/format-usd';
import type { PaymentItem } from '../../../lib/payment-item';
import { useCardPayment } from '../hooks/use-card-payment';
import { stripePublishableKey } from '../lib/stripe-loader';
import { CardField } from './card-field';

/** Name on card, the card field and 'Pay $amount' (SPEC §2, §4, §5). Inside `StripeElements`. */
export function CardPaymentForm({ item }: { item: PaymentItem }) {
  const { state, pay } = useCardPayment(item);
  const [nameOnCard, setNameOnCard] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameId = useId();
  const nameField = useRef<HTMLInputElement>(null);
  const processing = state.status === 'processing';

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = nameOnCard.trim();
    if (!name) {
      setNameError(MESSAGES.nameOnCardRequired);
      nameField.current?.focus();
      return;
    }
    setNameError(null);
    void pay(name);
  };

  return (
    <form className="form co-pay-form" onSubmit={submit} noValidate aria-busy={processing}>
      <div className="field">
        <label htmlFor={nameId}>Name on card</label>
        <input
          ref={nameField}
          id={nameId}
          name="nameOnCard"
          autoComplete="cc-name"
          placeholder="As printed on the card"
          required
          aria-required="true"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : undefined}
          value={nameOnCard}
          readOnly={processing}
          onChange={(event) => {
            setNameOnCard(event.target.value);
            if (nameError && event.target.value.trim()) setNameError(null);
          }}
        />
        {nameError && (
          <span id={`${nameId}-error`} className="form-error">
            {nameError}
          </span>
        )}
      </div>

      <CardField configured={stripePublishableKey() !== ''} disabled={processing} />

      <div className="co-form-status" role="alert">
        {state.status === 'error' && <p className="form-error co-form-error">{state.message}</p>}
      </div>

      <button type="submit" className="btn btn-primary co-pay-button" disabled={processing}>
        {processing ? (
          <>
            <span className="co-button-spinner" aria-hidden="true" />
            Processing...
          </>
        ) : (
          `Pay ${formatUsd(item.price)}`
        )}
      </button>
      <p className="co-fine-print muted">
        <LockIcon /> Card details go straight to the payment provider over an encrypted connection;
        Hyper Tek never stores them. Amounts are charged in USD.
      </p>
    </form>
  );
}
