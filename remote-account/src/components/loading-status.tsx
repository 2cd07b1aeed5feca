import '../styles/base.css';

/** A spinner in the flow of the page while a list loads; `label` is what screen readers hear. */
export function LoadingStatus({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="ac-center-status" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
