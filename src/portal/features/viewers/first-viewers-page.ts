import { listViewers, type ViewerQuery } from '../../api/viewers';
import { prefetchPage } from '../../ui/prefetched-page';

/** The page Viewers Data opens on (no quiz, no search, page 1), and the key it keeps its pages under. */
export const VIEWERS_PAGE_KEY = 'viewers';
export const FIRST_VIEWERS_QUERY: ViewerQuery = { quiz: null, search: '', page: 1 };

/** Asks for Viewers Data's first page while the screen's code loads; the screen takes the answer. */
export function prefetchFirstViewersPage(): void {
  prefetchPage(VIEWERS_PAGE_KEY, FIRST_VIEWERS_QUERY, (query) => listViewers(query));
}
