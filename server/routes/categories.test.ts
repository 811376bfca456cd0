import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATEGORY_NAME_TAKEN_MESSAGE } from '../../src/lib/contract/category';
import { created } from '../db/rows';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';

let server: TestServer;
let tenant: Awaited<ReturnType<typeof signedInTenant>>;
let other: Awaited<ReturnType<typeof signedInTenant>>;

beforeEach(async () => {
  server = await createTestServer();
  tenant = await signedInTenant(server);
  other = await signedInTenant(server);
});
afterEach(async () => {
  await server.close();
});

type Headers = Record<string, string>;

function request(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Headers = {}) {
  return server.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: { ...tenant.headers, ...headers },
  });
}

async function addCategory(name: string, headers: Headers = tenant.headers) {
  const response = await server.app.inject({ method: 'POST', url: '/api/v1/category/', payload: { name }, headers });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; name: string; version: number; updated_at: string };
}

async function addQuestion(categoryId: number, clientId = tenant.clientId) {
  return server.db
    .insertInto('questions')
    .values({
      category_id: categoryId,
      description: 'Q',
      options: 'A: 1, B: 2, C: 3, D: 4',
      correct_option: 'A',
      image: null,
      ...created(server.clock, clientId),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('categories', () => {
  it('creates a category, trimmed, with every response field and an ETag; ?client= is ignored', async () => {
    const response = await request('POST', `/api/v1/category/?client=${other.clientId}`, { name: '  Geography ', client: other.clientId });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Geography',
      client: tenant.clientId,
      created_at: server.clock.now().toISOString(),
      updated_at: server.clock.now().toISOString(),
      version: 1,
    });
    expect(response.headers.etag).toBe('W/"1"');
    const read = await request('GET', `/api/v1/category/${body.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);
    expect(read.headers.etag).toBe('W/"1"');
  });

  it('rejects a missing, blank, too long, wrongly typed or duplicate name (any case) with field errors', async () => {
    await addCategory('History');
    const cases: [unknown, string][] = [
      [{}, 'This field is required.'],
      [{ name: '   ' }, 'This field may not be blank.'],
      [{ name: 'x'.repeat(101) }, 'Ensure this field has no more than 100 characters.'],
      [{ name: 12 }, 'Not a valid string.'],
      [{ name: null }, 'This field may not be null.'],
      [{ name: ' history ' }, CATEGORY_NAME_TAKEN_MESSAGE],
    ];
    for (const [payload, message] of cases) {
      const response = await request('POST', '/api/v1/category/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ name: [message] });
    }
    const list = await request('GET', '/api/v1/category/');
    expect(list.json().count).toBe(1);
  });

  it('keeps names unique when creates race: the database refuses a duplicate, and the route answers 400, never 500', async () => {
    await addCategory('Rivers');
    // The unique index on (client_id, lower(name)) judges writes that bypass the route's check.
    await expect(
      server.db
        .insertInto('categories')
        .values({ name: 'RIVERS', ...created(server.clock, tenant.clientId) })
        .execute(),
    ).rejects.toThrow();
    await server.db
      .insertInto('categories')
      .values({ name: 'RIVERS', ...created(server.clock, other.clientId) })
      .execute();

    const names = ['Lakes', 'lakes', 'LAKES', 'Lakes', 'lAkes', 'Lakes'];
    const answers = await Promise.all(names.map((name) => request('POST', '/api/v1/category/', { name })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const answer of answers.filter((item) => item.statusCode === 400))
      expect(answer.json()).toEqual({ name: [CATEGORY_NAME_TAKEN_MESSAGE] });
    const rows = await server.db.selectFrom('categories').select('id').where('client_id', '=', tenant.clientId).execute();
    expect(rows).toHaveLength(2);

    if (server.dialect !== 'postgres') return;
    // PostgreSQL: a create whose check ran before another create of the name committed is refused by the
    // index; the route answers the same 400. (SQLite runs one write at a time, so this cannot happen there.)
    const { pending } = await server.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('categories')
        .values({ name: 'Seas', ...created(server.clock, tenant.clientId) })
        .execute();
      const answer = request('POST', '/api/v1/category/', { name: 'SEAS' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { pending: answer };
    });
    const raced = await pending;
    expect(raced.statusCode).toBe(400);
    expect(raced.json()).toEqual({ name: [CATEGORY_NAME_TAKEN_MESSAGE] });
  });

  it('lets two clients use the same name', async () => {
    await addCategory('Sport');
    await addCategory('Sport', other.headers);
  });

  it('lists by name, ten a page, with search, and only the caller’s categories', async () => {
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'Lima lima'])
      await addCategory(name);
    await addCategory('Alpha other', other.headers);
    const first = await request('GET', `/api/v1/category/?client=${other.clientId}`);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.count).toBe(12);
    expect(page.results).toHaveLength(10);
    expect(page.results.slice(0, 4).map((row: { name: string }) => row.name)).toEqual(['Alpha', 'Bravo', 'charlie', 'delta']);
    expect(page.previous).toBeNull();
    expect(page.next).toMatch(/\/api\/v1\/category\/\?client=\d+&page=2$/);
    const second = (await request('GET', '/api/v1/category/?page=2')).json();
    expect(second.results.map((row: { name: string }) => row.name)).toEqual(['kilo', 'Lima lima']);
    const search = (await request('GET', '/api/v1/category/?search=LIMA+li')).json();
    expect(search.results.map((row: { name: string }) => row.name)).toEqual(['Lima lima']);
    expect((await request('GET', '/api/v1/category/?search=')).json().count).toBe(12);
    expect((await request('GET', '/api/v1/category/?page=3')).statusCode).toBe(404);
  });

  it('answers 401 without a valid token', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/category/' })).statusCode).toBe(401);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/category/',
      payload: { name: 'x' },
      headers: { authorization: 'Token nope' },
    });
    expect(response.statusCode).toBe(401);
    expect(await server.db.selectFrom('categories').select('id').execute()).toEqual([]);
  });

  it('answers 404 for unknown, malformed and other clients’ ids on every method', async () => {
    const foreign = await addCategory('Theirs', other.headers);
    for (const id of [foreign.id, 999999, 'abc']) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const response = await request(method, `/api/v1/category/${id}/`, method === 'PATCH' ? { name: 'Mine now' } : undefined);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.' });
      }
    }
    const theirs = await server.app.inject({ method: 'GET', url: `/api/v1/category/${foreign.id}/`, headers: other.headers });
    expect(theirs.json().name).toBe('Theirs');
  });

  it('renames with PATCH, bumping version and updated_at, and keeps names unique', async () => {
    const category = await addCategory('Music');
    await addCategory('Films');
    server.clock.advance(1000);
    const response = await request('PATCH', `/api/v1/category/${category.id}/`, { name: 'Pop music' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: category.id, name: 'Pop music', version: 2, updated_at: server.clock.now().toISOString() });
    expect(response.headers.etag).toBe('W/"2"');
    // Its own name in another case is not a duplicate.
    expect((await request('PATCH', `/api/v1/category/${category.id}/`, { name: 'POP MUSIC' })).statusCode).toBe(200);
    const duplicate = await request('PATCH', `/api/v1/category/${category.id}/`, { name: 'films' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ name: [CATEGORY_NAME_TAKEN_MESSAGE] });
    const blank = await request('PATCH', `/api/v1/category/${category.id}/`, { name: '' });
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await request('GET', `/api/v1/category/${category.id}/`)).json()).toMatchObject({ name: 'POP MUSIC', version: 3 });
  });

  it('answers 412 with the current category when If-Match is stale, and accepts the current version', async () => {
    const category = await addCategory('Science');
    await request('PATCH', `/api/v1/category/${category.id}/`, { name: 'Sciences' });
    const stale = await request('PATCH', `/api/v1/category/${category.id}/`, { name: 'Physics' }, { 'if-match': 'W/"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ id: category.id, name: 'Sciences', version: 2 });
    expect(stale.headers.etag).toBe('W/"2"');
    const staleDelete = await request('DELETE', `/api/v1/category/${category.id}/`, undefined, { 'if-match': 'W/"1"' });
    expect(staleDelete.statusCode).toBe(412);
    const fresh = await request('PATCH', `/api/v1/category/${category.id}/`, { name: 'Physics' }, { 'if-match': 'W/"2"' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().name).toBe('Physics');
  });

  it('replays a create with the same Idempotency-Key: one row, the same answer', async () => {
    const headers = { 'idempotency-key': 'cat-create-1' };
    const first = await request('POST', '/api/v1/category/', { name: 'Art' }, headers);
    const second = await request('POST', '/api/v1/category/', { name: 'Art' }, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await request('GET', '/api/v1/category/')).json().count).toBe(1);
  });

  it('deletes an unused category and refuses one that questions use, deleting nothing', async () => {
    const unused = await addCategory('Unused');
    const used = await addCategory('Used');
    await addQuestion(used.id);
    await addQuestion(used.id);
    const refused = await request('DELETE', `/api/v1/category/${used.id}/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'This category cannot be deleted: 2 questions use it. Move or delete those questions first.',
    });
    expect((await request('GET', `/api/v1/category/${used.id}/`)).statusCode).toBe(200);
    expect(await server.db.selectFrom('questions').select('id').execute()).toHaveLength(2);
    const deleted = await request('DELETE', `/api/v1/category/${unused.id}/`, undefined, { 'idempotency-key': 'cat-del-1' });
    expect(deleted.statusCode).toBe(204);
    expect((await request('GET', `/api/v1/category/${unused.id}/`)).statusCode).toBe(404);
    const replay = await request('DELETE', `/api/v1/category/${unused.id}/`, undefined, { 'idempotency-key': 'cat-del-1' });
    expect(replay.statusCode).toBe(204);
  });

  it('returns changes and deleted ids since updated_after, oldest change first', async () => {
    const kept = await addCategory('Kept');
    const gone = await addCategory('Gone');
    server.clock.advance(60_000);
    const since = server.clock.now().toISOString();
    server.clock.advance(1000);
    await request('PATCH', `/api/v1/category/${kept.id}/`, { name: 'Kept renamed' });
    server.clock.advance(1000);
    const added = await addCategory('Added');
    await request('DELETE', `/api/v1/category/${gone.id}/`);
    const response = await request('GET', `/api/v1/category/?updated_after=${encodeURIComponent(since)}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.results.map((row: { id: number }) => row.id)).toEqual([kept.id, added.id]);
    expect(page.deleted).toEqual([gone.id]);
    expect((await request('GET', '/api/v1/category/?updated_after=yesterday')).statusCode).toBe(400);
    const otherChanges = (
      await server.app.inject({
        method: 'GET',
        url: `/api/v1/category/?updated_after=${encodeURIComponent(since)}`,
        headers: other.headers,
      })
    ).json();
    expect(otherChanges).toMatchObject({ count: 0, deleted: [] });
  });

  it('answers 400, not 500, for a malformed JSON body, and 413 with a clear message for one over the route limit (64 KB)', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/category/',
      payload: '{"name":',
      headers: { ...tenant.headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    const big = await request('POST', '/api/v1/category/', { name: 'x'.repeat(1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'The request is too large: the limit is 64 KB.' });
    expect(await server.db.selectFrom('categories').select('id').execute()).toEqual([]);
  });
});
