import { Table, VisuallyHidden, type TableProps } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import classes from './data-table.module.css';

export type DataColumn<T> = {
  /** The column's heading; on a phone, the label above each value of the column. */
  header: string;
  /** Heard but not shown (an action column whose buttons say what they do); no label on a phone either. */
  hideHeader?: boolean;
  /** The cell names its row (`<th scope="row">`): the first line of the row's card on a phone. */
  rowHeader?: boolean;
  cell: (row: T) => ReactNode;
};

/**
 * A data table that never scrolls sideways: its columns on a wide screen; below 36em (phones) each
 * row becomes a card, one value per line under its column's heading, so that nothing (an action
 * column, a long name) is cut off at 360 px. The table keeps its semantics either way (rows, cells
 * and headers are the same elements, laid out differently).
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  ...tableProps
}: {
  /** The table's accessible name. */
  label: string;
  columns: DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
} & Omit<TableProps, 'children'>) {
  return (
    <Table aria-label={label} className={classes.table} {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header} scope="col">
              {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => {
              const label = column.hideHeader || column.rowHeader ? undefined : column.header;
              return column.rowHeader ? (
                <Table.Th key={column.header} scope="row" className={classes.rowHeader}>
                  {column.cell(row)}
                </Table.Th>
              ) : (
                <Table.Td key={column.header} data-label={label}>
                  {column.cell(row)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
