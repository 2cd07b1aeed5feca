import { formatPrice, type Listing } from '@hypertek/shared';

import { CellLabel, StackedTable } from '../../../components/stacked-table';
import { ItemArt } from '../../../components/item-art';

const COLUMNS = ['Listing', 'Status', 'Price', 'Floor', 'Qty'] as const;

/**
 * The List tab's table (SPEC §2): Listing, Status, Price, Floor, Qty and a checkbox per row; one
 * card per row on a phone, with 'Select all' above them.
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
  return (
    <StackedTable
      label="Listings (scrolls sideways)"
      columns={COLUMNS}
      lastHeader={
        <th scope="col" role="columnheader" className="ac-check-cell">
          <CellLabel>Select all</CellLabel>
          <input
            type="checkbox"
            className="ac-check"
            aria-label="Select all listings"
            checked={allChecked}
            onChange={(e) => onToggleAll(e.target.checked)}
          />
        </th>
      }
    >
      {listings.map((listing) => (
        <tr key={listing.id} role="row" className={listing.checked ? 'ac-row-checked' : undefined}>
          <th scope="row" role="rowheader">
            <span className="ac-listing-name">
              <ItemArt seed={listing.name} className="ac-thumb" />
              {listing.name}
            </span>
          </th>
          <td role="cell">
            <CellLabel>Status</CellLabel>
            <span className={`ac-chip ac-status-${listing.status.toLowerCase()}`}>
              {listing.status}
            </span>
          </td>
          <td role="cell" className="price">
            <CellLabel>Price</CellLabel>
            <span>{formatPrice(listing.price)}</span>
          </td>
          <td role="cell">
            <CellLabel>Floor</CellLabel>
            <span>{formatPrice(listing.floor)}</span>
          </td>
          <td role="cell">
            <CellLabel>Qty</CellLabel>
            <span>{listing.qty}</span>
          </td>
          <td role="cell" className="ac-check-cell">
            <CellLabel>Select</CellLabel>
            <input
              type="checkbox"
              className="ac-check"
              aria-label={`Select ${listing.name}`}
              checked={listing.checked}
              onChange={() => onToggle(listing.id)}
            />
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
