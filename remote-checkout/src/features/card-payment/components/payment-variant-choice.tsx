import { useId } from 'react';

export type PaymentVariant = 'card' | 'secure';

const VARIANTS: { value: PaymentVariant; name: string; detail: string }[] = [
  { value: 'card', name: 'Card form', detail: 'Pay here and see the result at once.' },
  {
    value: 'secure',
    name: 'Secure Payment',
    detail: "The provider's embedded payment form; you come back to your dashboard.",
  },
];

/** How to pay by card: the card form, or the embedded 'Secure Payment' form. Native radios. */
export function PaymentVariantChoice({
  value,
  onChange,
}: {
  value: PaymentVariant;
  onChange: (variant: PaymentVariant) => void;
}) {
  const name = useId();
  return (
    <fieldset className="co-variants">
      <legend className="visually-hidden">How do you want to pay?</legend>
      {VARIANTS.map((variant) => (
        <label key={variant.value} className="co-variant">
          <input
            type="radio"
            name={name}
            value={variant.value}
            checked={value === variant.value}
            onChange={() => onChange(variant.value)}
          />
          <span className="co-variant-text">
            <strong>{variant.name}</strong>
            <span className="muted">{variant.detail}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
