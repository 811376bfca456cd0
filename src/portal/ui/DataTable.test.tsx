import { MantineProvider, Table } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardsFillingScreen, DataTable, neededWidthOf, showsCards, type DataTableColumn } from './DataTable';

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

  it('renders again only when one of its props changes (the list around it renders far more often)', () => {
    const columns = countingColumns(new Map());
    const rows = [{ id: 'a', name: 'Alpha', note: '1' }];
    const rowKey = vi.fn((item: Item) => item.id);
    const withKey = (label: string) => (
      <MantineProvider>
        <DataTable label={label} columns={columns} rows={rows} rowKey={rowKey} />
      </MantineProvider>
    );
    const { rerender } = render(withKey('Items'));
    const renders = rowKey.mock.calls.length;
    rerender(withKey('Items'));
    expect(rowKey.mock.calls.length).toBe(renders);
    rerender(withKey('Other items'));
    expect(rowKey.mock.calls.length).toBeGreaterThan(renders);
    expect(screen.getByRole('table', { name: 'Other items' })).toBeInTheDocument();
  });
});

describe('cards where the columns do not fit', () => {
  it('shows cards in a box narrower than the list says or the table took, a table otherwise', () => {
    expect(showsCards(343, 760, 0)).toBe(true);
    expect(showsCards(1148, 760, 0)).toBe(false);
    // The list guessed 1100 px, but the table stuck out at 1291 px: cards up to that width.
    expect(showsCards(1148, 1100, 1291)).toBe(true);
    expect(showsCards(1300, 1100, 1291)).toBe(false);
    // Not laid out yet (0 px): a table, measured again before the first paint.
    expect(showsCards(0, 760, 0)).toBe(false);
  });

  it('learns the width a table needs from a table sticking out of its box', () => {
    expect(neededWidthOf(1291, 1148, 0)).toBe(1291);
    // A table that fits needs no more than its box: a wider need learnt before was from longer rows.
    expect(neededWidthOf(1148, 1148, 1291)).toBe(1148);
    expect(neededWidthOf(1300, 1300, 900)).toBe(900);
  });

  afterEach(() => vi.restoreAllMocks());

  it('renders the rows as labelled cards with the actions marked, still a table with its column headers', () => {
    // jsdom lays nothing out: a 343 px box (a phone) around a table whose columns want 700 px.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(343);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(700);
    const columns: DataTableColumn<Item>[] = [
      { header: 'Name', cell: (item) => item.name },
      { header: 'Edit', cell: (item) => <a href={`/edit/${item.id}`}>Edit</a>, shrink: true, action: true },
    ];
    render(
      <MantineProvider>
        <DataTable
          label="Items"
          columns={columns}
          rows={[{ id: 'a', name: 'Alpha', note: '' }]}
          rowKey={(item) => item.id}
          cardsBelow={320}
        />
      </MantineProvider>,
    );
    const itemsTable = screen.getByRole('table', { name: 'Items' });
    expect(itemsTable.parentElement).toHaveAttribute('data-cards');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Edit']);
    const [name, edit] = screen.getAllByRole('cell');
    expect(name).toHaveAttribute('data-label', 'Name');
    expect(name).not.toHaveAttribute('data-action');
    expect(edit).toHaveAttribute('data-action');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('in a window narrower than the list says, shows cards from the first render without reading the layout', () => {
    // A phone: the media query matches, so the box cannot be wider; measuring would lay the whole table out first.
    const queries: string[] = [];
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      queries.push(query);
      return { matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
    });
    const boxWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(343);
    const tableWidth = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(700);
    render(table(countingColumns(new Map()), [{ id: 'a', name: 'Alpha', note: '' }]));
    expect(screen.getByRole('table', { name: 'Items' }).parentElement).toHaveAttribute('data-cards');
    expect(queries).toContain('(max-width: 559.98px)');
    expect(boxWidth).not.toHaveBeenCalled();
    expect(tableWidth).not.toHaveBeenCalled();
  });

  it('keeps the table where the columns fit', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1148);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1148);
    render(table(countingColumns(new Map()), [{ id: 'a', name: 'Alpha', note: '' }]));
    expect(screen.getByRole('table', { name: 'Items' }).parentElement).not.toHaveAttribute('data-cards');
  });
});

describe('tall cards on a phone render a screenful at a time', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts the cards that cover a screen wherever the table starts on it', () => {
    expect(cardsFillingScreen(823, 360)).toBe(3);
    expect(cardsFillingScreen(720, 360)).toBe(2);
    expect(cardsFillingScreen(0, 360)).toBe(1);
  });

  const rows = Array.from({ length: 7 }, (_, index) => ({ id: String(index), name: `Item ${index + 1}`, note: '' }));
  const bodyRows = () => screen.getAllByRole('row').length - 1;

  function phone(narrow: boolean) {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: narrow, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    vi.spyOn(window.screen, 'height', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(narrow ? 343 : 1148);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(narrow ? 700 : 1148);
  }

  function tallCards(cardHeight?: number) {
    return (
      <MantineProvider>
        <DataTable
          label="Items"
          columns={countingColumns(new Map())}
          rows={rows}
          rowKey={(item) => item.id}
          cardsBelow={560}
          cardHeight={cardHeight}
        />
      </MantineProvider>
    );
  }

  it('shows the cards covering the screen first, then the rest after it is painted', async () => {
    phone(true);
    render(tallCards(300));
    // 800 px of screen, cards at least 300 px tall: three cover it.
    expect(bodyRows()).toBe(3);
    await waitFor(() => expect(bodyRows()).toBe(7), { timeout: 5000 });
    expect(screen.getAllByRole('row').at(-1)).toHaveTextContent('Item 7');
  });

  it('shows every row at once in a table, or where the list does not say how tall its cards are', () => {
    phone(false);
    const { unmount } = render(tallCards(300));
    expect(bodyRows()).toBe(7);
    unmount();
    vi.restoreAllMocks();
    phone(true);
    render(tallCards());
    expect(bodyRows()).toBe(7);
  });
});

describe("the body's plain rows and cells", () => {
  it("carry the classes and attributes Mantine's Table.Tr and Table.Td give, in a table and as cards", () => {
    const mantine = (striped: boolean) =>
      render(
        <MantineProvider>
          <Table striped={striped} highlightOnHover={striped}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Mantine</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </MantineProvider>,
      );
    const attributesOf = (element: Element | null | undefined) =>
      Object.fromEntries(
        [...(element?.attributes ?? [])]
          .filter(({ name }) => name !== 'role' && !name.startsWith('data-label') && name !== 'data-shrink')
          .map(({ name, value }) => [name, value]),
      );
    for (const narrow of [false, true]) {
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(narrow ? 343 : 1148);
      vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(narrow ? 700 : 1148);
      const ours = render(table(countingColumns(new Map()), [{ id: 'a', name: 'Alpha', note: '' }]));
      const theirs = mantine(!narrow);
      const row = ours.container.querySelector('tbody tr');
      expect(attributesOf(row)).toEqual(attributesOf(theirs.container.querySelector('tbody tr')));
      expect(attributesOf(row?.querySelector('td'))).toEqual(attributesOf(theirs.container.querySelector('tbody td')));
      ours.unmount();
      theirs.unmount();
      vi.restoreAllMocks();
    }
  });
});
