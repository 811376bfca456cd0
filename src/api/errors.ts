import type { FieldErrors } from '../lib/contract/accounts';

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

/** The sentence to show for an error: the server's first message, or a plain fallback. */
export function messageFromBody(status: number, body: unknown): string {
  const errors = fieldErrorsFromBody(body);
  const first = errors.detail?.[0] ?? errors.non_field_errors?.[0] ?? Object.values(errors)[0]?.[0];
  if (first) return first;
  if (status === 0) return 'No connection to the server.';
  return `The server answered ${status}.`;
}
