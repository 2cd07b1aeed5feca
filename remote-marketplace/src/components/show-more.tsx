/**
 * 'Show more' under a list read a page at a time (an item's sales, the watchlist): 'Loading…'
 * while the next page is on its way; after a failed page, `failed` (an alert) and 'Try again'.
 */
export function ShowMore({
  loading,
  failed,
  failedText,
  onMore,
}: {
  loading: boolean;
  /** The last page asked for could not be read (the list shown so far stays). */
  failed: boolean;
  failedText: string;
  onMore: () => void;
}) {
  return (
    <div className="mp-load-more">
      {failed && <p role="alert">{failedText}</p>}
      <button
        type="button"
        className="btn btn-ghost"
        disabled={loading}
        aria-busy={loading}
        onClick={onMore}
      >
        {loading ? 'Loading…' : failed ? 'Try again' : 'Show more'}
      </button>
    </div>
  );
}
