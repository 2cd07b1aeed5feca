import { useState } from 'react';

import { CancelListingModal } from './components/cancel-listing-modal';
import { ListingsTable } from './components/listings-table';
import { ProfileLayout } from './components/profile-layout';
import { cancelLabel, SAMPLE_LISTINGS } from './lib/sample-listings';

/**
 * /List, the Listing tab: sample listings; checking rows offers 'Cancel N
 * Listing(s)', whose dialog shows the total price; Confirm clears the checks (locally only).
 */
function Listings() {
  const [listings, setListings] = useState(SAMPLE_LISTINGS);
  const [confirming, setConfirming] = useState(false);
  const selected = listings.filter((l) => l.checked);

  const toggle = (id: number) =>
    setListings((all) => all.map((l) => (l.id === id ? { ...l, checked: !l.checked } : l)));
  const checkAll = (checked: boolean) => setListings((all) => all.map((l) => ({ ...l, checked })));

  return (
    <>
      <div className="ac-section-head">
        <h2>Your listings</h2>
        {selected.length > 0 && (
          <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
            {cancelLabel(selected.length)}
          </button>
        )}
      </div>
      <ListingsTable listings={listings} onToggle={toggle} onToggleAll={checkAll} />
      {confirming && (
        <CancelListingModal
          listings={selected}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            checkAll(false);
            setConfirming(false);
          }}
        />
      )}
    </>
  );
}

export default function ListPage() {
  return <ProfileLayout title="Listing">{() => <Listings />}</ProfileLayout>;
}
