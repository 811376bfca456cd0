import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INVALID_UNICODE_MESSAGE } from '../../src/lib/contract/limits';

// DRF's error shapes, produced in one place: throw an HttpError from a route or a service (the contract's
// validation of bodies and queries, contract.ts, answers one too) and installErrorHandling turns it into
// the response the portal expects. Bad input never becomes a 500.

export type ErrorBody = Record<string, unknown>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const notFound = () => new HttpError(404, { detail: 'Not found.' });
export const notAuthenticated = () => new HttpError(401, { detail: 'Authentication credentials were not provided.' });
export const invalidToken = () => new HttpError(401, { detail: 'Invalid token.' });
/** `{"field": ["message"]}` with status 400. */
export const fieldErrors = (errors: Record<string, string[]>) => new HttpError(400, errors);
export const badRequest = (detail: string) => new HttpError(400, { detail });

/**
 * Maps zod issues to DRF field errors: the first path segment names the field, else non_field_errors.
 * Give the parsed input so missing, null and wrong-typed values get DRF's own messages.
 */
export function zodFieldErrors(error: z.ZodError, input?: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    const message = drfMessage(issue, input);
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** DRF's wording for type errors (zod 4 does not keep the input on issues, so it is looked up). */
function drfMessage(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code !== 'invalid_type') return issue.message;
  const value = input === undefined ? (/received undefined$/.test(issue.message) ? undefined : '') : valueAt(input, issue.path);
  if (value === undefined) return 'This field is required.';
  if (value === null || /received null$/.test(issue.message)) return 'This field may not be null.';
  switch (issue.expected) {
    case 'string':
      return 'Not a valid string.';
    case 'number':
    case 'int':
    case 'bigint':
      return 'A valid number is required.';
    case 'boolean':
      return 'Must be a valid boolean.';
    case 'array':
      return `Expected a list of items but got type "${Array.isArray(value) ? 'list' : typeof value}".`;
    case 'object':
      return `Invalid data. Expected a dictionary, but got ${Array.isArray(value) ? 'list' : typeof value}.`;
    default:
      return issue.message;
  }
}

export const NULL_CHARACTER_MESSAGE = 'Null characters are not allowed.';

/** A UTF-16 surrogate without its pair: JSON may carry one (`"\\ud800"`), but it is no text any database keeps. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The text rules of every field, by field: DRF's ProhibitNullCharactersValidator (a text holding U+0000 is
 * refused, as PostgreSQL cannot store it in text: a 500 there, and a silently different value on SQLite)
 * when `nullCharacters`, and well-formed Unicode (no lone surrogate) always.
 */
function textErrors(input: unknown, nullCharacters: boolean): Record<string, string[]> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(input)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item !== 'string') continue;
      if (nullCharacters && item.includes('\u0000')) errors[field] = [NULL_CHARACTER_MESSAGE];
      else if (LONE_SURROGATE.test(item)) errors[field] = [INVALID_UNICODE_MESSAGE];
      else continue;
      break;
    }
  }
  return errors;
}

/** Validates a body with a shared contract schema; failures answer 400 with field errors. */
export function parseBody<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const textProblems = textErrors(input, true);
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw fieldErrors({ ...zodFieldErrors(result.error, input ?? {}), ...textProblems });
  if (Object.keys(textProblems).length > 0) throw fieldErrors(textProblems);
  return result.data;
}

/** Validates a query string the same way, without the null-character rule (a search drops them instead). */
export function parseQuery<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const textProblems = textErrors(input, false);
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw fieldErrors({ ...zodFieldErrors(result.error, input ?? {}), ...textProblems });
  if (Object.keys(textProblems).length > 0) throw fieldErrors(textProblems);
  return result.data;
}

function sendError(reply: FastifyReply, status: number, body: ErrorBody, headers: Record<string, string> = {}) {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

/** The message for a 413, shared by JSON bodies and multipart uploads. */
export function tooLargeMessage(limitBytes: number): string {
  const mb = limitBytes / (1024 * 1024);
  const kb = limitBytes / 1024;
  const size = Number.isInteger(mb) ? `${mb} MB` : Number.isInteger(kb) ? `${kb} KB` : `${limitBytes} bytes`;
  return `The request is too large: the limit is ${size}.`;
}

export function installErrorHandling(app: FastifyInstance, options: { uploadMaxBytes: number }): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.body, error.headers);
    if (error instanceof z.ZodError) return sendError(reply, 400, zodFieldErrors(error));
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, { detail: tooLargeMessage(request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1048576) });
      case 'FST_REQ_FILE_TOO_LARGE':
        return sendError(reply, 413, { detail: tooLargeMessage(options.uploadMaxBytes) });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, { detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.` });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, { detail: 'JSON parse error - the body is empty.' });
    }
    if (error instanceof SyntaxError || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return sendError(reply, 400, { detail: `JSON parse error - ${error.message}` });
    }
    if (status >= 400 && status < 500) return sendError(reply, status, { detail: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, { detail: 'A server error occurred.' });
  });
}

/**
 * Fastify's frameworkErrors: what it refuses before routing (a path that is no valid URL component, such as
 * `%ED%A0%80`), answered in the same DRF shape as every other refusal.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const detail = error.code === 'FST_ERR_BAD_URL' ? 'Invalid URL: its path is not valid percent-encoded UTF-8.' : error.message;
  return sendError(reply, status, { detail });
}

/** The JSON 404 for unknown routes (app.ts uses the portal's fallback instead when the portal is built). */
export function jsonNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 404, { detail: 'Not found.' });
}
