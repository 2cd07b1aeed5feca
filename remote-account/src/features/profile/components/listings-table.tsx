import { formatPrice, type Listing } from '@hypertek/shared';
import { DataTable, ItemArt, type Column } from '@hypertek/shared/ui';

/**
 * The List tab's table: Listing, Status, Price, Floor, Qty and a checkbox per row; one card per
 * row on a phone, with 'Select all' above them.
 */
export function ListingsTable({
  listings,
  onToggle,
  onToggleAll,
}: {
  listings: readonly Listing[];
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
}) {
  const allChecked = listings.length > 0 && listings.every((l) => l.checked);
  const columns: readonly Column<Listing>[] = [
    {
      header: 'Listing',
      lead: true,
      cell: (listing) => (
        <span className="ac-listing-name">
          <ItemArt seed={listing.name} kind="nfa" className="ac-thumb" />
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
    { header: 'Floor', cell: (listing) => formatPrice(listing.floor) },
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
            onChange={(e) => onToggleAll(e.target.checked)}
          />
        </label>
      ),
      cell: (listing) => (
        <input
          type="checkbox"
          className="ac-check"
          aria-label={`Select ${listing.name}`}
          checked={listing.checked}
          onChange={() => onToggle(listing.id)}
        />
      ),
    },
  ];
  return (
    <DataTable
      caption="Listings"
      columns={columns}
      rows={listings}
      rowKey={(listing) => listing.id}
      rowClassName={(listing) => (listing.checked ? 'ac-row-checked' : undefined)}
    />
  );
}
