import { Group, Pagination, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { pageCount, pageRange } from './page-range';

interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Categories pages". */
  label?: string;
}

/** Pager with the specification's 5-page range, previous/next, and accessible page buttons. */
export function Pager({ page, total, pageSize, onChange, label = 'Pages' }: PagerProps) {
  const pages = pageCount(total, pageSize);
  return (
    <Pagination.Root
      total={pages}
      value={page}
      onChange={onChange}
      // Touch targets of at least 44 px (mobile first), like every other control.
      styles={{ control: { minWidth: '2.75rem', height: '2.75rem' } }}
    >
      {/* The arrows stay at the row's ends and only the page numbers wrap: a narrow column (the quiz's question
          picker on a tablet) once put ">" alone on a line of its own. */}
      <Group component="nav" aria-label={label} gap={6} wrap="nowrap" align="flex-start">
        <Pagination.Previous aria-label="Previous page" />
        <Group gap={6} wrap="wrap" miw={0}>
          {pageRange(page, pages).map((number) => (
            <Pagination.Control
              key={number}
              active={number === page}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => onChange(number)}
            >
              {number}
            </Pagination.Control>
          ))}
        </Group>
        <Pagination.Next aria-label="Next page" />
      </Group>
    </Pagination.Root>
  );
}

/** "1 quiz", "12 quizzes": a list's size in words. */
export function countOf(total: number, one: string, many: string): string {
  return `${total} ${total === 1 ? one : many}`;
}

/**
 * A list's foot: its pager, and beside it how many rows the list holds (`summary`, e.g. countOf(...)). `live`
 * announces a summary that changes with a filter while the person stays on the page. Memoised: a list renders again
 * on every sync or live change, its foot only when its page or count does.
 */
export const ListFooter = memo(function ListFooter({
  summary,
  live = false,
  ...pager
}: PagerProps & { summary: ReactNode; live?: boolean }) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Pager {...pager} />
      <Text size="sm" c="dimmed" role={live ? 'status' : undefined}>
        {summary}
      </Text>
    </Group>
  );
});

/**
 * The foot of a list of one kind of record: its pager named "<Records> pages" and "N <records>" beside it,
 * e.g. one="poll" many="polls" gives "Polls pages" and "3 polls".
 */
export function CountedListFooter({ one, many, ...pager }: Omit<PagerProps, 'label'> & { one: string; many: string }) {
  const label = `${many.charAt(0).toUpperCase()}${many.slice(1)} pages`;
  return <ListFooter {...pager} label={label} summary={countOf(pager.total, one, many)} />;
}

/** The paging of a list read from the mirror, as useSearchedPages gives it. */
interface SearchedPages {
  page: number;
  setPage: (page: number) => void;
  visible: readonly unknown[];
}

/** The counted foot of a list read from the mirror: its page, and the rows the search leaves. */
export function SearchedListFooter({ list, ...names }: { list: SearchedPages; pageSize: number; one: string; many: string }) {
  return <CountedListFooter page={list.page} onChange={list.setPage} total={list.visible.length} {...names} />;
}
