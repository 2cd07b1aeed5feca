import { useId } from 'react';

/** The 'Email' field of the sign-up, sign-in and forgotten-password forms. */
export function EmailField({
  value,
  onChange,
  errorId,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The id of the error message that concerns this field, when one does. */
  errorId?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="pilot@hypertek.io"
        value={value}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
