import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import type { z } from 'zod';
import { ApiError, NETWORK_FAILURE_MESSAGE, TIMEOUT_MESSAGE, fieldErrorsFromBody, messageFromBody } from './errors';
import { apiToken, reportUnauthorized } from './token';

/**
 * The portal's one HTTP client. Only api/ knows URLs. The API base comes from VITE_API_BASE at
 * build time and defaults to the portal's own origin (the API server serves both).
 */
// `?.`: outside Vite (the offline benchmark runs the sync engine in plain Node) import.meta.env is absent.
export const API_BASE: string = (import.meta.env?.VITE_API_BASE as string | undefined) || '/';

function baseUrl(): string {
  const base = API_BASE.endsWith('/') ? API_BASE : `${API_BASE}/`;
  return new URL(base, globalThis.location?.href ?? 'http://localhost/').href;
}

export const http: KyInstance = ky.create({
  prefixUrl: baseUrl(),
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
