/** A list that could not be read: why, and 'Try again'. */
export function ReadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="mp-notice">
      <p className="lead" role="alert">
        {message}
      </p>
      <button type="button" className="btn btn-ghost" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
