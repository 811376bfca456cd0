import { Table } from '@mantine/core';
import { memo, startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { afterFirstPaint } from './use-after-first-paint';
import classes from './DataTable.module.css';

export interface DataTableColumn<Row> {
  /** Column heading, also the cell's label when rows stack as cards on phones. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Narrow action columns (Edit, Delete) are kept to their content. */
  shrink?: boolean;
  /** Shown in the heading cell instead of the header text, e.g. a "select all" checkbox (shown in cards too). */
  headerCell?: ReactNode;
  /** A row action (Edit, Delete, Reset Attempts): in a card it sits with the other actions at the foot, unlabelled. */
  action?: boolean;
}

interface DataTableProps<Row> {
  /** Accessible name of the table, e.g. "Categories". */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** What shows without rows: an EmptyState (what to do next and its button), or a plain title for one. */
  empty?: ReactNode;
  /**
   * The width in px the table's columns need, as far as the list knows: where the table has less (a phone, a
   * tablet beside the sidebar), or sticks out of its box anyway, each row shows as a card, so nothing scrolls sideways.
   */
  cardsBelow?: number;
  /**
   * Whether a row renders as it did (then it skips its render). By default only the same row object does:
   * lists whose rows are rebuilt on every change say what their cells show.
   */
  sameRow?: (previous: Row, next: Row) => boolean;
  /**
   * The least height in px of a row shown as a card, where the list's cards are tall (List Quiz's, a screenful is
   * two or three of them): on a phone, the cards past the first screenful then render a screenful per turn after
   * the first paint (useRowsInTurns).
   */
  cardHeight?: number;
  /**
   * Cards that put two short values (the `shrink` columns: a score, a rank) side by side on one line: a list of many
   * short fields (Quiz Report's) then shows several cards per tablet screen, not one and a bit.
   */
  compactCards?: boolean;
}

interface DataTableRowProps<Row> {
  row: Row;
  columns: readonly DataTableColumn<Row>[];
  sameRow?: (previous: Row, next: Row) => boolean;
  /** The table's look (striped and highlighted on hover), off for cards: what Mantine's Table.Tr reads from its table. */
  tableLook: boolean;
}

/**
 * A body row's and cell's classes, as Mantine's Table.Tr and Table.Td give them. The body's rows and cells are
 * plain elements: each Table.Tr and Table.Td is two components (the element factory and Box) that compute their
 * classes and styles on every render, and List Quiz's ten rows of eleven cells made that 240 components of the
 * commit that shows the list, one task on a phone's main thread. A test checks them against Mantine's.
 */
const BODY_ROW_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const BODY_CELL_CLASS = `${Table.classes.td} mantine-Table-td`;

function DataTableRowCells<Row>({ row, columns, tableLook }: DataTableRowProps<Row>) {
  return (
    <tr
      role="row"
      className={BODY_ROW_CLASS}
      // The attributes Table.Tr sets from the table's props (withRowBorders, Mantine's default; striped; highlightOnHover).
      data-with-row-border
      data-striped={tableLook ? 'odd' : undefined}
      data-hover={tableLook || undefined}
    >
      {columns.map((column) => (
        <td
          key={column.header}
          className={BODY_CELL_CLASS}
          role="cell"
          data-label={column.header}
          data-shrink={column.shrink || undefined}
          data-action={column.action || undefined}
        >
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
}

/** A row that renders again only when its columns change or its row no longer renders the same. */
const DataTableRow = memo(
  DataTableRowCells,
  (previous: DataTableRowProps<unknown>, next: DataTableRowProps<unknown>) =>
    previous.columns === next.columns &&
    previous.sameRow === next.sameRow &&
    previous.tableLook === next.tableLook &&
    (next.sameRow ?? Object.is)(previous.row, next.row),
  // memo() loses the component's type parameter; the comparison above holds for any Row.
) as <Row>(props: DataTableRowProps<Row>) => ReactNode;

/**
 * Whether rows show as cards: when the table's box (0: not laid out yet) is narrower than the columns need, the
 * larger of what the list says (`cardsBelow`) and what the table took when it last stuck out of the box.
 */
export function showsCards(boxWidth: number, cardsBelow: number, neededWidth: number): boolean {
  return boxWidth > 0 && boxWidth < Math.max(cardsBelow, neededWidth);
}

/**
 * The width the table needs, learnt from a table laid out in its box: wider than the box, it needs its width
 * (the columns' least); fitting, it needs no more than the box, so what was learnt before stays only if smaller.
 */
export function neededWidthOf(tableWidth: number, boxWidth: number, learnt: number): number {
  return tableWidth > boxWidth + 1 ? tableWidth : Math.min(learnt, boxWidth);
}

/**
 * Whether the window is narrower than `cardsBelow`: then so is the table's box, and rows show as cards whatever
 * the columns need. Read through a media query, which needs no layout (the window's `innerWidth` lays the page out
 * in a phone's browser); false where there is no `matchMedia`.
 */
export function windowNarrowerThan(width: number): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${width - 0.02}px)`).matches;
}

/**
 * Cards or table, decided before the first paint (no table flashing into cards) and measured again whenever the
 * box or the table changes width (window resized, sidebar folded, longer names on the next page). The box's own
 * width, not the window's, so the sidebar and the help panel count; the table's own width, so a long name or
 * another locale's dates cannot make it stick out where the list's `cardsBelow` guessed it would fit.
 *
 * In a window narrower than `cardsBelow` (a phone) the rows are cards from the first render, and nothing reads
 * the layout before the first paint: measuring there forced a layout of the whole table in the render's task
 * (about 150 ms at a phone's speed), then a second one of the cards. The ResizeObserver's first
 * call, after the browser's own layout, measures them. Only a window wide enough for the table is measured at
 * once, as the box beside the sidebar may still be too narrow.
 */
function useCards(cardsBelow: number) {
  const box = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const [narrowWindow] = useState(() => windowNarrowerThan(cardsBelow));
  const [cards, setCards] = useState(narrowWindow);
  const shown = useRef({ cards: narrowWindow, needed: 0 });
  const measureAtOnce = useRef(!narrowWindow);
  useLayoutEffect(() => {
    const boxElement = box.current;
    const tableElement = table.current;
    if (!boxElement || !tableElement) return;
    const measure = () => {
      const boxWidth = boxElement.clientWidth;
      // Only a table shows how wide its columns want to be; cards keep what the table showed last.
      if (!shown.current.cards) shown.current.needed = neededWidthOf(tableElement.offsetWidth, boxWidth, shown.current.needed);
      shown.current.cards = showsCards(boxWidth, cardsBelow, shown.current.needed);
      setCards(shown.current.cards);
    };
    if (measureAtOnce.current) measure();
    measureAtOnce.current = true;
    const observer = new ResizeObserver(measure);
    observer.observe(boxElement);
    observer.observe(tableElement);
    return () => observer.disconnect();
  }, [cardsBelow]);
  return { box, table, cards, cardsFirst: narrowWindow };
}

/**
 * How many cards at least `cardHeight` tall fill a screen `screenHeight` tall, wherever the table starts on it.
 */
export function cardsFillingScreen(screenHeight: number, cardHeight: number): number {
  return Math.max(1, Math.ceil(screenHeight / cardHeight));
}

/**
 * How many of the rows to render: on a phone (cards from the first render) with tall cards, a screenful first and
 * a screenful more after each paint, until all are in; otherwise all. Each commit then builds a few cards, not the
 * whole page: List Quiz's ten cards were one commit of ~700 components, the longest task of its load on a phone
 *. Nothing on the screen moves: the first turn's cards cover the screen (the screen's height is an
 * upper bound of the window's, read without a layout), so later cards and the pager under them arrive below it.
 * A table (wide window) renders every row at once, as its columns' widths depend on them all.
 */
function useRowsInTurns(rowCount: number, cardsFirst: boolean, cardHeight: number | undefined): number {
  const [turn] = useState(() => (cardsFirst && cardHeight ? cardsFillingScreen(window.screen.height, cardHeight) : Infinity));
  const [shown, setShown] = useState(turn);
  useEffect(() => {
    if (shown >= rowCount) return;
    return afterFirstPaint(() => startTransition(() => setShown(shown + turn)));
  }, [shown, rowCount, turn]);
  return shown;
}

/**
 * Data table on Mantine Table: a labelled table where its columns fit, a list of cards where they do not
 * (DataTable.module.css). Explicit roles keep it a table for assistive technology when the cards' CSS turns its
 * elements into blocks (browsers drop a table's semantics with its display).
 */
function DataTableOf<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty = 'Nothing to show.',
  cardsBelow = 560,
  sameRow,
  cardHeight,
  compactCards = false,
}: DataTableProps<Row>) {
  const { box, table, cards, cardsFirst } = useCards(cardsBelow);
  const shown = useRowsInTurns(rows.length, cardsFirst, cardHeight);
  return (
    <div ref={box} className={classes.root} data-cards={cards || undefined} data-compact-cards={compactCards || undefined}>
      <Table
        ref={table}
        striped={!cards}
        highlightOnHover={!cards}
        // 6 px either side of a cell instead of Mantine's 10: the widest list (List Quiz) fits beside the sidebar at 1440 px.
        horizontalSpacing={6}
        aria-label={label}
        role="table"
      >
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {columns.map((column) => (
              <Table.Th
                key={column.header}
                role="columnheader"
                // A 1% width keeps an action column to its content in the table; a card's heading row has no columns.
                w={column.shrink && !cards ? '1%' : undefined}
                data-control={column.headerCell ? true : undefined}
              >
                {column.headerCell ?? column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.length === 0 ? (
            <Table.Tr role="row">
              <Table.Td role="cell" colSpan={columns.length} data-label="">
                {typeof empty === 'string' ? <EmptyState title={empty} /> : empty}
              </Table.Td>
            </Table.Tr>
          ) : (
            rows
              .slice(0, shown)
              .map((row) => <DataTableRow key={rowKey(row)} row={row} columns={columns} sameRow={sameRow} tableLook={!cards} />)
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * DataTable, memoised: a list renders again on every sync, live or status change, the table only when one of its
 * props does (lists pass the same columns, rows, rowKey and empty state while nothing they show changed).
 */
export const DataTable = memo(DataTableOf) as typeof DataTableOf;
