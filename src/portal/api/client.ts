import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import type { z } from 'zod';
import { apiBaseUrl } from './base-url';
import { serverConnection } from './connection';
import { ApiError, NETWORK_FAILURE_MESSAGE, TIMEOUT_MESSAGE, fieldErrorsFromBody, messageFromBody } from './errors';
import { apiToken, reportUnauthorized } from './token';

/**
 * Every request's outcome tells the server connection (connection.ts) whether the server answers. A request the
 * caller aborted says nothing; one that timed out is told by toApiError, which alone can tell it from an abort.
 */
async function reportingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    const response = await fetch(input, init);
    serverConnection.answered(response.status);
    return response;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) serverConnection.unreachable();
    throw error;
  }
}

/** The portal's one HTTP client. Only api/ knows URLs (base-url.ts). */
export const http: KyInstance = ky.create({
  prefixUrl: apiBaseUrl(),
  fetch: reportingFetch,
  timeout: 30_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = apiToken();
        if (token && !request.headers.has('Authorization')) {
          request.headers.set('Authorization', `Token ${token}`);
        }
      },
    ],
  },
});

/** Converts anything ky throws into an ApiError, reading the server's DRF-style body. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    let body: unknown;
    try {
      body = await error.response.clone().json();
    } catch {
      body = undefined;
    }
    const status = error.response.status;
    if (status === 401 && apiToken()) reportUnauthorized();
    return new ApiError(status, messageFromBody(status, body), fieldErrorsFromBody(body), body);
  }
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  // No answer: the sentence says what happened in plain words; the browser's own text stays in `cause`.
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  if (timedOut) serverConnection.unreachable();
  const apiError = new ApiError(0, timedOut ? TIMEOUT_MESSAGE : NETWORK_FAILURE_MESSAGE);
  (apiError as Error).cause = error;
  return apiError;
}

/**
 * An answer decoded with its contract schema (src/lib/contract). An answer that does not match is the
 * server's fault: an ApiError 502 saying where, retried by sync like any other server failure.
 */
export function decodeAnswer<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new ApiError(502, `The server's answer to ${what} was not understood${where}: ${issue?.message ?? 'unexpected shape'}.`, {}, body);
}

/** Runs a request and returns its JSON body decoded with the contract's schema, or throws an ApiError. */
export async function requestDecoded<S extends z.ZodType>(schema: S, path: string, options: Options = {}): Promise<z.output<S>> {
  return decodeAnswer(schema, await requestJson<unknown>(path, options), `${(options.method ?? 'get').toUpperCase()} ${path}`);
}

/** Runs a request and returns its JSON body typed as T, or throws an ApiError. */
export async function requestJson<T>(path: string, options: Options = {}): Promise<T> {
  try {
    const response = await http(path.replace(/^\//, ''), options);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    throw await toApiError(error);
  }
}
