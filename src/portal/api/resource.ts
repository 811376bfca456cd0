import { HTTPError, type KyInstance, type Options } from 'ky';
import type { z } from 'zod';
import { pageOf, type Page } from '../../lib/contract/page';
import { decodeAnswer, http, toApiError } from './client';
import { ApiError } from './errors';

/** A DRF page; with `updated_after`, the project's server adds the ids deleted since. */
export type { Page };

/** An ApiError that also says when the server asked to be retried (Retry-After on 429/503). */
export class ResourceError extends ApiError {
  readonly retryAfterMs: number | null;

  constructor(error: ApiError, retryAfterMs: number | null) {
    super(error.status, error.message, error.fieldErrors, error.body);
    this.retryAfterMs = retryAfterMs;
  }
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface WriteOptions {
  /** The outbox operation id: a replay with the same key has no second effect. */
  idempotencyKey: string;
  /** The version the change was made on; sent as If-Match when known. */
  baseVersion?: number | null;
}

export interface ResourceDefinition {
  /** e.g. "api/v1/category/" (relative to the API base, with DRF's trailing slash). */
  path: string;
  /** Writes go as multipart (the server expects it even without a file). */
  multipart?: boolean;
  /** Fields holding files: a string there is the stored file's URL and is not sent back. */
  fileFields?: readonly string[];
  /** Bulk delete endpoint and the field carrying the ids, e.g. questions. */
  bulkDelete?: { path: string; field: string };
}

function isBlob(value: unknown): value is Blob {
  // Duck-typed: a Blob read back from IndexedDB may come from another realm than this Blob.
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).arrayBuffer === 'function' &&
    typeof (value as Blob).size === 'number'
  );
}

function appendField(form: FormData, field: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (isBlob(value)) {
    const name = (value as Blob & { name?: unknown }).name;
    form.append(field, value, typeof name === 'string' && name ? name : field);
  } else if (typeof value === 'object') form.append(field, JSON.stringify(value));
  else form.append(field, String(value));
}

/** The request body for a write: JSON, or multipart when asked or when the payload holds a file. */
export function requestBody(definition: ResourceDefinition, payload: Record<string, unknown>): Pick<Options, 'json' | 'body'> {
  const files = new Set(definition.fileFields ?? []);
  const sent = Object.entries(payload).filter(([field, value]) => !(files.has(field) && typeof value === 'string'));
  const multipart = definition.multipart || sent.some(([, value]) => isBlob(value));
  if (!multipart) return { json: Object.fromEntries(sent) };
  const form = new FormData();
  for (const [field, value] of sent) {
    if (Array.isArray(value)) for (const item of value) appendField(form, field, item);
    else appendField(form, field, value);
  }
  return { body: form };
}

function writeHeaders(write: WriteOptions): Record<string, string> {
  const headers: Record<string, string> = { 'Idempotency-Key': write.idempotencyKey };
  if (write.baseVersion !== null && write.baseVersion !== undefined) headers['If-Match'] = `W/"${write.baseVersion}"`;
  return headers;
}

async function send(client: KyInstance, path: string, options: Options): Promise<unknown> {
  try {
    const response = await client(path, options);
    const text = response.status === 204 ? '' : await response.text();
    return text ? JSON.parse(text) : undefined;
  } catch (error) {
    const apiError = await toApiError(error);
    const retryAfter = error instanceof HTTPError ? parseRetryAfter(error.response.headers.get('Retry-After')) : null;
    throw new ResourceError(apiError, retryAfter);
  }
}

/** `T`: a row of the list; `One`: the answer of get, create and update (a detail may say more than a row). */
export interface Resource<T, One = T> {
  definition: ResourceDefinition;
  list(params?: Record<string, string | number>, client?: KyInstance): Promise<Page<T>>;
  get(id: number, client?: KyInstance): Promise<One>;
  create(payload: Record<string, unknown>, write: WriteOptions, client?: KyInstance): Promise<One>;
  update(id: number, payload: Record<string, unknown>, write: WriteOptions, client?: KyInstance): Promise<One>;
  remove(id: number, write: WriteOptions, client?: KyInstance): Promise<void>;
  bulkDelete(ids: number[], write: WriteOptions, client?: KyInstance): Promise<void>;
}

/** The contract's schemas of a resource's answers: a list's row, and a single object (a detail may say more). */
export interface ResourceSchemas<T, One = T> {
  item: z.ZodType<T>;
  one: z.ZodType<One>;
}

/**
 * Typed calls for one REST resource of the API, with the sync extras (docs/decisions.md "Server extras for sync"). With `schemas`,
 * every answer is decoded with the contract's schemas (decodeAnswer); without them (tests against a
 * stand-in server) answers are taken as they come.
 */
export function resource<T, One = T>(definition: ResourceDefinition, schemas?: ResourceSchemas<T, One>): Resource<T, One> {
  const path = definition.path.replace(/^\//, '');
  const one = (id: number) => `${path}${id}/`;
  // Built at the first list answer, not with the resource: the screens' code makes every resource as it loads,
  // in one task, and most screens list one or two of them (total blocking time).
  let pageSchema: ReturnType<typeof pageOf<z.ZodType<T>>> | undefined;
  const oneSchema = schemas?.one ?? null;
  const page = (body: unknown): Page<T> => {
    if (!schemas) return body as Page<T>;
    pageSchema ??= pageOf(schemas.item);
    return decodeAnswer(pageSchema, body, `GET ${path}`);
  };
  const single =
    (what: string) =>
    (body: unknown): One =>
      oneSchema ? decodeAnswer(oneSchema, body, what) : (body as One);
  return {
    definition,
    list: async (params = {}, client = http) => page(await send(client, path, { searchParams: params })),
    get: async (id, client = http) => single(`GET ${one(id)}`)(await send(client, one(id), {})),
    create: async (payload, write, client = http) =>
      single(`POST ${path}`)(
        await send(client, path, {
          method: 'post',
          headers: writeHeaders({ idempotencyKey: write.idempotencyKey }),
          ...requestBody(definition, payload),
        }),
      ),
    update: async (id, payload, write, client = http) =>
      single(`PATCH ${one(id)}`)(
        await send(client, one(id), { method: 'patch', headers: writeHeaders(write), ...requestBody(definition, payload) }),
      ),
    remove: async (id, write, client = http) => {
      await send(client, one(id), { method: 'delete', headers: writeHeaders(write) });
    },
    bulkDelete: async (ids, write, client = http) => {
      if (!definition.bulkDelete) throw new Error(`${path} has no bulk delete.`);
      const { path: bulkPath, field } = definition.bulkDelete;
      await send(client, bulkPath.replace(/^\//, ''), {
        method: 'post',
        headers: writeHeaders({ idempotencyKey: write.idempotencyKey }),
        json: { [field]: ids },
      });
    },
  };
}
