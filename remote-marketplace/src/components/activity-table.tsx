import { formatAge, type ActivityEntry } from '@hypertek/shared';

import { usdt } from '../lib/catalogue-item';
import { DataTable } from './data-table';

const COLUMNS = ['Name', 'Type', 'Buyer', 'Seller', 'Price', 'Time'] as const;

/** The activity table (SPEC §2): Name, Type, Buyer, Seller, Price, Time as whole days ('3d'). */
export function ActivityTable({ rows, caption }: { rows: ActivityEntry[]; caption: string }) {
  return (
    <DataTable caption={caption} columns={COLUMNS}>
      {rows.map((row, index) => (
        <tr key={row._id || index}>
          <td className="mp-strong">{row.name}</td>
          <td>
            <span className="mp-type">{row.type}</span>
          </td>
          <td>{row.buyer}</td>
          <td>{row.seller}</td>
          <td className="price">{usdt(row.price)}</td>
          <td>{formatAge(row.time)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
