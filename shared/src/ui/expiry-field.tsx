import type { OfferExpiry } from '@hypertek/shared';

/**
 * 'Expired In': how long a listing or an offer stays open, one of `options`. The same field in the
 * sell form, the account's listing dialog and the offer page.
 */
export function ExpiryField({
  id,
  name,
  value,
  options,
  disabled,
  onChange,
}: {
  id: string;
  name: string;
  value: OfferExpiry;
  options: readonly OfferExpiry[];
  disabled?: boolean;
  onChange: (expiry: OfferExpiry) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Expired In</label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as OfferExpiry)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
