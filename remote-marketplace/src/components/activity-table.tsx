import { formatAge, type ActivityEntry } from '@hypertek/shared';
import { Link } from 'react-router';

import { itemPath, itemPrice } from '../lib/catalogue-item';
import { DataTable, type Column } from './data-table';

/** The entry's name: a link to its item's page when the entry says which item it is. */
function ActivityName({ row }: { row: ActivityEntry }) {
  if (!row.itemId || (row.itemKind !== 'nfa' && row.itemKind !== 'land')) return row.name;
  return <Link to={itemPath(row.itemKind, row.itemId)}>{row.name}</Link>;
}

const COLUMNS: readonly Column<ActivityEntry>[] = [
  { header: 'Name', cell: (row) => <ActivityName row={row} />, className: 'mp-strong', lead: true },
  { header: 'Type', cell: (row) => <span className="mp-type">{row.type}</span> },
  { header: 'Buyer', cell: (row) => row.buyer },
  { header: 'Seller', cell: (row) => row.seller },
  { header: 'Price', cell: (row) => itemPrice(row.price), className: 'price' },
  { header: 'Time', cell: (row) => formatAge(row.time) },
];

/**
 * The activity table (SPEC §2): Name, Type, Buyer, Seller, Price, Time as whole days ('3d'). A
 * row's name leads to its item when the entry carries the item's id and kind.
 */
export function ActivityTable({ rows, caption }: { rows: ActivityEntry[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={rows}
      rowKey={(row, index) => row._id || index}
    />
  );
}
