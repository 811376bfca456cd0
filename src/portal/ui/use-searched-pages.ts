import { useCallback, useMemo, useState } from 'react';
import { pageCount, pageSlice } from './page-range';

/**
 * The search and paging state of a list read from the mirror: a new search goes back to page 1, and the page
 * is clamped when rows disappear (a delete, a sync) so the pager never points past the end. The visible rows
 * and the page's rows stay the same arrays while rows, filter, search and page do, so a screen can memoise
 * what it builds from them; `setSearch`, like `setPage`, is the same function on every render, so a memoised search box
 * or pager renders again only when its value changes.
 */
export function useSearchedPages<Row>(
  rows: readonly Row[] | undefined,
  filter: (rows: readonly Row[], search: string) => Row[],
  pageSize: number,
) {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const visible = useMemo(() => filter(rows ?? [], search), [filter, rows, search]);
  const shownPage = Math.min(page, pageCount(visible.length, pageSize));
  const pageRows = useMemo(() => pageSlice(visible, shownPage, pageSize), [visible, shownPage, pageSize]);
  const setSearch = useCallback((value: string) => {
    setSearchText(value);
    setPage(1);
  }, []);
  return { search, setSearch, page: shownPage, setPage, visible, pageRows };
}
