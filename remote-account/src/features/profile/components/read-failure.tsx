/** A read of the profile that failed: what could not be loaded, why, and 'Try again'. */
export function ReadFailure({
  what,
  message,
  retry,
}: {
  /** 'Your collectibles', 'Your listings'. */
  what: string;
  message: string;
  retry: () => void;
}) {
  return (
    <div className="ac-center-status ac-collection-error" role="alert">
      <p>
        <strong>{what} could not be loaded.</strong> {message}
      </p>
      <button type="button" className="btn btn-ghost" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
