import type { FieldErrors } from '../../lib/contract/accounts';

/**
 * The one error type the portal sees from the API. `status` is 0 when the request never got an
 * HTTP answer (offline, DNS, aborted by a timeout), which the sync engine treats as retryable.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  /** The parsed JSON body, when the server sent one (a 412 carries the current object here). */
  readonly body: unknown;

  constructor(status: number, message: string, fieldErrors: FieldErrors = {}, body: unknown = undefined) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Turns a DRF error body into field errors: `{"name": ["msg"]}`, `{"detail": "msg"}` or a list. */
export function fieldErrorsFromBody(body: unknown): FieldErrors {
  if (Array.isArray(body)) return { non_field_errors: body.map(String) };
  if (!body || typeof body !== 'object') return {};
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(value)) errors[field] = value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
    else if (typeof value === 'string') errors[field] = [value];
  }
  return errors;
}

/*
 * The one mapping from a failure to the sentence a person reads: every screen, notification and the
 * Sync screen show these, never a browser's "Failed to fetch" or a bare status code.
 */

/** No HTTP answer at all: offline, the server down, DNS, a dropped connection. */
export const NETWORK_FAILURE_MESSAGE = 'The server cannot be reached. Check the internet connection and try again.';
/** The request was sent but no answer came in time. */
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Check the internet connection and try again.';
/** 408 and 429 without a message of the server's own. */
export const BUSY_MESSAGE = 'The server is busy. Try again in a moment.';

/** A 5xx without a message of the server's own. */
export function serverFailureMessage(status: number): string {
  return `The server ran into a problem (error ${status}). Try again in a moment.`;
}

/** The sentence to show for an error: the server's first message, or a plain fallback. */
export function messageFromBody(status: number, body: unknown): string {
  const errors = fieldErrorsFromBody(body);
  const first = errors.detail?.[0] ?? errors.non_field_errors?.[0] ?? Object.values(errors)[0]?.[0];
  if (first) return first;
  if (status === 0) return NETWORK_FAILURE_MESSAGE;
  if (status === 408 || status === 429) return BUSY_MESSAGE;
  if (status >= 500) return serverFailureMessage(status);
  if (status === 404) return 'It is no longer on the server.';
  if (status === 403) return 'This account may not do that.';
  return `The server refused the request (error ${status}).`;
}

/**
 * What to tell a person about any failure: an ApiError's sentence as it is; a request that never got an answer
 * (the browser's TypeError "Failed to fetch" / "NetworkError…", ky's TimeoutError) in plain words; any other
 * error's own message.
 */
export function readableMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'TimeoutError') return TIMEOUT_MESSAGE;
  if (name === 'AbortError') return 'The request was stopped before the server answered.';
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return NETWORK_FAILURE_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'Something went wrong.';
}
