import type { Page } from '../../lib/contract/page';
import { viewerPage, type ViewerProfile } from '../../lib/contract/viewer';
import { searchQueryParam } from '../../lib/search-query';
import { requestDecoded } from './client';

export type { ViewerProfile } from '../../lib/contract/viewer';

export interface ViewerQuery {
  quiz?: number | null;
  search?: string;
  page?: number;
}

/** GET profiles/viewer/?quiz=&search=&page= (the Viewers calls of the API): the participants, one page. */
export function listViewers(query: ViewerQuery, signal?: AbortSignal): Promise<Page<ViewerProfile>> {
  const searchParams: Record<string, string | number> = {};
  if (query.quiz) searchParams.quiz = query.quiz;
  const search = searchQueryParam(query.search ?? '');
  if (search) searchParams.search = search;
  if (query.page && query.page > 1) searchParams.page = query.page;
  return requestDecoded(viewerPage, 'api/v1/profiles/viewer/', { searchParams, signal });
}
