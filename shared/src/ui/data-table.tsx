import './data-table.css';

import type { Key, ReactNode } from 'react';

/** One column: its header, what each row shows in it, and the cell's class. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** The row's name: a row header, heading the row's card on a phone, without a label. */
  lead?: boolean;
  /** What the header cell shows instead of `header` (a 'Select all' box); kept in view on a phone. */
  headerCell?: ReactNode;
}

/**
 * The site's one table: a caption for screen readers, column headers, one row per entry. Under
 * 600 px each row is a card of labelled fields (the column's name beside each value), so nothing
 * hides behind a sideways scroll; wider, it is a plain table that may scroll in its focusable
 * frame. The explicit roles keep the table's semantics where a browser drops them for cells no
 * longer laid out as a table.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  rowClassName?: (row: Row) => string | undefined;
}) {
  return (
    <div className="table-wrap ui-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="table ui-table" role="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                role="columnheader"
                className={column.headerCell ? 'ui-table-header-control' : undefined}
              >
                {column.headerCell ?? column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} role="row" className={rowClassName?.(row)}>
              {columns.map((column) => {
                const className =
                  [column.className, column.lead && 'ui-table-lead'].filter(Boolean).join(' ') ||
                  undefined;
                return column.lead ? (
                  <th key={column.header} scope="row" role="rowheader" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    role="cell"
                    data-label={column.header}
                    className={className}
                  >
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
