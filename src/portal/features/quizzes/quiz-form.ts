import { END_BEFORE_START_MESSAGE, type QuizAuth } from '../../../lib/contract/quiz';
import { DEFAULT_STATUS, normaliseJoinCode, statusOrder, statusesFrom, type QuizMode, type QuizStatus } from '../../../lib/quiz-rules';
import type { NewQuiz, QuizChanges } from '../../store/quizzes';
import type { QuizRow } from './quiz-rows';

// The quiz form's values, rules (the specification's Quiz validation rules) and payload, without React, so each rule is tested alone.

export interface QuizFormValues {
  name: string;
  mode: QuizMode | null;
  status: QuizStatus;
  qs_timer: number | string;
  timer_bw_qs: number | string;
  before_qs_timer: number | string;
  question_no: number | string;
  time_based: boolean;
  join_code: string;
  max_attempt_count: number | string;
  /** 'YYYY-MM-DD' (Mantine dates' string value), local time. */
  start_date: string | null;
  /** 'HH:mm', local time. */
  start_time: string;
  end_date: string | null;
  end_time: string;
  sponsor_logo: File | string | null;
  sponsor_name: string;
  show_count_down: boolean;
  show_options: boolean;
  auth_used: QuizAuth;
}

export const REQUIRED_MESSAGE = 'This field is required.';
export const START_BEFORE_TODAY_MESSAGE = 'The start date cannot be before today.';
export const BEFORE_QUIZ_START_MESSAGE = "The date cannot be before the quiz's start date.";
export const END_DATE_BEFORE_START_MESSAGE = 'The end date cannot be before the start date.';
export const TIMER_MINIMUM_MESSAGE = 'Ensure this value is greater than or equal to 0.';
export const QUESTION_NO_MINIMUM_MESSAGE = 'Ensure this value is greater than or equal to 1.';
export const ATTEMPTS_MINIMUM_MESSAGE = 'Ensure this value is greater than or equal to 1.';

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as the date inputs hold it: 'YYYY-MM-DD' in local time. */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function localTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The local date and time inputs as one instant, or null when either is missing or malformed. */
export function combineDateTime(date: string | null, time: string): Date | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}/.test(time)) return null;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const result = new Date(year, month - 1, day, hours, minutes);
  return Number.isNaN(result.getTime()) ? null : result;
}

/** A new quiz's draft (the specification's fields and constants): no mode yet, status ANNOUNCED, one attempt, question 1, Form Based. */
export function emptyQuizForm(): QuizFormValues {
  return {
    name: '',
    mode: null,
    status: DEFAULT_STATUS,
    qs_timer: '',
    timer_bw_qs: '',
    before_qs_timer: '',
    question_no: 1,
    time_based: false,
    join_code: '',
    max_attempt_count: 1,
    start_date: null,
    start_time: '',
    end_date: null,
    end_time: '',
    sponsor_logo: null,
    sponsor_name: '',
    show_count_down: false,
    show_options: false,
    auth_used: 'FORM_BASED',
  };
}

/** The form filled from a stored quiz (edit). */
export function quizFormFrom(row: QuizRow): QuizFormValues {
  const start = new Date(row.start_date_time);
  const end = new Date(row.end_date_time);
  return {
    name: row.name,
    mode: row.mode,
    status: row.status,
    qs_timer: row.qs_timer,
    timer_bw_qs: row.timer_bw_qs ?? 0,
    before_qs_timer: row.before_qs_timer,
    question_no: row.question_no ?? 1,
    time_based: row.time_based ?? false,
    join_code: row.join_code,
    max_attempt_count: row.max_attempt_count ?? 1,
    start_date: localDate(start),
    start_time: localTime(start),
    end_date: localDate(end),
    end_time: localTime(end),
    sponsor_logo: row.sponsor_logo ?? null,
    sponsor_name: row.sponsor_name ?? '',
    show_count_down: row.show_count_down ?? false,
    show_options: row.show_options ?? false,
    auth_used: row.auth_used ?? 'FORM_BASED',
  };
}

/**
 * The statuses the form offers: the mode's lookup (AUTO when no mode is chosen); on edit, only the saved
 * status and the later ones while the mode is unchanged, since the server refuses going back.
 */
export function statusChoices(mode: QuizMode | null, saved?: { mode: QuizMode; status: QuizStatus }): readonly QuizStatus[] {
  if (saved && saved.mode === mode) return statusesFrom(mode, saved.status);
  return statusOrder(mode);
}

/** The earliest start and end date allowed: today for a new quiz; the quiz's own start date on edit. */
export function minimumDate(today: Date, savedStart?: string): string {
  return savedStart ? localDate(new Date(savedStart)) : localDate(today);
}

function wholeNumber(value: number | string): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(number) ? number : null;
}

function checkNumber(errors: Record<string, string>, field: string, value: number | string, minimum: number, message: string): void {
  const number = wholeNumber(value);
  if (number === null) errors[field] = REQUIRED_MESSAGE;
  else if (number < minimum) errors[field] = message;
}

/**
 * The specification's Quiz validation rules, per field (messages shown under the fields). `savedStart` is the quiz's
 * start on edit, which replaces today as the earliest date.
 */
export function validateQuizForm(values: QuizFormValues, today: Date, savedStart?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = REQUIRED_MESSAGE;
  if (!values.mode) errors.mode = REQUIRED_MESSAGE;
  checkNumber(errors, 'qs_timer', values.qs_timer, 0, TIMER_MINIMUM_MESSAGE);
  checkNumber(errors, 'before_qs_timer', values.before_qs_timer, 0, TIMER_MINIMUM_MESSAGE);
  if (values.mode === 'AUTO') checkNumber(errors, 'timer_bw_qs', values.timer_bw_qs, 0, TIMER_MINIMUM_MESSAGE);
  if (values.mode === 'MANUAL') checkNumber(errors, 'question_no', values.question_no, 1, QUESTION_NO_MINIMUM_MESSAGE);
  if (!values.join_code) errors.join_code = REQUIRED_MESSAGE;
  checkNumber(errors, 'max_attempt_count', values.max_attempt_count, 1, ATTEMPTS_MINIMUM_MESSAGE);

  const earliest = minimumDate(today, savedStart);
  const earliestMessage = savedStart ? BEFORE_QUIZ_START_MESSAGE : START_BEFORE_TODAY_MESSAGE;
  if (!values.start_date) errors.start_date = REQUIRED_MESSAGE;
  else if (values.start_date < earliest) errors.start_date = earliestMessage;
  if (!values.start_time) errors.start_time = REQUIRED_MESSAGE;
  if (!values.end_date) errors.end_date = REQUIRED_MESSAGE;
  else if (savedStart && values.end_date < earliest) errors.end_date = BEFORE_QUIZ_START_MESSAGE;
  else if (values.start_date && values.end_date < values.start_date) errors.end_date = END_DATE_BEFORE_START_MESSAGE;
  if (!values.end_time) errors.end_time = REQUIRED_MESSAGE;

  const start = combineDateTime(values.start_date, values.start_time);
  const end = combineDateTime(values.end_date, values.end_time);
  if (start && end && end < start && !errors.end_date) errors.end_time = END_BEFORE_START_MESSAGE;
  return errors;
}

/** The stored quiz an edit starts from. */
export type SavedQuiz = Pick<QuizRow, 'mode' | 'status' | 'question_no' | 'sponsor_logo'>;

/**
 * What the form sends: the fields of its mode only (timer_bw_qs and Timer Based in AUTO, question_no in
 * MANUAL), the dates as ISO instants, the sponsor logo only when a new file was chosen (or, on edit, as
 * sponsor_logo_clear when a saved logo was removed: a file field never carries a URL), and the questions
 * as the Selected order. On edit join_code is not sent (read-only there), nor a status or question number
 * left as they were: the live controls or the AUTO scheduler may have moved them on since, and sending the
 * old value would be a step back.
 */
export function quizPayloadOf(values: QuizFormValues, questions: readonly string[], saved?: undefined): NewQuiz;
export function quizPayloadOf(values: QuizFormValues, questions: readonly string[], saved: SavedQuiz): QuizChanges;
export function quizPayloadOf(values: QuizFormValues, questions: readonly string[], saved?: SavedQuiz): NewQuiz | QuizChanges {
  const mode = values.mode ?? 'AUTO';
  const fields = {
    name: values.name.trim(),
    mode,
    qs_timer: validNumber(values.qs_timer),
    before_qs_timer: validNumber(values.before_qs_timer),
    max_attempt_count: validNumber(values.max_attempt_count),
    start_date_time: validInstant(values.start_date, values.start_time),
    end_date_time: validInstant(values.end_date, values.end_time),
    sponsor_name: values.sponsor_name.trim(),
    show_count_down: values.show_count_down,
    show_options: values.show_options,
    auth_used: values.auth_used,
    questions: [...questions],
    ...(mode === 'AUTO'
      ? { timer_bw_qs: validNumber(values.timer_bw_qs), time_based: values.time_based }
      : { question_no: validNumber(values.question_no), time_based: false }),
  };
  const sponsorLogo = values.sponsor_logo instanceof Blob ? { sponsor_logo: values.sponsor_logo } : {};
  if (!saved) return { ...fields, status: values.status, join_code: normaliseJoinCode(values.join_code), ...sponsorLogo };
  const changes: QuizChanges = { ...fields, ...sponsorLogo };
  if (values.status !== saved.status || mode !== saved.mode) changes.status = values.status;
  if (mode === 'MANUAL' && changes.question_no === saved.question_no) delete changes.question_no;
  if (values.sponsor_logo === null && saved.sponsor_logo) Object.assign(changes, { sponsor_logo: null, sponsor_logo_clear: true });
  return changes;
}

/** A number field validateQuizForm has accepted. */
function validNumber(value: number | string): number {
  const number = wholeNumber(value);
  if (number === null) throw new Error('The quiz form sends only what validateQuizForm accepted.');
  return number;
}

/** A date and time validateQuizForm has accepted, as an ISO instant. */
function validInstant(date: string | null, time: string): string {
  const instant = combineDateTime(date, time);
  if (!instant) throw new Error('The quiz form sends only what validateQuizForm accepted.');
  return instant.toISOString();
}

/** The form fields the server's field errors may name, so they appear under the matching field. */
export const QUIZ_FORM_FIELDS = [
  'name',
  'mode',
  'status',
  'qs_timer',
  'timer_bw_qs',
  'before_qs_timer',
  'question_no',
  'time_based',
  'join_code',
  'max_attempt_count',
  'sponsor_logo',
  'sponsor_name',
  'show_count_down',
  'show_options',
  'auth_used',
  'questions',
] as const;

/** Server field names that the form shows under another field (the dates are two inputs each). */
export function formFieldErrors(fieldErrors: Readonly<Record<string, readonly string[]>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of QUIZ_FORM_FIELDS) {
    const messages = fieldErrors[field];
    if (messages?.length) errors[field] = messages.join(' ');
  }
  if (fieldErrors.start_date_time?.length) errors.start_date = fieldErrors.start_date_time.join(' ');
  if (fieldErrors.end_date_time?.length) errors.end_date = fieldErrors.end_date_time.join(' ');
  return errors;
}
