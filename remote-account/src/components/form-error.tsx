import '../styles/base.css';

/**
 * The form's current error, beside the fields (the toast vanishes; this stays). The
 * live region is always in the page so that screen readers announce each new message.
 */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} className="form-error ac-form-error" role="alert">
      {message ?? ''}
    </p>
  );
}
