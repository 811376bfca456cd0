// The player app's one way to the API (/api/v1/play/...): fetch, no portal client (the play layer imports only
// src/lib and src/live). Refusals carry the server's message, which the phone shows as it is. Every call's outcome
// tells the phone's connection (connection.ts) whether the server answers.
//
// Answers are typed by the contract (src/lib/contract/play.ts, answer.ts) but not parsed with its zod schemas
// here: zod alone would weigh a third of the phone's first-load budget (docs/decisions.md "Play", 90 kB), and the server
// builds every answer from those same schemas. The live nodes, which arrive with Firebase after the first screen,
// are parsed (src/live).

import { playConnection } from './connection';

export const PLAY_API = '/api/v1/play/';

/** A refused or failed call. `status` 0: no answer reached the phone (offline, dropped), worth trying again. */
export class PlayError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  constructor(status: number, message: string, fieldErrors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'PlayError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
  /** No answer, a server failure, a timeout or "slow down": the same request may succeed later. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

export const NO_CONNECTION = 'No connection to the server.';

/** `{"field": ["msg"]}`, `{"detail": "msg"}` or a list, as the server's DRF-style errors come. */
export function fieldErrorsOf(body: unknown): Record<string, string[]> {
  if (Array.isArray(body)) return { non_field_errors: body.map(String) };
  if (!body || typeof body !== 'object') return {};
  const errors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(value)) errors[field] = value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
    else if (typeof value === 'string') errors[field] = [value];
  }
  return errors;
}

export function messageOf(status: number, body: unknown): string {
  const errors = fieldErrorsOf(body);
  const first = errors.detail?.[0] ?? errors.non_field_errors?.[0] ?? Object.values(errors)[0]?.[0];
  if (first) return first;
  if (status === 0) return NO_CONNECTION;
  return `The server answered ${status}.`;
}

export interface PlayRequest {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** `Authorization: Participant <token>`. */
  token?: string | null;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Calls `PLAY_API + path` and returns its JSON answer (of the contract's type T); throws a PlayError otherwise. */
export async function playCall<T>(path: string, request: PlayRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.token) headers.Authorization = `Participant ${request.token}`;
  if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(PLAY_API + path, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal ?? AbortSignal.timeout(20_000),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError' && request.signal?.aborted) throw error;
    playConnection.unreachable();
    throw new PlayError(0, NO_CONNECTION);
  }
  playConnection.answered(response.status);
  const text = await response.text().catch(() => '');
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new PlayError(response.status, messageOf(response.status, body), fieldErrorsOf(body));
  if (response.status !== 204 && (body === null || typeof body !== 'object'))
    throw new PlayError(502, 'The server sent an answer this page cannot read. Reload the page.');
  return body as T;
}
