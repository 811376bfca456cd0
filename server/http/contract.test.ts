import Fastify, { type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INVALID_CHOICE_MESSAGE } from '../../src/lib/contract/request';
import { noQuizEvents } from '../live/quiz-events';
import { resourceRoutes } from '../routes';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { installContract } from './contract';
import { NULL_CHARACTER_MESSAGE } from './errors';
import { localUploadStore } from './uploads';

// Every route of the API declares its request and its answer with the contract's schemas, and a request
// the contract refuses is answered as DRF answers it: field errors for the body and the query, 404 for a
// path id that cannot exist, whichever way the body came (JSON or a multipart form).

let server: TestServer;
let headers: { authorization: string };

beforeAll(async () => {
  server = await createTestServer();
  headers = (await signedInTenant(server)).headers;
});
afterAll(async () => {
  await server.close();
});

/** The routes the resource plugins register, as Fastify is told of them. */
async function resourceRouteOptions(): Promise<RouteOptions[]> {
  const app = Fastify();
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') routes.push(route);
  });
  installContract(app);
  const ctx = {
    db: server.db,
    config: server.config,
    clock: server.clock,
    mailer: server.mailer,
    quizEvents: noQuizEvents,
    uploads: localUploadStore(server.config.dataDir),
    log: app.log,
    background: server.app.background,
  };
  for (const plugin of resourceRoutes) await app.register(plugin, ctx);
  await app.ready();
  await app.close();
  return routes;
}

describe('the routes of the API', () => {
  it('each declare their request and answer with schemas of the contract', async () => {
    const routes = await resourceRouteOptions();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const name = `${String(route.method)} ${route.url}`;
      const { schema } = route;
      expect(schema, name).toBeDefined();
      const answers = Object.entries(schema?.response ?? {});
      expect(
        answers.some(([status]) => status.startsWith('2')),
        `${name} describes its answer`,
      ).toBe(true);
      for (const [, answer] of answers) expect(answer, name).toBeInstanceOf(z.ZodType);
      if (route.url.includes(':id')) expect(schema?.params, `${name} reads its id`).toBeInstanceOf(z.ZodType);
      const isList = route.method === 'GET' && !route.url.includes(':') && route.url !== '/api/v1/accounts/user/';
      if (isList) expect(schema?.querystring, `${name} declares its query`).toBeInstanceOf(z.ZodType);
      const writes = ['POST', 'PATCH', 'PUT'].includes(String(route.method)) && route.url !== '/api/v1/accounts/logout/';
      if (writes) expect(schema?.body, `${name} declares its body`).toBeInstanceOf(z.ZodType);
    }
  });
});

describe('a request the contract refuses', () => {
  const post = (url: string, payload: unknown) => server.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('answers DRF field errors for the body, with DRF’s words', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['This field is required.'] }],
      [{ name: '  ' }, { name: ['This field may not be blank.'] }],
      [{ name: null }, { name: ['This field may not be null.'] }],
      [{ name: 5 }, { name: ['Not a valid string.'] }],
      [{ name: 'a\u0000b' }, { name: [NULL_CHARACTER_MESSAGE] }],
      [[], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await post('/api/v1/category/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
  });

  it('answers the same field errors for a multipart form as for JSON', async () => {
    const boundary = '----contract-boundary';
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\nA: one\r\n--${boundary}--\r\n`;
    const multipart = await server.app.inject({
      method: 'POST',
      url: '/api/v1/questions/',
      payload: form,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const json = await post('/api/v1/questions/', { options: 'A: one' });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toEqual(json.json());
    expect(Object.keys(multipart.json()).sort()).toEqual(['category', 'correct_option', 'description', 'options']);
  });

  it('answers DRF field errors for the query, every refused parameter at once', async () => {
    const response = await server.app.inject({ url: '/api/v1/questions/?category=x&updated_after=soon', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      category: [INVALID_CHOICE_MESSAGE],
      updated_after: [expect.stringContaining('Datetime has wrong format.')],
    });
  });

  it('answers 404 for a path id that cannot exist, as Django’s URL patterns do', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '9999999999999999']) {
      const response = await server.app.inject({ url: `/api/v1/category/${id}/`, headers });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('asks for a token first', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/category/', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('an answer', () => {
  it('is written from its contract schema: what the schema does not name is not sent', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    installContract(app);
    const answer = z.object({ id: z.number(), name: z.string().nullable(), tags: z.array(z.string()) });
    // The handler's type refuses an extra field; a row passed on as it is read must not leak one either.
    const row: unknown = { id: 7, name: null, tags: ['a'], password_hash: 'secret' };
    app.get('/probe/', { schema: { response: { 200: answer } } }, async () => row as z.infer<typeof answer>);
    const response = await app.inject({ url: '/probe/' });
    await app.close();
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe('{"id":7,"name":null,"tags":["a"]}');
  });
});
