import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPlayQuiz, joined } from '../play/play-test-support';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { routesOf, type RegisteredRoute } from './request-limits';

// A generated hostile-request suite over EVERY route of the app, taken from Fastify's own route
// table (routesOf) and each route's contract schemas (the field names of its body and query), the
// participants' /api/v1/play/* routes included. Each run sends at least 10,000 requests built by fast-check:
// path parameters that exist, do not, or are not ids at all; queries and bodies of those fields holding wrong
// types, huge texts, lone surrogates, null characters, long lists and deep nesting; malformed JSON and
// multipart; wrong content types; every kind of credential. Every answer must be below 500 with a
// well-formed body, and afterwards the server still answers normal requests.

const RUNS = 10_000;

interface Seeds {
  ids: Record<string, number>;
  hashes: { quiz: string; poll: string };
  headers: Record<string, Record<string, string>>;
}

let server: TestServer;
let seeds: Seeds;
let routes: RegisteredRoute[];

async function inject(method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  const response = await server.app.inject({ method: method as 'POST', url, headers, payload: payload as string });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json() as Record<string, unknown> & { id: number };
}

beforeAll(async () => {
  server = await createTestServer();
  const admin = await signedInTenant(server, { pollEnabled: true, socialAuth: true });
  const other = await signedInTenant(server, { pollEnabled: true });
  const quiz = await createPlayQuiz(server, admin);
  const category = await inject('POST', '/api/v1/category/', admin.headers, { name: 'Hostile' });
  const poll = await inject('POST', '/api/v1/poll-list/', admin.headers, { name: 'Poll', join_code: '12', poll_hash: 'hostile-poll' });
  const choice = await inject('POST', '/api/v1/poll-choices/', admin.headers, { name: 'Yes', question: poll.id });
  const player = await joined(server, quiz.hash);
  const attempt = await inject('GET', '/api/v1/attempts/', admin.headers);
  const voter = await inject('POST', `/api/v1/play/polls/${String(poll.link_key)}/join`, {}, { join_code: '12' });
  seeds = {
    ids: {
      quiz: quiz.id,
      question: quiz.questions[0] ?? 1,
      category: category.id,
      poll: poll.id,
      choice: choice.id,
      attempt: ((attempt.results as { id: number }[])[0] ?? { id: 1 }).id,
      client: admin.clientId,
      otherClient: other.clientId,
    },
    hashes: { quiz: quiz.hash, poll: String(poll.link_key) },
    headers: {
      admin: admin.headers,
      other: other.headers,
      player: player.headers,
      voter: { authorization: `Participant ${String(voter.token)}` },
      none: {},
      badToken: { authorization: 'Token 0000000000000000000000000000000000000000' },
      emptyToken: { authorization: 'Token ' },
      badScheme: { authorization: 'Basic YTpi' },
      badParticipant: { authorization: 'Participant \u00ff\u00fe' },
      longToken: { authorization: `Token ${'a'.repeat(5000)}` },
    },
  };
  routes = routesOf(server.app).filter((route) => route.url !== '*');
}, 60_000);
afterAll(() => server.close());

/** The field names a contract schema reads (an object, possibly behind preprocess, pipes or refinements). */
function fieldsOf(schema: unknown, depth = 0): string[] {
  if (!(schema instanceof z.ZodType) || depth > 6) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  for (const key of ['in', 'innerType', 'schema', 'out']) {
    const found = fieldsOf(def[key], depth + 1);
    if (found.length > 0) return found;
  }
  return [];
}

const LONE = ['\ud800', '\udfff', 'a\ud83d', '\ude00b'];

/** Texts that have broken servers: sizes around every limit, odd Unicode, formula signs, SQL and path tricks. */
const hostileText = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      ...LONE,
      '%',
      '%ZZ',
      '\\',
      "' or 1=1 --",
      '../../etc/passwd',
      '=cmd|',
      '\uFF1D1+1',
      '<script>',
      'null',
      'true',
      '1e309',
      '-1',
      '0',
      '9007199254740993',
      '2026-02-30T25:61:00Z',
      'A: a, B: b, C: c, D: d',
      '1,2,3',
      '__proto__',
      'constructor',
    ),
  },
  // Around and past the limits (255, 2,000, 5,000 characters, 64 KB bodies; 20 search words).
  { weight: 1, arbitrary: fc.constantFrom(101, 256, 2001, 4001, 5001, 70_000).map((length) => 'x'.repeat(length)) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 1500 }).map((count) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ')),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((length) => ' \t'.repeat(length) + ',') },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, 1e308),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)), { maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(1001, 20_000), fc.constantFrom(0, 1, -1, 'x', null))
      .map(([length, item]) => Array.from({ length }, () => item)),
  },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }) },
);

type BodySpec = { kind: 'json'; fields: Record<string, unknown> } | { kind: 'raw'; contentType: string | null; body: string | Buffer };

/** JSON text for fields, with lone surrogates written as the escapes a hostile client sends. */
function jsonText(fields: Record<string, unknown>): string {
  return JSON.stringify(fields);
}

function multipartOf(fields: [string | null, string, boolean][], boundary: string, truncate: boolean): Buffer {
  const parts = fields.map(([name, value, asFile]) => {
    const disposition = `form-data${name === null ? '' : `; name="${name}"`}${asFile ? '; filename="f.png"\r\nContent-Type: image/png' : ''}`;
    return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n${value}\r\n`;
  });
  const text = `${parts.join('')}--${boundary}--\r\n`;
  const buffer = Buffer.from(text);
  return truncate ? buffer.subarray(0, Math.floor(buffer.length / 2)) : buffer;
}

function bodyArbitrary(fields: string[]): fc.Arbitrary<BodySpec | null> {
  const names = fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 });
  const record = fc.dictionary(names, hostileValue, { maxKeys: Math.max(2, fields.length + 1) });
  const json = record.map((object): BodySpec => ({ kind: 'json', fields: object }));
  const raw = fc.oneof(
    fc.constantFrom(
      '{',
      '[',
      '{"a":',
      'nul',
      '"x"',
      '[]',
      '123',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{}}}',
      '\uFEFF{}',
      '',
    ),
    fc.integer({ min: 9, max: 30_000 }).map((depth) => `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`),
    fc.constantFrom(1001, 100_000, 200_000).map((count) => `{"questions":[${Array.from({ length: count }, () => '0').join(',')}]}`),
    fc
      .constantFrom(...LONE)
      .map((lone) => `{"name":"${lone.replace(/[\ud800-\udfff]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`)}"}`),
  );
  const rawJson = fc.tuple(
    raw,
    fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'APPLICATION/JSON'),
  );
  const formFields = fc.array(
    fc.tuple(
      fc.option(names, { nil: null, freq: 8 }),
      hostileText.map((text) => text.slice(0, 2000)),
      fc.boolean(),
    ),
    { maxLength: 12 },
  );
  const form = fc
    .tuple(formFields, fc.constantFrom('hostile', 'x'.repeat(80), ''), fc.boolean(), fc.constantFrom(true, false))
    .map(([parts, boundary, truncate, declareBoundary]): BodySpec => {
      const used = boundary || 'b';
      return {
        kind: 'raw',
        contentType: declareBoundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
        body: multipartOf(parts, used, truncate),
      };
    });
  const manyParts = fc.constantFrom(1001, 5001).map((count): BodySpec => ({
    kind: 'raw',
    contentType: 'multipart/form-data; boundary=b',
    body: multipartOf(
      Array.from({ length: count }, () => ['questions', '1', false]),
      'b',
      false,
    ),
  }));
  const otherTypes = fc.tuple(
    fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/octet-stream',
      'image/png',
      'multipart/mixed',
      ';;',
      'application/json-patch+json',
      null,
    ),
    fc.oneof(
      hostileText.map((text) => text.slice(0, 5000)),
      fc.constant('name=x&name=y'),
    ),
  );
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(null) },
    { weight: 30, arbitrary: json },
    { weight: 10, arbitrary: rawJson.map(([body, contentType]): BodySpec => ({ kind: 'raw', contentType, body })) },
    { weight: 15, arbitrary: form },
    { weight: 1, arbitrary: manyParts },
    { weight: 5, arbitrary: otherTypes.map(([contentType, body]): BodySpec => ({ kind: 'raw', contentType, body })) },
  );
}

function pathValue(param: string): fc.Arbitrary<string> {
  if (param === '*') {
    return fc.oneof(
      fc.constantFrom(
        '0123456789abcdef0123456789abcdef.png',
        '..%2F..%2Fportal.sqlite',
        '%2e%2e/%2e%2e/etc/passwd',
        '',
        'a.svg',
        '%00.png',
      ),
      fc.string({ maxLength: 30 }).map((text) => encodeURIComponent(text)),
    );
  }
  const known =
    param === 'quiz_hash'
      ? [seeds.hashes.quiz]
      : param === 'link_key'
        ? [seeds.hashes.poll, 'hostile-poll']
        : Object.values(seeds.ids).map(String);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '1e3',
        '99999999999999999999',
        'abc',
        '%00',
        '%ED%A0%80',
        '%',
        '..%2F..',
        'x'.repeat(300),
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((text) => encodeURIComponent(text)) },
  );
}

function queryArbitrary(fields: string[]): fc.Arbitrary<string> {
  const names = fc.oneof(
    fc.constantFrom('search', 'page', 'page_size', 'updated_after', 'quiz', 'category', 'question', ...fields),
    fc.string({ maxLength: 6 }),
  );
  const value = fc.oneof(
    hostileText.map((text) => encodeURIComponent(text.slice(0, 6000).replace(/[\ud800-\udfff]/g, ''))),
    fc.constantFrom(
      '%ED%A0%80',
      '%E0%A4%A',
      '%',
      '%%',
      '+++',
      'last',
      '-1',
      '0',
      '1e9',
      Array.from({ length: 5000 }, (_, index) => index + 1).join(','),
    ),
  );
  return fc
    .array(fc.tuple(names, value), { maxLength: 4 })
    .map((pairs) => pairs.map(([name, text]) => `${encodeURIComponent(name)}=${text}`).join('&'));
}

interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function requestArbitrary(route: RegisteredRoute): fc.Arbitrary<HostileRequest> {
  const params = [...route.url.matchAll(/:([a-z_]+)|\*$/g)].map((match) => match[1] ?? '*');
  const pathArb = fc
    .tuple(...params.map(pathValue))
    .map((values) => params.reduce((url, param, index) => url.replace(param === '*' ? '*' : `:${param}`, values[index] ?? ''), route.url));
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const credentials = Object.keys(seeds.headers).filter((name) => !(route.url === '/api/v1/accounts/logout/' && name === 'admin'));
  return fc
    .record({
      path: params.length > 0 ? pathArb : fc.constant(route.url),
      query: queryArbitrary(fieldsOf(route.schema?.querystring)),
      who: fc.constantFrom(...credentials),
      body: hasBody ? bodyArbitrary(fieldsOf(route.schema?.body)) : fc.constant(null),
      extra: fc.record(
        {
          'idempotency-key': fc.oneof(fc.uuid(), fc.constantFrom('', 'x'.repeat(400), '\u00ff')),
          'if-match': fc.constantFrom('"1"', '*', 'W/"x"', '"999"', ''),
          'content-length': fc.constantFrom('0', '-1', 'abc'),
        },
        { requiredKeys: [] },
      ),
    })
    .map(({ path, query, who, body, extra }) => {
      const headers: Record<string, string> = { ...seeds.headers[who], ...extra };
      let payload: string | Buffer | undefined;
      if (body?.kind === 'json') {
        payload = jsonText(body.fields);
        headers['content-type'] = 'application/json';
      } else if (body?.kind === 'raw') {
        payload = body.body;
        if (body.contentType) headers['content-type'] = body.contentType;
      }
      if (payload === undefined || headers['content-length'] === undefined) delete headers['content-length'];
      else headers['content-length'] = String(Buffer.byteLength(payload));
      return { method: route.method, url: query ? `${path}?${query}` : path, headers, payload };
    });
}

/** A DRF error body: `{"detail": "..."}` or `{"field": ["message", ...]}` (412 answers the current object). */
function checkErrorBody(response: LightMyRequestResponse, request: HostileRequest): void {
  const where = `${request.method} ${request.url.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (request.method === 'HEAD') return;
  expect(response.headers['content-type'], where).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as unknown;
  expect(typeof body === 'object' && body !== null && !Array.isArray(body), where).toBe(true);
  const entries = Object.entries(body as Record<string, unknown>);
  expect(entries.length, where).toBeGreaterThan(0);
  if (response.statusCode === 412) return;
  for (const [, value] of entries) {
    const wellFormed =
      typeof value === 'string'
        ? value.length > 0
        : Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && item.length > 0);
    expect(wellFormed, where).toBe(true);
  }
}

describe('hostile requests to every route', () => {
  it("covers every route of the app, the participants' included", () => {
    const urls = new Set(routes.map((route) => route.url));
    expect(urls.size).toBeGreaterThan(30);
    for (const url of [
      '/api/v1/play/quizzes/:quiz_hash/join',
      '/api/v1/play/attempt/answers',
      '/api/v1/play/polls/:link_key/vote',
      '/api/v1/bulk-delete-questions/',
      '/api/v1/profiles/client/:id/',
      '/api/v1/client-oidc/',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it(`answers ${RUNS.toLocaleString('en')} generated hostile requests without a 5xx, each refusal well formed`, async () => {
    const statuses = new Map<number, number>();
    const perRoute = new Map<string, number>();
    const anyRequest = fc
      .constantFrom(...routes)
      .chain((route) => requestArbitrary(route).map((request) => ({ route: `${route.method} ${route.url}`, request })));
    await fc.assert(
      fc.asyncProperty(anyRequest, async ({ route, request }) => {
        const response = await server.app.inject({
          method: request.method as 'POST',
          url: request.url,
          headers: request.headers,
          payload: request.payload,
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        perRoute.set(route, (perRoute.get(route) ?? 0) + 1);
        expect(response.statusCode, `${request.method} ${request.url.slice(0, 200)}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) checkErrorBody(response, request);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBe(RUNS);
    // Every route was reached, and most requests were refused (it is a hostile suite).
    expect(perRoute.size).toBe(routes.length);
    const refused = [...statuses].filter(([status]) => status >= 400).reduce((sum, [, count]) => sum + count, 0);
    expect(refused).toBeGreaterThan(RUNS / 2);

    // The server still answers normal requests, for a new client too.
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const fresh = await signedInTenant(server);
    const list = await server.app.inject({ method: 'GET', url: '/api/v1/category/', headers: fresh.headers });
    expect(list.statusCode, list.body).toBe(200);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/category/',
      headers: fresh.headers,
      payload: { name: 'After' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const play = await server.app.inject({ method: 'GET', url: `/api/v1/play/quizzes/${seeds.hashes.quiz}/` });
    expect(play.statusCode, play.body).toBeLessThan(500);
  }, 300_000);
});
