/**
 * Where a payment's failure is written in the form. The live region is always there (a region
 * must exist before it speaks), empty until there is something to say.
 */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div className="co-form-status" role="alert">
      {message && <p className="form-error co-form-error">{message}</p>}
    </div>
  );
}
