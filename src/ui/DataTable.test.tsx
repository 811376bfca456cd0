import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './DataTable';

interface Item {
  id: string;
  name: string;
  note: string;
}

/** Counts the renders of each row's cell. */
function countingColumns(renders: Map<string, number>): DataTableColumn<Item>[] {
  return [
    {
      header: 'Name',
      cell: (item) => {
        renders.set(item.id, (renders.get(item.id) ?? 0) + 1);
        return item.name;
      },
    },
  ];
}

const sameName = (a: Item, b: Item) => a.id === b.id && a.name === b.name;

function table(columns: DataTableColumn<Item>[], rows: Item[], sameRow?: (a: Item, b: Item) => boolean) {
  return (
    <MantineProvider>
      <DataTable label="Items" columns={columns} rows={rows} rowKey={(item) => item.id} sameRow={sameRow} />
    </MantineProvider>
  );
}

describe('DataTable rows', () => {
  it('skips the render of a rebuilt row that renders the same, and renders a changed one', () => {
    const renders = new Map<string, number>();
    const columns = countingColumns(renders);
    const rows = () => [
      { id: 'a', name: 'Alpha', note: '1' },
      { id: 'b', name: 'Bravo', note: '1' },
    ];
    const { rerender } = render(table(columns, rows(), sameName));
    rerender(
      table(
        columns,
        rows().map((item) => ({ ...item, note: '2' })),
        sameName,
      ),
    );
    expect(Object.fromEntries(renders)).toEqual({ a: 1, b: 1 });
    rerender(
      table(
        columns,
        rows().map((item) => (item.id === 'b' ? { ...item, name: 'Bravo 2' } : item)),
        sameName,
      ),
    );
    expect(Object.fromEntries(renders)).toEqual({ a: 1, b: 2 });
    expect(screen.getByRole('cell', { name: 'Bravo 2' })).toBeInTheDocument();
  });

  it('without a comparison, renders a row again when it is a new object or the columns change', () => {
    const renders = new Map<string, number>();
    const columns = countingColumns(renders);
    const alpha = { id: 'a', name: 'Alpha', note: '1' };
    const { rerender } = render(table(columns, [alpha]));
    rerender(table(columns, [alpha]));
    expect(renders.get('a')).toBe(1);
    rerender(table(columns, [{ ...alpha }]));
    expect(renders.get('a')).toBe(2);
    rerender(table(countingColumns(renders), [alpha]));
    expect(renders.get('a')).toBe(3);
  });
});
