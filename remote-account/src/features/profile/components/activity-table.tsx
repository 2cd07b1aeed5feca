import { formatAge, type ActivityEntry } from '@hypertek/shared';

const COLUMNS = ['Name', 'Type', 'Buyer', 'Seller', 'Price', 'Time'] as const;

/** The activity table (SPEC §2): Name, Type, Buyer, Seller, Price, Time as whole days ('3d'). */
export function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  return (
    <div className="table-wrap ac-table-wrap" tabIndex={0} aria-label="Activity (scrolls sideways)">
      <table className="table ac-table">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr key={entry._id || index}>
              <th scope="row">{entry.name}</th>
              <td>
                <span className="ac-chip">{entry.type}</span>
              </td>
              <td className="ac-address">{entry.buyer}</td>
              <td className="ac-address">{entry.seller}</td>
              <td className="price">${entry.price}</td>
              <td>{formatAge(entry.time)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
