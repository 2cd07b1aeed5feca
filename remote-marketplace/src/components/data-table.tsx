import '../styles/data-table.css';

import type { Key, ReactNode } from 'react';

/** One column: its header, what each row shows in it, and the cell's class. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** On a phone this cell heads the row's card and goes without its label (the item's name). */
  lead?: boolean;
}

/**
 * A marketplace table: a caption for screen readers, column headers, one row per entry. Under
 * 600 px each row is a card of labelled fields (the header's text beside each value), so nothing
 * hides behind a sideways scroll; wider, it is a plain table. The explicit roles keep the table's
 * semantics where a browser drops them for cells that are no longer laid out as a table.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
}) {
  return (
    <div className="table-wrap mp-table-wrap">
      <table className="table mp-table" role="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} scope="col" role="columnheader">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} role="row">
              {columns.map((column) => (
                <td
                  key={column.header}
                  role="cell"
                  data-label={column.header}
                  className={
                    [column.className, column.lead && 'mp-cell-lead'].filter(Boolean).join(' ') ||
                    undefined
                  }
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
