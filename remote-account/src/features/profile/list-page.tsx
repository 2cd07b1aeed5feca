import { api, errorMessage, notify, type MarketListing } from '@hypertek/shared';
import { useState } from 'react';

import { LoadingStatus } from '../../components/loading-status';
import { CancelListingModal } from './components/cancel-listing-modal';
import { EmptyState } from './components/empty-state';
import { ListingsTable } from './components/listings-table';
import { ProfileLayout } from './components/profile-layout';
import { ReadFailure } from './components/read-failure';
import { useListings } from './hooks/use-listings';
import { userId as idOf } from './lib/display-name';
import { cancelLabel, isActive } from './lib/listings';
import { refreshMarketReads, Refused } from './lib/market-reads';

/**
 * Cancels `listings` in one call; each row the server could not cancel (sold or expired
 * meanwhile, gone, busy) gets its own toast with the server's words.
 */
async function cancelListings(listings: readonly MarketListing[]): Promise<void> {
  const answer = await api.market.cancelListings(listings.map(({ _id }) => _id));
  const results = Array.isArray(answer.results) ? answer.results : [];
  if (!answer.success && results.length === 0) throw new Refused(answer.message);
  if (results.some(({ status }) => status === 'cancelled') && answer.message)
    notify.success(answer.message);
  for (const result of results) {
    if (result.status !== 'cancelled') notify.warning(result.message);
  }
}

/**
 * The user's listings (active first, then ended); checking active rows offers 'Cancel N
 * Listing(s)', whose dialog shows the total price; Confirm cancels them, clears the checks and
 * reads the list again.
 */
function Listings({ userId }: { userId: string }) {
  const read = useListings(userId);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  /** The listings the open 'Cancel Listing' dialog is about (as checked when it opened). */
  const [confirming, setConfirming] = useState<readonly MarketListing[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (read.status === 'loading') return <LoadingStatus label="Loading your listings…" />;
  if (read.status === 'error')
    return <ReadFailure what="Your listings" message={read.message} retry={read.retry} />;

  const { listings } = read;
  // A row that ended since it was checked (a sale, a cancel elsewhere) is no longer selected.
  const selected = listings.filter((l) => isActive(l) && checked.has(l._id));

  const toggle = (id: string) =>
    setChecked((all) => {
      const next = new Set(all);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const checkAll = (on: boolean) =>
    setChecked(new Set(on ? listings.filter(isActive).map(({ _id }) => _id) : []));
  const close = () => {
    setConfirming(null);
    setError(null);
  };
  const confirm = async (chosen: readonly MarketListing[]) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await cancelListings(chosen);
    } catch (failure) {
      const message =
        failure instanceof Refused && failure.message ? failure.message : errorMessage(failure);
      setError(message);
      notify.error(message);
      return;
    } finally {
      setBusy(false);
    }
    setChecked(new Set());
    close();
    void refreshMarketReads(userId);
  };

  return (
    <>
      <div className="ac-section-head">
        <h2>Your listings</h2>
        {selected.length > 0 && (
          <button type="button" className="btn btn-primary" onClick={() => setConfirming(selected)}>
            {cancelLabel(selected.length)}
          </button>
        )}
      </div>
      {listings.length === 0 ? (
        <EmptyState title="No Listing" heading="h2">
          You have listed nothing yet. Press 'List Now' on an item you own to sell it.
        </EmptyState>
      ) : (
        <ListingsTable
          listings={listings}
          checked={checked}
          onToggle={toggle}
          onToggleAll={checkAll}
        />
      )}
      {read.hasMore && (
        <div className="ac-more">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={read.loadMore}
            disabled={read.loadingMore}
            aria-busy={read.loadingMore}
          >
            {read.loadingMore ? 'Loading…' : 'Show more listings'}
          </button>
        </div>
      )}
      {confirming && (
        <CancelListingModal
          listings={confirming}
          busy={busy}
          error={error}
          onClose={close}
          onConfirm={() => void confirm(confirming)}
        />
      )}
    </>
  );
}

export default function ListPage() {
  return (
    <ProfileLayout title="Listing">{(user) => <Listings userId={idOf(user)} />}</ProfileLayout>
  );
}
