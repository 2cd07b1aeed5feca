import { MESSAGES, type WireItem } from '@hypertek/shared';
import { useId, useRef, useState, type SubmitEvent } from 'react';

import { LockIcon } from '../../../components/lock-icon';
import { useCardPayment } from '../hooks/use-card-payment';
import type { CardEntry } from '../lib/card-entry';
import { ChargeNote } from './charge-note';
import { FormAlert } from './form-alert';
import { PayButton } from './pay-button';

/**
 * The card form: name on card (required), the card entry's fields and 'Pay $amount',
 * charged through `card/pay-with-card`.
 */
export function CardPaymentForm({ item, entry }: { item: WireItem; entry: CardEntry }) {
  const { state, pay } = useCardPayment(item, entry);
  const [nameOnCard, setNameOnCard] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameId = useId();
  const nameField = useRef<HTMLInputElement>(null);
  const processing = state.status === 'processing';

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing) return;
    const name = nameOnCard.trim();
    setNameError(name ? null : MESSAGES.nameOnCardRequired);
    // Every mistake is marked at once; the focus goes to the first one.
    const cardValid = entry.validate({ focus: Boolean(name) });
    if (!name) nameField.current?.focus();
    if (!name || !cardValid) return;
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

      {entry.fields({ disabled: processing })}

      <FormAlert message={state.status === 'error' ? state.message : null} />
      <ChargeNote amount={item.price} />
      <PayButton amount={item.price} processing={processing} />
      <p className="co-fine-print muted">
        <LockIcon /> Card details go straight to the payment provider over an encrypted connection;
        Hyper Tek never stores them.
      </p>
      {entry.overlay}
    </form>
  );
}
