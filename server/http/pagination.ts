import type { FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { MAX_PAGE_SIZE, PAGE_SIZE, type Page } from '../../src/lib/contract/page';
import { HttpError } from './errors';
import { absoluteUrl } from './public-url';
import { toCount } from '../db/rows';

// DRF PageNumberPagination: `?page=n` (1-based, or "last"), 10 per page, `{count, next, previous, results}`
// with absolute next/previous URLs that keep the other query parameters. `?page_size=` (up to 1000)
// lets the portal's sync pull a whole table in few requests. A route reads the page asked for from its
// request (pageRequestOf) and hands it to the service, which pages its query with paginate().

export { MAX_PAGE_SIZE, PAGE_SIZE, type Page };

const invalidPage = () => new HttpError(404, { detail: 'Invalid page.' });

/** One query parameter as text (the last one when repeated), or undefined. */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(value)) return value.length ? String(value[value.length - 1]) : undefined;
  return value === undefined || value === null ? undefined : String(value);
}

export function pageSizeOf(request: FastifyRequest): number {
  const raw = queryParam(request, 'page_size');
  const size = raw === undefined ? NaN : Number(raw);
  // DRF falls back to the default page size on a missing or malformed page_size.
  return Number.isInteger(size) && size > 0 ? Math.min(size, MAX_PAGE_SIZE) : PAGE_SIZE;
}

/**
 * Page URLs made lately, by page and absolute request URL. Parsing and writing a URL was a few per cent of a
 * list request's CPU, and lists are paged through the same URLs again and again; the oldest
 * go first beyond PAGE_URLS.
 */
const pageUrls = new Map<string, string>();
const PAGE_URLS = 2000;

/** The absolute URL of this request with `page` set (or removed for page 1, as DRF does); see public-url.ts. */
export function pageUrl(request: FastifyRequest, page: number): string {
  const absolute = absoluteUrl(request, request.url);
  const key = `${page} ${absolute}`;
  let made = pageUrls.get(key);
  if (made === undefined) {
    const url = new URL(absolute);
    if (page === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(page));
    made = url.toString();
    if (pageUrls.size >= PAGE_URLS) pageUrls.delete(pageUrls.keys().next().value as string);
    pageUrls.set(key, made);
  }
  return made;
}

/** The page a list request asks for, as services take it. */
export interface PageRequest {
  /** `?page=`: a number or "last"; undefined for the first page. */
  page: string | undefined;
  size: number;
  /** The absolute URL of another page of the same list (next and previous). */
  urlOf: (page: number) => string;
}

export function pageRequestOf(request: FastifyRequest): PageRequest {
  return { page: queryParam(request, 'page'), size: pageSizeOf(request), urlOf: (page) => pageUrl(request, page) };
}

/** Pages a list whose count and rows the caller supplies; shared by paginate() and non-Kysely sources. */
export async function paginateWith<T>(
  request: PageRequest,
  source: {
    count: () => Promise<number>;
    rows: (limit: number, offset: number) => Promise<T[]>;
    /** The same rows in the opposite order, when the source can read them so (see paginate). */
    rowsFromEnd?: (limit: number, offset: number) => Promise<T[]>;
  },
): Promise<Page<T>> {
  const { size, page: raw } = request;
  const count = await source.count();
  const lastPage = Math.max(1, Math.ceil(count / size));
  let page = 1;
  if (raw !== undefined && raw !== '') {
    page = raw === 'last' ? lastPage : Number(raw);
    if (!Number.isInteger(page) || page < 1 || page > lastPage) throw invalidPage();
  }
  const offset = (page - 1) * size;
  const onPage = Math.max(0, Math.min(size, count - offset));
  // OFFSET steps over every row before the page: past the middle, stepping from the other end is shorter.
  const fromEnd = source.rowsFromEnd !== undefined && 2 * offset + onPage > count;
  const results =
    count === 0
      ? []
      : fromEnd && source.rowsFromEnd
        ? (await source.rowsFromEnd(onPage, count - offset - onPage)).reverse()
        : await source.rows(size, offset);
  return {
    count,
    next: page < lastPage ? request.urlOf(page + 1) : null,
    previous: page > 1 ? request.urlOf(page - 1) : null,
    results,
  };
}

/** What paginate() can be told to make a page cheaper. */
export interface PagingShortcuts<Q> {
  /** The number of rows the query finds, known more cheaply than counting them (e.g. a kept per-client total). */
  count?: () => Promise<number>;
  /** The query in exactly the opposite order: pages past the middle are read from the end. */
  reversed?: Q;
}

/**
 * Pages a Kysely query (already filtered, scoped and ordered; give it a total order, e.g. ending in id)
 * and maps each row to its response shape.
 */
export async function paginate<DB, TB extends keyof DB, O, R>(
  request: PageRequest,
  query: SelectQueryBuilder<DB, TB, O>,
  toResult: (row: O) => R | Promise<R>,
  shortcuts: PagingShortcuts<SelectQueryBuilder<DB, TB, O>> = {},
): Promise<Page<R>> {
  const { count, reversed } = shortcuts;
  const countRows = async () => {
    const row = await query
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)`.as('count'))
      .executeTakeFirst();
    return toCount((row as { count?: number } | undefined)?.count);
  };
  return paginateWith(request, {
    count: count ?? countRows,
    rows: async (limit, offset) => {
      const rows = await query.limit(limit).offset(offset).execute();
      return Promise.all(rows.map((row) => toResult(row as O)));
    },
    ...(reversed && {
      rowsFromEnd: async (limit: number, offset: number) => {
        const rows = await reversed.limit(limit).offset(offset).execute();
        return Promise.all(rows.map((row) => toResult(row as O)));
      },
    }),
  });
}
