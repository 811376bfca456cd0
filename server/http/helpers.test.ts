import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerCategoryProbe } from '../test/probe-routes';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { likePattern, searchTerms } from './search';

let server: TestServer;
let tenant: Awaited<ReturnType<typeof signedInTenant>>;

beforeEach(async () => {
  server = await createTestServer();
  await registerCategoryProbe(server);
  tenant = await signedInTenant(server);
});
afterEach(async () => {
  await server.close();
});

async function addCategory(name: string, headers = tenant.headers, extra: Record<string, string> = {}) {
  return server.app.inject({ method: 'POST', url: '/probe/categories/', payload: { name }, headers: { ...headers, ...extra } });
}
const list = (query: string, headers = tenant.headers) =>
  server.app.inject({ url: `/probe/categories/${query}`, headers: { ...headers, host: 'api.test' } });

describe('pagination', () => {
  it('pages by 10 with absolute next/previous keeping other parameters', async () => {
    for (let i = 1; i <= 23; i += 1) await addCategory(`Category ${i}`);
    const first = (await list('?client=999')).json();
    expect(first.count).toBe(23);
    expect(first.results).toHaveLength(10);
    expect(first.previous).toBeNull();
    expect(first.next).toBe('http://api.test/probe/categories/?client=999&page=2');
    const second = (await list('?client=999&page=2')).json();
    expect(second.previous).toBe('http://api.test/probe/categories/?client=999');
    expect(second.results[0].name).toBe('Category 11');
    const last = (await list('?page=3')).json();
    expect(last.results).toHaveLength(3);
    expect(last.next).toBeNull();
    expect((await list('?page=last')).json().results).toHaveLength(3);
  });

  it('answers 404 Invalid page. out of range, and an empty first page when there is nothing', async () => {
    expect((await list('')).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    await addCategory('One');
    for (const page of ['2', '0', 'abc', '-1']) {
      const response = await list(`?page=${page}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Invalid page.' });
    }
  });

  it('honours page_size up to 1000 and ignores a malformed one', async () => {
    for (let i = 1; i <= 12; i += 1) await addCategory(`C${i}`);
    expect((await list('?page_size=5')).json().results).toHaveLength(5);
    expect((await list('?page_size=5000')).json().results).toHaveLength(12);
    expect((await list('?page_size=x')).json().results).toHaveLength(10);
  });
});

describe('search', () => {
  it('splits terms on spaces and +, requires every term, ignores case and LIKE wildcards', async () => {
    for (const name of ['World History', 'world geography', 'Art History', '100% Science', 'snake_case']) await addCategory(name);
    const names = async (query: string) => (await list(`?search=${query}`)).json().results.map((row: { name: string }) => row.name);
    expect(await names('world')).toEqual(['World History', 'world geography']);
    expect(await names('HISTORY+world')).toEqual(['World History']);
    expect(await names('history%20art')).toEqual(['Art History']);
    expect(await names('%25')).toEqual(['100% Science']);
    expect(await names('e_c')).toEqual(['snake_case']);
    expect(await names('')).toHaveLength(5);
    expect(searchTerms(' a+b  c ')).toEqual(['a', 'b', 'c']);
    expect(likePattern('50%_\\')).toBe('%50\\%\\_\\\\%');
  });
});

describe('tenant scoping', () => {
  it('never shows another client its rows: lists skip them, lookups answer 404', async () => {
    const created = (await addCategory('Mine')).json();
    const other = await signedInTenant(server);
    expect((await list(`?client=${tenant.clientId}`, other.headers)).json().count).toBe(0);
    const lookup = await server.app.inject({ url: `/probe/categories/${created.id}/`, headers: other.headers });
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json()).toEqual({ detail: 'Not found.' });
    expect((await server.app.inject({ url: '/probe/categories/abc/', headers: tenant.headers })).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await server.app.inject({ url: '/probe/categories/' })).statusCode).toBe(401);
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored answer with no second effect', async () => {
    const first = await addCategory('Once', tenant.headers, { 'idempotency-key': 'op-1' });
    const second = await addCategory('Once', tenant.headers, { 'idempotency-key': 'op-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await list('')).json().count).toBe(1);
  });

  it('replays a validation error too, keys are per user, and a different request with a used key is refused', async () => {
    const bad = await addCategory('', tenant.headers, { 'idempotency-key': 'op-2' });
    expect(bad.statusCode).toBe(400);
    expect((await addCategory('', tenant.headers, { 'idempotency-key': 'op-2' })).json()).toEqual(bad.json());
    const other = await signedInTenant(server);
    expect((await addCategory('Theirs', other.headers, { 'idempotency-key': 'op-2' })).statusCode).toBe(201);
    const created = (await addCategory('A', tenant.headers, { 'idempotency-key': 'op-3' })).json();
    const misuse = await server.app.inject({
      method: 'DELETE',
      url: `/probe/categories/${created.id}/`,
      headers: { ...tenant.headers, 'idempotency-key': 'op-3' },
    });
    expect(misuse.statusCode).toBe(422);
  });

  it('replays a 204 delete without deleting twice', async () => {
    const created = (await addCategory('Gone')).json();
    const remove = () =>
      server.app.inject({
        method: 'DELETE',
        url: `/probe/categories/${created.id}/`,
        headers: { ...tenant.headers, 'idempotency-key': 'del-1' },
      });
    expect((await remove()).statusCode).toBe(204);
    expect((await remove()).statusCode).toBe(204);
  });
});

describe('ETag and If-Match', () => {
  it('tags single objects with W/"version" and answers 412 with the current object when stale', async () => {
    const created = await addCategory('Draft');
    expect(created.headers.etag).toBe('W/"1"');
    const url = `/probe/categories/${created.json().id}/`;
    // One operation id for the edit: a 412 must not be replayed once the conflict is resolved.
    const patch = (name: string, ifMatch?: string) =>
      server.app.inject({
        method: 'PATCH',
        url,
        payload: { name },
        headers: {
          ...tenant.headers,
          ...(ifMatch ? { 'if-match': ifMatch } : {}),
          ...(name === 'Mine' ? { 'idempotency-key': 'edit-mine' } : {}),
        },
      });
    const updated = await patch('Final', 'W/"1"');
    expect(updated.statusCode).toBe(200);
    expect(updated.headers.etag).toBe('W/"2"');
    const stale = await patch('Mine', 'W/"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ name: 'Final' });
    expect(stale.headers.etag).toBe('W/"2"');
    const retried = await patch('Mine', 'W/"2"');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().name).toBe('Mine');
    expect((await patch('Anyway')).statusCode).toBe(200);
    expect((await patch('Star', '*')).statusCode).toBe(200);
    const stored = await server.app.inject({ url, headers: tenant.headers });
    expect(stored.headers.etag).toBe('W/"5"');
  });
});

describe('updated_after', () => {
  it('returns rows changed since the instant plus the ids deleted since', async () => {
    const old = (await addCategory('Old')).json();
    const gone = (await addCategory('Gone')).json();
    server.clock.advance(60_000);
    const since = server.clock.now().toISOString();
    await server.app.inject({ method: 'DELETE', url: `/probe/categories/${gone.id}/`, headers: tenant.headers });
    const fresh = (await addCategory('Fresh')).json();
    const changes = (await list(`?updated_after=${encodeURIComponent(since)}`)).json();
    expect(changes.results.map((row: { id: number }) => row.id)).toEqual([fresh.id]);
    expect(changes.deleted).toEqual([gone.id]);
    expect(changes.results.some((row: { id: number }) => row.id === old.id)).toBe(false);
    expect((await list('')).json().deleted).toBeUndefined();
    const bad = await list('?updated_after=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['updated_after']);
  });
});
