/** Shown over the page while a submit is in flight. */
export function FullScreenSpinner() {
  return (
    <div className="overlay-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Please wait…</span>
    </div>
  );
}
