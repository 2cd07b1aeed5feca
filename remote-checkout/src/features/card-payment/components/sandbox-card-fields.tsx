import { useId, type RefObject } from 'react';

import type { CardErrors, CardFieldName, CardInput } from '../lib/sandbox-card';
import { cvcLength } from '../lib/sandbox-card';
import { TestModeNote } from './test-mode-note';

export type CardFieldRefs = Record<CardFieldName, RefObject<HTMLInputElement | null>>;

/**
 * The sandbox's card number, expiry and CVC: labelled fields that browsers can autofill
 * (`cc-number`, `cc-exp`, `cc-csc`), a numeric keypad on phones, each mistake beside its field and
 * announced with it (`aria-describedby`). The values live in React state only.
 */
export function SandboxCardFields({
  card,
  errors,
  disabled,
  inputRefs,
  onChange,
}: {
  card: CardInput;
  errors: CardErrors;
  disabled: boolean;
  inputRefs: CardFieldRefs;
  onChange: (field: CardFieldName, value: string) => void;
}) {
  const id = useId();
  const input = (field: CardFieldName) => {
    const error = errors[field];
    return {
      id: `${id}-${field}`,
      ref: inputRefs[field],
      type: 'text',
      inputMode: 'numeric' as const,
      spellCheck: false,
      required: true,
      'aria-required': true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${field}-error` : undefined,
      readOnly: disabled,
      value: card[field],
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value),
    };
  };
  const errorOf = (field: CardFieldName) =>
    errors[field] && (
      <span id={`${id}-${field}-error`} className="form-error">
        {errors[field]}
      </span>
    );

  return (
    <fieldset className="co-card-fields">
      <legend className="co-label">Card details</legend>
      <div className="field">
        <label htmlFor={`${id}-number`}>Card number</label>
        <input
          {...input('number')}
          name="cardnumber"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
        />
        {errorOf('number')}
      </div>
      <div className="co-card-fields-row">
        <div className="field">
          <label htmlFor={`${id}-expiry`}>Expiry date (MM / YY)</label>
          <input {...input('expiry')} name="cc-exp" autoComplete="cc-exp" placeholder="MM / YY" />
          {errorOf('expiry')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvc`}>Security code (CVC)</label>
          <input
            {...input('cvc')}
            name="cvc"
            autoComplete="cc-csc"
            placeholder={cvcLength(card.number) === 4 ? '1234' : '123'}
          />
          {errorOf('cvc')}
        </div>
      </div>
      <TestModeNote />
    </fieldset>
  );
}
