import type { ReactNode } from 'react';

import { FormError } from '../../../components/form-error';
import { FullScreenSpinner } from '../../../components/full-screen-spinner';
import type { FormSubmit } from '../../../hooks/use-form-submit';

/**
 * The form of every auth screen: the fields, the current error (announced), the submit button,
 * and the full-screen spinner while the request is in flight. Validation is the
 * shared rules', so the browser's own is off (`noValidate`).
 */
export function AuthForm({
  form: { submit, pending, error, errorId },
  submitLabel,
  onInput,
  children,
}: {
  form: FormSubmit;
  submitLabel: string;
  /** Anything typed or chosen in the form's fields. */
  onInput?: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="form"
      noValidate
      onInput={onInput}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {children}
      <FormError id={errorId} message={error} />
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {submitLabel}
      </button>
      {pending && <FullScreenSpinner />}
    </form>
  );
}
