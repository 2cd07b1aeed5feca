import { Link } from 'react-router';

import { formatAge, formatPrice, itemPath, type ActivityEntry } from '@hypertek/shared';
import { DataTable, type Column } from './data-table';

/** The entry's name: a link to its item's page when the entry says which item it is. */
function ActivityName({ row }: { row: ActivityEntry }) {
  if (!row.itemId || (row.itemKind !== 'nfa' && row.itemKind !== 'land')) return row.name;
  return <Link to={itemPath(row.itemKind, row.itemId)}>{row.name}</Link>;
}

const COLUMNS: readonly Column<ActivityEntry>[] = [
  { header: 'Name', cell: (row) => <ActivityName row={row} />, lead: true },
  { header: 'Type', cell: (row) => <span className="ui-table-chip">{row.type}</span> },
  { header: 'Buyer', cell: (row) => row.buyer },
  { header: 'Seller', cell: (row) => row.seller },
  { header: 'Price', cell: (row) => formatPrice(row.price, 'USDT'), className: 'price' },
  { header: 'Time', cell: (row) => formatAge(row.time) },
];

/**
 * The activity table, the same wherever it shows: Name, Type, Buyer, Seller, Price (USDT) and
 * Time as whole days elapsed ('3d', '0d' for a date in the future). A row's name leads to its
 * item when the entry carries the item's id and kind.
 */
export function ActivityTable({
  rows,
  caption,
}: {
  rows: readonly ActivityEntry[];
  caption: string;
}) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={rows}
      rowKey={(row, index) => row._id || index}
    />
  );
}
