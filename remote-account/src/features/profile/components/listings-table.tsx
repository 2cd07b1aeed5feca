import type { Listing } from '@hypertek/shared';

import { ItemArt } from '../../../components/item-art';

/** The List tab's table (SPEC §2): Listing, Status, Price, Floor, Qty and a checkbox per row. */
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
    <div className="table-wrap ac-table-wrap" tabIndex={0} aria-label="Listings (scrolls sideways)">
      <table className="table ac-table">
        <thead>
          <tr>
            <th scope="col">Listing</th>
            <th scope="col">Status</th>
            <th scope="col">Price</th>
            <th scope="col">Floor</th>
            <th scope="col">Qty</th>
            <th scope="col" className="ac-check-cell">
              <input
                type="checkbox"
                className="ac-check"
                aria-label="Select all listings"
                checked={allChecked}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
            </th>
          </tr>
        </thead>
        <tbody>
          {listings.map((listing) => (
            <tr key={listing.id} className={listing.checked ? 'ac-row-checked' : undefined}>
              <th scope="row">
                <span className="ac-listing-name">
                  <ItemArt seed={listing.name} className="ac-thumb" />
                  {listing.name}
                </span>
              </th>
              <td>
                <span className={`ac-chip ac-status-${listing.status.toLowerCase()}`}>
                  {listing.status}
                </span>
              </td>
              <td className="price">${listing.price}</td>
              <td>${listing.floor}</td>
              <td>{listing.qty}</td>
              <td className="ac-check-cell">
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
        </tbody>
      </table>
    </div>
  );
}
