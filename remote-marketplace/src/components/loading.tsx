/** A section's loading indicator: a spinner, announced to screen readers by its label. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="mp-loading" role="status" aria-label={label}>
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
