import { z } from 'zod';
import { builtOnFirstUse } from './built-on-first-use';
import { JOIN_CODE_MESSAGE, QUIZ_MODES, QUIZ_STATUSES, isJoinCode, statusOrder } from '../quiz-rules';
import { pageOf } from './page';
import { primaryKey, questionListItem } from './question';
import { DATETIME_FORMAT_MESSAGE, changesQuery, pagingQuery, searchQuery } from './request';
import { MAX_QUIZ_QUESTIONS, TEXT_LIMITS, boundedList, boundedText, maxLengthMessage } from './limits';

// Quizzes (the specification's Quiz fields, validation rules and calls; docs/decisions.md "Quiz rules"). Shared by the portal's
// form and API client and by the server's validation.
//
// Writes come as JSON or as multipart (every value a string, `questions` repeated once per id, in order),
// so numbers and booleans also accept their form spellings. The server adds the rules that need the
// database: status only moves forward, question_no changes only in MANUAL while STARTED within 1..question
// count, questions belong to the caller's client, SOCIAL_BASED/BOTH need the client's social_auth_feature.
//
// Responses: list rows (GET portal-quiz/ and quiz/) are `QuizSummary`; a single quiz (GET, POST, PATCH,
// reset attempts) is `QuizDetail`, which adds questions_detail and attempts.

export const QUIZ_AUTH_METHODS = ['FORM_BASED', 'SOCIAL_BASED', 'BOTH'] as const;
export type QuizAuth = (typeof QUIZ_AUTH_METHODS)[number];

/** The file fields of a quiz's writes (the form sends the sponsor logo). */
export const QUIZ_FILES = ['image', 'sponsor_logo'] as const;
export type QuizFile = (typeof QUIZ_FILES)[number];

const MAX_INTEGER = 2147483647;
const NAME_MAX_LENGTH = TEXT_LIMITS.name;

export { JOIN_CODE_MESSAGE };
export const END_BEFORE_START_MESSAGE = 'The end must not be before the start.';
export { DATETIME_FORMAT_MESSAGE };

/** DRF's words for a missing or null choice, and for a value outside the choices. */
function choiceError(issue: { input?: unknown }): string {
  if (issue.input === undefined) return 'This field is required.';
  if (issue.input === null) return 'This field may not be null.';
  return `"${String(issue.input)}" is not a valid choice.`;
}

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: choiceError });

/** A form field's number ("30") as a number; anything else is left for the schema to refuse. */
function formNumber(value: unknown): unknown {
  return typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
}

const TRUE_WORDS = new Set(['true', 'True', '1', 'on', 'yes']);
const FALSE_WORDS = new Set(['false', 'False', '0', 'off', 'no', '']);

/** A form field's boolean as DRF reads it ("true", "on", "1" / "false", "off", "0", ""). */
function formBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (TRUE_WORDS.has(value)) return true;
  if (FALSE_WORDS.has(value)) return false;
  return value;
}

export const { quizFields, quizPatchPayload, quizPayload, resetAttemptsPayload, quizSummary, quizDetail, quizListQuery, quizPage } =
  builtOnFirstUse(() => {
    const integer = (minimum: number) =>
      z.preprocess(
        formNumber,
        z
          .number()
          .int('A valid integer is required.')
          .min(minimum, `Ensure this value is greater than or equal to ${minimum}.`)
          .max(MAX_INTEGER, `Ensure this value is less than or equal to ${MAX_INTEGER}.`),
      );

    const flag = z.preprocess(formBoolean, z.boolean());

    /** An ISO date-time, stored and answered as UTC ISO text. */
    const dateTime = z
      .string()
      .trim()
      .refine(
        (value) => /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value) && !Number.isNaN(new Date(value).getTime()),
        DATETIME_FORMAT_MESSAGE,
      )
      .transform((value) => new Date(value).toISOString());

    /** One id, or a list of them (multipart repeats the field; one id arrives as a single value, none as ""). */
    const questionIds = z.preprocess(
      (value) => (value === '' ? [] : Array.isArray(value) || value === undefined || value === null ? value : [value]),
      boundedList(primaryKey, MAX_QUIZ_QUESTIONS),
    );

    /** The writable fields with their types; quizPatchPayload is the same with every field optional. */
    const quizFields = z.object({
      name: z.string().trim().min(1, 'This field may not be blank.').max(NAME_MAX_LENGTH, maxLengthMessage(NAME_MAX_LENGTH)),
      description: boundedText(TEXT_LIMITS.description).optional(),
      mode: choice(QUIZ_MODES),
      status: choice(QUIZ_STATUSES).optional(),
      active: flag.optional(),
      qs_timer: integer(0),
      timer_bw_qs: integer(0).optional(),
      before_qs_timer: integer(0),
      question_no: integer(1).optional(),
      time_based: flag.optional(),
      show_count_down: flag.optional(),
      show_options: flag.optional(),
      join_code: z.string().trim().refine(isJoinCode, JOIN_CODE_MESSAGE),
      max_attempt_count: integer(1),
      start_date_time: dateTime,
      end_date_time: dateTime,
      sponsor_name: boundedText(NAME_MAX_LENGTH).optional(),
      auth_used: choice(QUIZ_AUTH_METHODS).optional(),
      questions: questionIds.optional(),
    });

    const quizPatchPayload = quizFields.partial();

    /**
     * A whole quiz as written (create, or the current quiz with a PATCH applied), with the rules between
     * fields and the defaults of the specification's constants filled in.
     */
    const quizPayload = quizFields
      .superRefine((quiz, context) => {
        if (quiz.mode === 'AUTO' && quiz.timer_bw_qs === undefined) {
          context.addIssue({ code: 'custom', path: ['timer_bw_qs'], message: 'This field is required.' });
        }
        // Compared as instants, and only when both are valid (a malformed one has its own message already).
        if (new Date(quiz.end_date_time).getTime() < new Date(quiz.start_date_time).getTime()) {
          context.addIssue({ code: 'custom', path: ['end_date_time'], message: END_BEFORE_START_MESSAGE });
        }
        if (quiz.status !== undefined && !statusOrder(quiz.mode).includes(quiz.status)) {
          context.addIssue({ code: 'custom', path: ['status'], message: `"${quiz.status}" is not a status of ${quiz.mode} mode.` });
        }
        if (quiz.questions && new Set(quiz.questions).size !== quiz.questions.length) {
          context.addIssue({ code: 'custom', path: ['questions'], message: 'Each question may appear only once.' });
        }
      })
      .transform((quiz) => ({
        ...quiz,
        description: quiz.description ?? '',
        status: quiz.status ?? 'ANNOUNCED',
        active: quiz.active ?? true,
        timer_bw_qs: quiz.timer_bw_qs ?? 0,
        question_no: quiz.question_no ?? 1,
        // Timer Based only exists in AUTO mode (the specification's validation rules): a MANUAL quiz is never time based.
        time_based: quiz.mode === 'AUTO' && (quiz.time_based ?? false),
        show_count_down: quiz.show_count_down ?? false,
        show_options: quiz.show_options ?? false,
        sponsor_name: quiz.sponsor_name ?? '',
        auth_used: quiz.auth_used ?? 'FORM_BASED',
        questions: quiz.questions ?? [],
      }));

    /** PUT quiz-reset-attempts/: the quiz whose attempts are deleted. */
    const resetAttemptsPayload = z.object({ quiz: primaryKey });

    /** A List Quiz row (GET portal-quiz/ and quiz/). */
    const quizSummary = z.object({
      id: z.number(),
      client: z.number(),
      name: z.string(),
      description: z.string(),
      mode: z.enum(QUIZ_MODES),
      status: z.enum(QUIZ_STATUSES),
      active: z.boolean(),
      /** Absolute URL of the image or video, or null. */
      image: z.string().nullable(),
      qs_timer: z.number(),
      timer_bw_qs: z.number(),
      before_qs_timer: z.number(),
      question_no: z.number(),
      time_based: z.boolean(),
      show_count_down: z.boolean(),
      show_options: z.boolean(),
      join_code: z.string(),
      quiz_hash: z.string(),
      max_attempt_count: z.number(),
      start_date_time: z.string(),
      end_date_time: z.string(),
      /** Absolute URL, or null. */
      sponsor_logo: z.string().nullable(),
      sponsor_name: z.string(),
      auth_used: z.enum(QUIZ_AUTH_METHODS),
      /** Question ids in quiz order. */
      questions: z.array(z.number()),
      question_count: z.number(),
      attempts_count: z.number(),
      created_at: z.string(),
      updated_at: z.string(),
      version: z.number(),
    });

    /** One quiz (GET quiz/{id}/ and every write's answer). */
    const quizDetail = quizSummary.extend({
      /** The quiz's questions in quiz order, as rows of GET /api/v1/questions/ show them. */
      questions_detail: z.array(questionListItem),
      /** Attempt ids, newest first. */
      attempts: z.array(z.number()),
    });

    return {
      quizFields,
      quizPatchPayload,
      quizPayload,
      resetAttemptsPayload,
      quizSummary,
      quizDetail,
      /** GET portal-quiz/ and quiz/. */
      quizListQuery: z.object({ ...pagingQuery(), ...searchQuery(), ...changesQuery() }),
      quizPage: pageOf(quizSummary),
    };
  });
/** POST quiz/ as sent (numbers and booleans may be form text). */
export type QuizCreatePayload = z.input<typeof quizPayload>;
export type QuizPatchPayload = z.infer<typeof quizPatchPayload>;
export type QuizPayload = z.infer<typeof quizPayload>;
export type ResetAttemptsPayload = z.infer<typeof resetAttemptsPayload>;
export type QuizSummary = z.infer<typeof quizSummary>;
export type QuizDetail = z.infer<typeof quizDetail>;
export type QuizListQuery = z.input<typeof quizListQuery>;
