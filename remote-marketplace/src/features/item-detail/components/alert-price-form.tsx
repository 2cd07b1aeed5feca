import { formatDollars, MARKET_MESSAGES } from '@hypertek/shared';
import { useId, useState, type SubmitEvent } from 'react';

interface AlertPriceFormProps {
  /** The alert price saved now (dollars; null: none). */
  alertPrice: number | null;
  /** Saves an alert price (null: none); resolves to the refusal's words, if any. */
  onSave: (alertPrice: number | null) => Promise<string | null>;
}

/** The field's text for a price: '250', '0.5'; empty for none. */
const textOf = (price: number | null): string => (price === null ? '' : String(price));

/** What the API says of an alert price that is no number (it never sees one: JSON has no NaN). */
const NOT_A_PRICE = `Alert price: ${MARKET_MESSAGES.priceInvalid}`;

/**
 * The alert price of a watched item (docs/product.md, "Watchlist"): 'Alert me at or below', in
 * dollars, saved with the watch (an empty field: no alert price, told of any listing). A refusal
 * ('Alert price: …', the API's words) shows under the field; 'Alert saved' once it is saved.
 */
export function AlertPriceForm({ alertPrice, onSave }: AlertPriceFormProps) {
  const fieldId = useId();
  const [text, setText] = useState(() => textOf(alertPrice));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // '$1,250' is 1250; the API checks the rest (positive, at most 1,000,000, 2 decimals).
    const typed = text.replace(/[\s$,]/g, '');
    const price = typed === '' ? null : Number(typed);
    setSaved(null);
    if (price !== null && !Number.isFinite(price)) {
      setProblem(NOT_A_PRICE);
      return;
    }
    setSaving(true);
    const problem = await onSave(price);
    setSaving(false);
    setProblem(problem);
    if (problem === null) {
      setSaved(price === null ? 'No alert price: any listing tells you' : 'Alert saved');
    }
  };

  return (
    <form className="mp-alert-form" noValidate onSubmit={(event) => void submit(event)}>
      <label htmlFor={fieldId}>Alert me at or below</label>
      <div className="mp-alert-row">
        <span className="mp-alert-input">
          <span aria-hidden="true">$</span>
          <input
            id={fieldId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="Any price"
            value={text}
            aria-invalid={problem !== null}
            aria-describedby={`${fieldId}-note`}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
              setSaved(null);
            }}
          />
        </span>
        <button type="submit" className="btn btn-ghost" disabled={saving}>
          Save alert
        </button>
      </div>
      <p id={`${fieldId}-note`} className={problem ? 'mp-alert-problem' : 'muted mp-alert-note'}>
        {problem ? (
          <span role="alert">{problem}</span>
        ) : (
          <span role="status">
            {saved ??
              (alertPrice === null
                ? 'Dollars. Empty: any listing of this item tells you.'
                : `You are told when it is listed at or below ${formatDollars(alertPrice)}.`)}
          </span>
        )}
      </p>
    </form>
  );
}
