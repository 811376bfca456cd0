import { attemptPage, type Attempt } from '../../lib/contract/attempt';
import type { Page } from '../../lib/contract/page';
import { MAX_PAGE_SIZE } from '../../lib/contract/page';
import { searchQueryParam } from '../../lib/search-query';
import { http, requestDecoded, requestJson, toApiError } from './client';

export type { Attempt } from '../../lib/contract/attempt';

/** The Quiz Report's filters: a quiz id, a search text and a page (from 1). */
export interface AttemptQuery {
  quiz?: number | null;
  search?: string;
  page?: number;
}

function searchParams(query: AttemptQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (query.quiz) params.quiz = query.quiz;
  const search = searchQueryParam(query.search ?? '');
  if (search) params.search = search;
  if (query.page && query.page > 1) params.page = query.page;
  return params;
}

/** GET attempts/?quiz=&search=&page= (the Attempts calls of the API): one page, by rank within each quiz, with each attempt's rank. */
export function listAttempts(query: AttemptQuery, signal?: AbortSignal): Promise<Page<Attempt>> {
  return requestDecoded(attemptPage, 'api/v1/attempts/', { searchParams: searchParams(query), signal });
}

/** Every attempt matching the quiz filter and search, read in pages of the server's largest size. */
export async function listAllAttempts(query: Omit<AttemptQuery, 'page'>, signal?: AbortSignal): Promise<Attempt[]> {
  const all: Attempt[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await requestDecoded(attemptPage, 'api/v1/attempts/', {
      searchParams: { ...searchParams({ ...query, page }), page, page_size: MAX_PAGE_SIZE },
      signal,
    });
    all.push(...answer.results);
    if (!answer.next) return all;
  }
}

/** POST bulk-delete-attempts/ with the ids: all or nothing on the server. */
export function bulkDeleteAttempts(ids: readonly number[]): Promise<void> {
  return requestJson<void>('api/v1/bulk-delete-attempts/', { method: 'post', json: { attempts: ids } });
}

/** DELETE attempts/{id}/. */
export function deleteAttempt(id: number): Promise<void> {
  return requestJson<void>(`api/v1/attempts/${id}/`, { method: 'delete' });
}

/** GET export-quiz-participants/ (optionally filtered): the server's CSV file, saved by the caller as report.csv. */
export async function exportParticipants(query: Omit<AttemptQuery, 'page'>): Promise<Blob> {
  try {
    // The reader's time zone: report.csv's Start Time is then on their clock.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const response = await http('api/v1/export-quiz-participants/', {
      searchParams: { ...searchParams(query), ...(timeZone ? { tz: timeZone } : {}) },
      timeout: false,
    });
    return await response.blob();
  } catch (error) {
    throw await toApiError(error);
  }
}
