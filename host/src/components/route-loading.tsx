/** Shown while a remote page loads. */
export function RouteLoading() {
  return (
    <div className="route-loading" data-testid="route-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
