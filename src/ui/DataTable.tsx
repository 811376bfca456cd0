import { Table } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { EmptyState } from './EmptyState';

export interface DataTableColumn<Row> {
  /** Column heading, also the cell's label when rows stack as cards on phones. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Narrow action columns (Edit, Delete) are kept to their content. */
  shrink?: boolean;
  /** Shown in the heading cell instead of the header text, e.g. a "select all" checkbox. */
  headerCell?: ReactNode;
}

interface DataTableProps<Row> {
  /** Accessible name of the table, e.g. "Categories". */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** What shows without rows: an EmptyState (what to do next and its button), or a plain title for one. */
  empty?: ReactNode;
  /** Below this the table scrolls sideways inside its own box, never the page. */
  minWidth?: number;
  /**
   * Whether a row renders as it did (then it skips its render). By default only the same row object does:
   * lists whose rows are rebuilt on every change say what their cells show.
   */
  sameRow?: (previous: Row, next: Row) => boolean;
}

interface DataTableRowProps<Row> {
  row: Row;
  columns: readonly DataTableColumn<Row>[];
  sameRow?: (previous: Row, next: Row) => boolean;
}

function DataTableRowCells<Row>({ row, columns }: DataTableRowProps<Row>) {
  return (
    <Table.Tr>
      {columns.map((column) => (
        <Table.Td key={column.header} style={column.shrink ? { whiteSpace: 'nowrap' } : undefined}>
          {column.cell(row)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/** A row that renders again only when its columns change or its row no longer renders the same. */
const DataTableRow = memo(
  DataTableRowCells,
  (previous: DataTableRowProps<unknown>, next: DataTableRowProps<unknown>) =>
    previous.columns === next.columns && previous.sameRow === next.sameRow && (next.sameRow ?? Object.is)(previous.row, next.row),
  // memo() loses the component's type parameter; the comparison above holds for any Row.
) as <Row>(props: DataTableRowProps<Row>) => ReactNode;

/** Data table on Mantine Table: a labelled table that scrolls sideways in its own container on small screens. */
export function DataTable<Row>({ label, columns, rows, rowKey, empty = 'Nothing to show.', minWidth = 560, sameRow }: DataTableProps<Row>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} w={column.shrink ? '1%' : undefined}>
                {column.headerCell ?? column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{typeof empty === 'string' ? <EmptyState title={empty} /> : empty}</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => <DataTableRow key={rowKey(row)} row={row} columns={columns} sameRow={sameRow} />)
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
