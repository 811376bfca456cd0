import type { KyInstance } from 'ky';
import { http } from '../../api/client';

/**
 * An in-memory stand-in for the project's API server, behind fetch: the engine's real request
 * code (resource.ts, ky) runs against it. It keeps DRF's shapes and the extras of docs/decisions.md "Server extras for sync"
 * (Idempotency-Key, version + If-Match -> 412, updated_after + deleted); `extras: false` behaves
 * like a plain DRF server without them.
 */
export interface FakeRow {
  id: number;
  updated_at: string;
  version?: number;
  [field: string]: unknown;
}

export interface FakeCollection {
  /** Fields that may not be blank (400 otherwise). */
  required: string[];
  /** Field -> collection path whose row id it must name (400 otherwise). */
  references?: Record<string, string>;
}

export const CATEGORIES = 'api/v1/category/';
export const QUESTIONS = 'api/v1/questions/';

type Failure =
  { kind: 'network'; afterActing: boolean } | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> };

interface Answer {
  status: number;
  body: unknown;
}

interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export class FakeServer {
  readonly tables = new Map<string, Map<number, FakeRow>>();
  readonly requests: RecordedRequest[] = [];
  private readonly deletedAt = new Map<string, Map<number, number>>();
  private readonly replies = new Map<string, Answer>();
  private readonly failures: Failure[] = [];
  private nextId = 1;
  private clock = Date.parse('2026-01-01T00:00:00Z');
  readonly extras: boolean;
  private readonly collections: Record<string, FakeCollection>;

  constructor(options: { extras?: boolean; collections?: Record<string, FakeCollection> } = {}) {
    this.extras = options.extras ?? true;
    this.collections = options.collections ?? {
      [CATEGORIES]: { required: ['name'] },
      [QUESTIONS]: { required: ['description'], references: { category: CATEGORIES } },
    };
    for (const path of Object.keys(this.collections)) {
      this.tables.set(path, new Map());
      this.deletedAt.set(path, new Map());
    }
  }

  rows(path: string = CATEGORIES): FakeRow[] {
    return [...this.table(path).values()].sort((a, b) => a.id - b.id);
  }

  /** Makes the next request fail: no network (before or after the server acted), or an HTTP status. */
  failNext(failure: Failure): void {
    this.failures.push(failure);
  }

  /** A row created by someone else, directly on the server. */
  seed(fields: Record<string, unknown>, path: string = CATEGORIES): FakeRow {
    const row: FakeRow = { ...fields, id: this.nextId++, client: 1, updated_at: this.tick(), ...(this.extras ? { version: 1 } : {}) };
    this.table(path).set(row.id, row);
    return row;
  }

  editDirectly(id: number, fields: Record<string, unknown>, path: string = CATEGORIES): FakeRow {
    const row = this.table(path).get(id)!;
    const edited = { ...row, ...fields, id, updated_at: this.tick(), ...(this.extras ? { version: (row.version ?? 1) + 1 } : {}) };
    this.table(path).set(id, edited);
    return edited;
  }

  deleteDirectly(id: number, path: string = CATEGORIES): void {
    this.table(path).delete(id);
    this.deletedAt.get(path)!.set(id, this.clock++);
  }

  writes(): RecordedRequest[] {
    return this.requests.filter((request) => request.method !== 'GET');
  }

  /** A ky instance whose requests reach this server. */
  client(): KyInstance {
    return http.extend({ prefixUrl: 'http://portal.test/', fetch: (input, init) => this.fetch(input, init) });
  }

  private table(path: string): Map<number, FakeRow> {
    const table = this.tables.get(path);
    if (!table) throw new Error(`No collection ${path}`);
    return table;
  }

  private tick(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    this.requests.push({ method: request.method, path: url.pathname + url.search, headers: request.headers, body });
    const failure = this.failures.shift();
    if (failure?.kind === 'status')
      return respond({ status: failure.status, body: failure.body ?? { detail: `Failure ${failure.status}` } }, failure.headers);
    if (failure?.kind === 'network' && !failure.afterActing) throw new TypeError('Failed to fetch');
    const answer = this.handle(request.method, url, request.headers, body as Record<string, unknown> | undefined);
    if (failure?.kind === 'network') throw new TypeError('Failed to fetch');
    return respond(answer);
  }

  private handle(method: string, url: URL, headers: Headers, body: Record<string, unknown> | undefined): Answer {
    const key = headers.get('Idempotency-Key');
    const replayable = this.extras && key !== null && method !== 'GET';
    const stored = replayable ? this.replies.get(key) : undefined;
    if (stored) return stored;
    const answer = this.route(method, url, headers, body);
    if (replayable && answer.status < 500) this.replies.set(key, answer);
    return answer;
  }

  private route(method: string, url: URL, headers: Headers, body: Record<string, unknown> | undefined): Answer {
    const match = /^\/(api\/v1\/[a-z-]+\/)(?:(\d+)\/)?$/.exec(url.pathname);
    const path = match?.[1];
    const collection = path ? this.collections[path] : undefined;
    if (!match || !path || !collection) return { status: 404, body: { detail: 'Not found.' } };
    const id = match[2] ? Number(match[2]) : null;
    if (id === null && method === 'GET') return { status: 200, body: this.list(path, url) };
    if (id === null && method === 'POST')
      return this.validate(collection, body ?? {}) ?? { status: 201, body: this.seed(body ?? {}, path) };
    const row = id === null ? undefined : this.table(path).get(id);
    if (!row) return { status: 404, body: { detail: 'Not found.' } };
    if (method === 'GET') return { status: 200, body: row };
    const ifMatch = headers.get('If-Match');
    if (this.extras && ifMatch && ifMatch !== `W/"${row.version}"`) return { status: 412, body: row };
    if (method === 'PATCH')
      return this.validate(collection, { ...row, ...body }) ?? { status: 200, body: this.editDirectly(row.id, body ?? {}, path) };
    if (method === 'DELETE') {
      if (this.isReferenced(path, row.id)) return { status: 400, body: { detail: 'This row is still in use.' } };
      this.deleteDirectly(row.id, path);
      return { status: 204, body: undefined };
    }
    return { status: 405, body: { detail: 'Method not allowed.' } };
  }

  private isReferenced(path: string, id: number): boolean {
    return Object.entries(this.collections).some(([other, collection]) =>
      Object.entries(collection.references ?? {}).some(
        ([field, target]) => target === path && this.rows(other).some((row) => Number(row[field]) === id),
      ),
    );
  }

  private validate(collection: FakeCollection, fields: Record<string, unknown>): Answer | null {
    for (const field of collection.required) {
      const value = fields[field];
      if (value === undefined || value === null || String(value).trim() === '')
        return { status: 400, body: { [field]: ['This field may not be blank.'] } };
    }
    for (const [field, target] of Object.entries(collection.references ?? {})) {
      if (fields[field] !== undefined && !this.table(target).has(Number(fields[field]))) {
        return { status: 400, body: { [field]: [`Invalid pk "${String(fields[field])}" - object does not exist.`] } };
      }
    }
    return null;
  }

  private list(path: string, url: URL): unknown {
    const size = Number(url.searchParams.get('page_size') ?? 10);
    const page = Number(url.searchParams.get('page') ?? 1);
    const after = this.extras ? url.searchParams.get('updated_after') : null;
    let rows = this.rows(path);
    if (after) rows = rows.filter((row) => Date.parse(row.updated_at) > Date.parse(after));
    const results = rows.slice((page - 1) * size, page * size);
    const next = page * size < rows.length ? `${url.origin}${url.pathname}?page=${page + 1}` : null;
    const result: Record<string, unknown> = { count: rows.length, next, previous: null, results };
    if (after) result.deleted = [...this.deletedAt.get(path)!].filter(([, at]) => at > Date.parse(after)).map(([id]) => id);
    return result;
  }
}

function respond(answer: Answer, headers: Record<string, string> = {}): Response {
  if (answer.status === 204) return new Response(null, { status: 204, headers });
  const version = answer.status < 300 ? (answer.body as FakeRow | undefined)?.version : undefined;
  const etag: Record<string, string> = version === undefined ? {} : { ETag: `W/"${version}"` };
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': 'application/json', ...etag, ...headers },
  });
}
