import { useId, useState } from 'react';

import '../styles/base.css';

/** A password input with a show/hide toggle; `errorId` links it to the form's error when invalid. */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  errorId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** The id of the error message that concerns this field, when one does. */
  errorId?: string | undefined;
}) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="ac-password">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="ac-password-toggle"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}
