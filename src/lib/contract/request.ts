import { z } from 'zod';
import { searchTerms } from '../search-query';
import { builtOnFirstUse } from './built-on-first-use';
import { MAX_BULK_IDS, MAX_SEARCH_WORDS, TEXT_LIMITS, maxItemsMessage, maxLengthMessage, searchWordsMessage } from './limits';

// What a request carries besides its body: the record id in the path, and the query of the list calls
// (the specification's "Paged list responses" and the lists' filters). The server validates them with these schemas; each list
// declares only the parameters it reads, so anything else in the query is ignored, as DRF ignores it.
// The parts are functions, called inside a module's builtOnFirstUse builder, so nothing is built on load.

export const INVALID_CHOICE_MESSAGE = 'Select a valid choice. That choice is not one of the available choices.';
export const DATETIME_FORMAT_MESSAGE =
  'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';

const ID_TEXT = /^[0-9]{1,15}$/;

/** A repeated parameter (`?page=1&page=2`) counts with its last value, as DRF's `query_params.get` reads it. */
const lastValue = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);

/** `?page=` (a number or "last") and `?page_size=`, judged by the paging itself: an unknown page is a 404. */
export const pagingQuery = () => ({
  page: z.preprocess(lastValue, z.string().optional()),
  page_size: z.preprocess(lastValue, z.string().optional()),
});

/**
 * `?search=`: words that must each match a searched field; anything but one text is no search. At most
 * TEXT_LIMITS.search characters and MAX_SEARCH_WORDS words (each word is a condition over every field).
 */
export const searchQuery = () => ({
  search: z.preprocess(
    (value) => (typeof value === 'string' ? value : undefined),
    z
      .string()
      .max(TEXT_LIMITS.search, { error: maxLengthMessage(TEXT_LIMITS.search), abort: true })
      .refine((text) => searchTerms(text.replace(/\0/g, '')).length <= MAX_SEARCH_WORDS, searchWordsMessage(MAX_SEARCH_WORDS))
      .optional(),
  ),
});

/** `?updated_after=<date-time>` of the mirrored lists, as stored ISO text; absent or empty means the whole list. */
export const changesQuery = () => ({
  updated_after: z
    .unknown()
    .transform((value, context): string | undefined => {
      if (value === undefined || value === '') return undefined;
      const date = typeof value === 'string' ? new Date(value) : new Date(NaN);
      if (!Number.isNaN(date.getTime())) return date.toISOString();
      context.addIssue({ code: 'custom', message: DATETIME_FORMAT_MESSAGE });
      return z.NEVER;
    })
    .optional(),
});

/** A filter naming one record (`?quiz=3`): absent or empty means no filter; anything but an id is a 400. */
export const idFilter = () =>
  z
    .unknown()
    .transform((raw, context): number | undefined => {
      const value = lastValue(raw);
      if (value === undefined || value === '') return undefined;
      const text = String(value);
      if (ID_TEXT.test(text)) return Number(text);
      context.addIssue({ code: 'custom', message: INVALID_CHOICE_MESSAGE });
      return z.NEVER;
    })
    .optional();

/** A filter naming several records: `?category=3,5` or `?category=3&category=5`. */
export const idsFilter = () =>
  z
    .unknown()
    .transform((raw, context): number[] | undefined => {
      if (raw === undefined || raw === '') return undefined;
      const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((value) => String(value).split(',')).map((part) => part.trim());
      if (parts.length > MAX_BULK_IDS) {
        context.addIssue({ code: 'custom', message: maxItemsMessage(MAX_BULK_IDS) });
        return z.NEVER;
      }
      if (parts.every((part) => ID_TEXT.test(part))) return parts.map(Number);
      context.addIssue({ code: 'custom', message: INVALID_CHOICE_MESSAGE });
      return z.NEVER;
    })
    .optional();

export const { idParams } = builtOnFirstUse(() => ({
  /** `/…/{id}/`: a positive integer, or the record cannot exist (the server answers 404, as Django's URL patterns). */
  idParams: z.object({
    id: z
      .string()
      .regex(ID_TEXT)
      .transform(Number)
      .refine((id) => Number.isSafeInteger(id) && id >= 1),
  }),
}));
export type IdParams = z.infer<typeof idParams>;
