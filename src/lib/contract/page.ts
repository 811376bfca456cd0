import { z } from 'zod';

// The paged list shape of every list call (the specification's "Paged list responses"), as DRF's
// PageNumberPagination answers it. Shared by the portal's API client and the server.

/** Rows per page when the request does not say otherwise (the specification's constant 10). */
export const PAGE_SIZE = 10;
/** The largest `page_size` the server honours (the portal's sync pulls whole tables with it). */
export const MAX_PAGE_SIZE = 1000;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
    /** Present only on `?updated_after=` pulls: ids deleted since that instant. */
    deleted: z.array(z.number()).optional(),
  });
}

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[]; deleted?: number[] };
