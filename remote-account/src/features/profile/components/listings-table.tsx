import { formatPrice, type MarketListing } from '@hypertek/shared';
import { DataTable, ItemImage, type Column } from '@hypertek/shared/ui';

import { isActive } from '../lib/listings';

/**
 * The List tab's table: Listing, Status, Price, Floor, Qty and a checkbox per row (only an active
 * listing can be checked); one card per row on a phone, with 'Select all' above them.
 */
export function ListingsTable({
  listings,
  checked,
  onToggle,
  onToggleAll,
}: {
  listings: readonly MarketListing[];
  /** The ids of the checked listings. */
  checked: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (checked: boolean) => void;
}) {
  const active = listings.filter(isActive);
  const allChecked = active.length > 0 && active.every((l) => checked.has(l._id));
  const columns: readonly Column<MarketListing>[] = [
    {
      header: 'Listing',
      lead: true,
      cell: (listing) => (
        <span className="ac-listing-name">
          <span className="ac-thumb">
            <ItemImage image={listing.image} alt="" kind={listing.kind} seed={listing.itemId} />
          </span>
          {listing.name}
        </span>
      ),
    },
    {
      header: 'Status',
      cell: (listing) => (
        <span className={`ui-table-chip ac-status-${listing.status.toLowerCase()}`}>
          {listing.status}
        </span>
      ),
    },
    { header: 'Price', cell: (listing) => formatPrice(listing.price), className: 'price' },
    {
      header: 'Floor',
      cell: (listing) => (listing.floor === null ? '—' : formatPrice(listing.floor)),
    },
    { header: 'Qty', cell: (listing) => listing.qty },
    {
      header: 'Select',
      className: 'ac-check-cell',
      headerCell: (
        <label className="ac-select-all">
          <span className="ac-select-all-text visually-hidden">Select all</span>
          <input
            type="checkbox"
            className="ac-check"
            aria-label="Select all listings"
            checked={allChecked}
            disabled={active.length === 0}
            onChange={(e) => onToggleAll(e.target.checked)}
          />
        </label>
      ),
      cell: (listing) => (
        <input
          type="checkbox"
          className="ac-check"
          aria-label={`Select ${listing.name}`}
          checked={checked.has(listing._id)}
          // Sold, Cancelled and Expired are final: nothing to cancel.
          disabled={!isActive(listing)}
          onChange={() => onToggle(listing._id)}
        />
      ),
    },
  ];
  return (
    <DataTable
      caption="Listings"
      columns={columns}
      rows={listings}
      rowKey={(listing) => listing._id}
      rowClassName={(listing) => (checked.has(listing._id) ? 'ac-row-checked' : undefined)}
    />
  );
}
