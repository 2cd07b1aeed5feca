import type { ReactNode } from 'react';

/**
 * The account's tables: a table on wide screens (scrolling sideways in its labelled, focusable
 * box when it must), one card per row on phones (`.ac-stack` in profile.css: a line per column,
 * label left and value right, nothing scrolls sideways). The roles are spelt out: a table
 * restyled as blocks keeps them that way in every browser.
 */
export function StackedTable({
  label,
  columns,
  lastHeader,
  children,
}: {
  label: string;
  columns: readonly string[];
  /** A header cell after the named columns (the listings' 'Select all'). */
  lastHeader?: ReactNode;
  /** The rows (`<tr role="row">`). */
  children: ReactNode;
}) {
  return (
    <div className="table-wrap ac-table-wrap" tabIndex={0} aria-label={label}>
      <table className="table ac-table ac-stack" role="table">
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
            {lastHeader}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * The column's name inside a cell, shown only where the table stacks into cards. Hidden from
 * assistive technology, which reads the column headers.
 */
export function CellLabel({ children }: { children: string }) {
  return (
    <span className="ac-cell-label" aria-hidden="true">
      {children}
    </span>
  );
}
