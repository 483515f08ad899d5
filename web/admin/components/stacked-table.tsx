import type { ReactNode } from 'react';
import { TableRegion } from './table-region.tsx';

export type StackedColumn<Row> = {
  /** The column's header, and the label each of its cells shows when the table stacks on a narrow screen. */
  label: string;
  /** The header is read by screen readers only and the cells carry no label (a column of checkboxes). */
  labelHidden?: boolean;
  cell: (row: Row) => ReactNode;
};

type Props<Row> = {
  columns: readonly StackedColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The table's name: read by screen readers only, and the name of its scroll region. */
  caption: string;
  /** A totals row, one cell per column; the first names the row ("Итого"). */
  footer?: readonly ReactNode[];
};

/**
 * A back-office table that stacks each row into labelled lines on a narrow screen: every cell
 * carries its column's label (data-label, shown by admin.css below the breakpoint), written once
 * here instead of beside every cell. A table still too wide scrolls inside its TableRegion.
 */
export function StackedTable<Row>({ columns, rows, rowKey, caption, footer }: Props<Row>) {
  return (
    <TableRegion name={caption}>
      <table className="admin-table admin-table--stack">
        <caption className="admin-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.labelHidden ? <span className="admin-visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.labelHidden ? undefined : column.label}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot>
            <tr>
              {columns.map((column, i) =>
                i === 0 ? (
                  <th key={column.label} scope="row">
                    {footer[i]}
                  </th>
                ) : (
                  <td key={column.label} data-label={column.labelHidden || footer[i] === '' ? undefined : column.label}>
                    {footer[i]}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </TableRegion>
  );
}
