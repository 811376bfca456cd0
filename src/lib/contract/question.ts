import { z } from 'zod';
import { builtOnFirstUse } from './built-on-first-use';
import { OPTION_LETTERS, decodeOptions, encodeOptions, isOptionLetter, type OptionLetter } from '../options-codec';
import { pageOf } from './page';
import { changesQuery, idsFilter, pagingQuery, searchQuery } from './request';
import { MAX_BULK_IDS, TEXT_LIMITS, boundedList, boundedText, maxLengthMessage } from './limits';

// Questions (the specification's Question fields and calls). Shared by the portal's forms and API client and by the server.
//
// Responses, decided here once:
// - `options` is the stored text 'A: text, B: text, C: text, D: text' in lists (GET /api/v1/questions/),
//   and the list of 'A: text' strings in single-object answers (GET /api/v1/questions/{id}/, POST, PATCH,
//   and the current object of a 412), per the specification's "options parsed into a list".
// - `option_map` {a, b, c, d} is in every answer: the portal should read options from it and never parse.
// - `image` is the absolute URL of the sponsor image, or null.
// - `category_detail` is [{id, name}] (a list, as the specification says); the name is the one at the time of the
//   answer, so the portal shows names from its categories mirror rather than from a stored question.
//
// Writes (multipart or JSON; the portal sends multipart when a file is attached):
// - POST: description, options, category, correct_option required; hint optional; image optional file;
//   `client` is ignored (the caller's client is used).
// - PATCH: any of those. image: a file replaces it; an empty string or `image_clear=true` removes it;
//   any other string (the current URL, sent back by a form) leaves it unchanged.
// - POST /api/v1/bulk-delete-questions/ {questions: [ids]}: all or nothing. An unknown id or one of another
//   client answers 400 {"questions": ['Invalid pk "7" - object does not exist.']} and deletes nothing;
//   success answers 200 {"deleted": [ids]}.

const blankMessage = 'This field may not be blank.';

export const invalidPkMessage = (id: number | string) => `Invalid pk "${id}" - object does not exist.`;

export const OPTIONS_FORMAT_MESSAGE = 'Give all four options, as "A: text, B: text, C: text, D: text".';

export const MAX_BULK_DELETE = MAX_BULK_IDS;

/** The file fields of a question's writes (sent as multipart when a file is attached). */
export const QUESTION_FILES = ['image'] as const;
export type QuestionFile = (typeof QUESTION_FILES)[number];

export const {
  primaryKey,
  optionsText,
  correctOption,
  questionCreatePayload,
  questionUpdatePayload,
  bulkDeleteQuestionsPayload,
  bulkDeleteQuestionsResponse,
  optionMapSchema,
  questionListItem,
  questionDetail,
  questionPage,
  questionListQuery,
} = builtOnFirstUse(() => {
  /** A primary key from JSON (number) or a form (digit string), with DRF's messages. */
  const primaryKey = z.unknown().transform((value, ctx): number => {
    if (value === undefined) ctx.addIssue({ code: 'custom', message: 'This field is required.' });
    else if (value === null) ctx.addIssue({ code: 'custom', message: 'This field may not be null.' });
    else {
      const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
      const id = Number(text);
      if (/^[0-9]{1,15}$/.test(text) && id >= 1) return id;
      const received = typeof value === 'number' ? 'int' : typeof value === 'string' ? 'str' : typeof value;
      ctx.addIssue({ code: 'custom', message: `Incorrect type. Expected pk value, received ${received}.` });
    }
    return z.NEVER;
  });

  /** The joined options text: all four letters with text; answers the normalised text. */
  const optionsText = boundedText(TEXT_LIMITS.options).transform((text, ctx) => {
    const entries = decodeOptions(text);
    const given = new Set(entries.filter((entry) => entry.text !== '').map((entry) => entry.letter));
    const missing = OPTION_LETTERS.filter((letter) => !given.has(letter));
    if (missing.length > 0) {
      ctx.addIssue({ code: 'custom', message: `${OPTIONS_FORMAT_MESSAGE} Missing: ${missing.join(', ')}.` });
      return z.NEVER;
    }
    return encodeOptions(entries);
  });

  /** The correct option's letter, upper-cased (the specification's "forced to upper case"). */
  const correctOption = z.string().transform((value, ctx): OptionLetter => {
    const letter = value.trim().toUpperCase();
    if (isOptionLetter(letter)) return letter;
    ctx.addIssue({ code: 'custom', message: letter === '' ? blankMessage : `"${value.trim()}" is not a valid choice.` });
    return z.NEVER;
  });

  const description = z.string().trim().min(1, blankMessage).max(TEXT_LIMITS.description, maxLengthMessage(TEXT_LIMITS.description));
  const hint = z.string().trim().max(TEXT_LIMITS.hint, maxLengthMessage(TEXT_LIMITS.hint));

  const optionMapSchema = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string() });

  const questionFields = {
    id: z.number(),
    client: z.number(),
    description: z.string(),
    hint: z.string(),
    image: z.string().nullable(),
    option_map: optionMapSchema,
    correct_option: z.string(),
    category: z.number(),
    category_detail: z.array(z.object({ id: z.number(), name: z.string() })),
    created_at: z.string(),
    updated_at: z.string(),
    version: z.number(),
  };

  /** A row of GET /api/v1/questions/: options as the stored text. */
  const questionListItem = z.object({ ...questionFields, options: z.string() });

  return {
    primaryKey,
    optionsText,
    correctOption,
    questionCreatePayload: z.object({
      description,
      hint: hint.optional().default(''),
      options: optionsText,
      category: primaryKey,
      correct_option: correctOption,
    }),
    questionUpdatePayload: z.object({
      description: description.optional(),
      hint: hint.optional(),
      options: optionsText.optional(),
      category: primaryKey.optional(),
      correct_option: correctOption.optional(),
    }),
    bulkDeleteQuestionsPayload: z.object({
      // One id sent as a form field arrives as a single value, not a list.
      questions: z.preprocess(
        (value) => (typeof value === 'string' || typeof value === 'number' ? [value] : value),
        boundedList(primaryKey, MAX_BULK_DELETE).refine((ids) => ids.length > 0, 'This list may not be empty.'),
      ),
    }),
    bulkDeleteQuestionsResponse: z.object({ deleted: z.array(z.number()) }),
    optionMapSchema,
    questionListItem,
    /** A single question (detail, create, update, 412): options as 'A: text' strings. */
    questionDetail: z.object({ ...questionFields, options: z.array(z.string()) }),
    questionPage: pageOf(questionListItem),
    /** GET /api/v1/questions/: also `?category=` (one id, or several as `3,5` or repeated). */
    questionListQuery: z.object({ ...pagingQuery(), ...searchQuery(), ...changesQuery(), category: idsFilter() }),
  };
});
export type QuestionCreatePayload = z.input<typeof questionCreatePayload>;
export type QuestionUpdatePayload = z.input<typeof questionUpdatePayload>;
export type BulkDeleteQuestionsPayload = z.input<typeof bulkDeleteQuestionsPayload>;
export type BulkDeleteQuestionsResponse = z.infer<typeof bulkDeleteQuestionsResponse>;
export type QuestionListItem = z.infer<typeof questionListItem>;
export type QuestionDetail = z.infer<typeof questionDetail>;
export type QuestionListQuery = z.input<typeof questionListQuery>;
