import { formatAge, formatPrice, type ActivityEntry } from '@hypertek/shared';

import { CellLabel, StackedTable } from '../../../components/stacked-table';

const COLUMNS = ['Name', 'Type', 'Buyer', 'Seller', 'Price', 'Time'] as const;

/**
 * The activity table (SPEC §2): Name, Type, Buyer, Seller, Price, Time as whole days ('3d'); one
 * card per row on a phone.
 */
export function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  return (
    <StackedTable label="Activity (scrolls sideways)" columns={COLUMNS}>
      {entries.map((entry, index) => (
        <tr key={entry._id || index} role="row">
          <th scope="row" role="rowheader">
            {entry.name}
          </th>
          <td role="cell">
            <CellLabel>Type</CellLabel>
            <span className="ac-chip">{entry.type}</span>
          </td>
          <td role="cell" className="ac-address">
            <CellLabel>Buyer</CellLabel>
            <span>{entry.buyer}</span>
          </td>
          <td role="cell" className="ac-address">
            <CellLabel>Seller</CellLabel>
            <span>{entry.seller}</span>
          </td>
          <td role="cell" className="price">
            <CellLabel>Price</CellLabel>
            <span>{formatPrice(entry.price)}</span>
          </td>
          <td role="cell">
            <CellLabel>Time</CellLabel>
            <span>{formatAge(entry.time)}</span>
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
