import { z } from 'zod';

// The limits of what a client may send, declared once: the server refuses more with a 400 naming
// the field (DRF's words), and the portal's forms give the same numbers to their inputs' maxLength.
// Nothing here builds a schema on load; the helpers are called inside each module's builtOnFirstUse.

/** Longest text of each kind of field, in characters (UTF-16 code units, as maxLength counts them). */
export const TEXT_LIMITS = {
  /** Names, titles, labels: a quiz's, a poll's, a choice's, a sponsor's, a business's. */
  name: 255,
  /** A category's name (the specification's fields). */
  categoryName: 100,
  /** A person's first or last name (Django's user fields). */
  personName: 150,
  email: 254,
  /** A question's text, a quiz's or a business's description. */
  description: 5000,
  /** A question's hint. */
  hint: 2000,
  /** A question's four options as one text ('A: ..., B: ..., C: ..., D: ...'). */
  options: 4000,
  /** One option's text in the portal's form: four of them with their 'A: ' and ', ' fit in `options`. */
  option: 990,
  /** A URL the client stores (viewer app, reset link's site). */
  url: 2000,
  /** A password (sign-in, reset). */
  password: 128,
  /** A reset link's token, an Idempotency-Key. */
  token: 255,
  /** The `?search=` text of a list. */
  search: 500,
} as const;

/** At most this many words in a `?search=` (each word is one more condition over every searched field). */
export const MAX_SEARCH_WORDS = 20;
/** At most this many ids in one bulk call or one id filter (bulk deletes, `?category=3,5`). */
export const MAX_BULK_IDS = 1000;
/** At most this many questions in one quiz. */
export const MAX_QUIZ_QUESTIONS = 1000;

export const maxLengthMessage = (max: number) => `Ensure this field has no more than ${max} characters.`;
export const maxItemsMessage = (max: number) => `Ensure this field has no more than ${max} elements.`;
export const searchWordsMessage = (max: number) => `Ensure the search has no more than ${max} words.`;
export const INVALID_UNICODE_MESSAGE = 'Invalid text: it holds a lone surrogate (not valid Unicode).';

/** A text of at most `max` characters (checked before any other rule of the field runs). */
export const boundedText = (max: number) => z.string().max(max, { error: maxLengthMessage(max), abort: true });

/**
 * A list of at most `max` items, its length checked before any item is read: a list of 200,000 invalid
 * items costs one comparison, not 200,000 item errors.
 */
export function boundedList<T extends z.ZodType>(item: T, max: number) {
  return z.array(z.unknown()).max(max, maxItemsMessage(max)).pipe(z.array(item));
}
