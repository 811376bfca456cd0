import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_IN_PROGRESS_MESSAGE, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../../src/lib/contract/idempotency';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';

// Idempotency-Key bound to its request, and claims of requests that died.

let server: TestServer;
let headers: Record<string, string>;

beforeEach(async () => {
  server = await createTestServer();
  headers = (await signedInTenant(server, { pollEnabled: true })).headers;
});
afterEach(() => server.close());

function multipart(parts: { name: string; filename?: string; data: Buffer | string }[]) {
  const boundary = '----poll-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename !== undefined ? `; filename="${part.filename}"\r\nContent-Type: application/octet-stream` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const addCategory = (name: string, key: string, extra: object = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/category/',
    payload: { name, ...extra },
    headers: { ...headers, 'idempotency-key': key },
  });

describe('a key bound to its request', () => {
  it('replays the same JSON request (whatever its key order) and answers 422 for another body with the key', async () => {
    const first = await addCategory('Once', 'op-1');
    expect(first.statusCode).toBe(201);
    const reordered = await server.app.inject({
      method: 'POST',
      url: '/api/v1/category/',
      payload: '{"name":"Once"}',
      headers: { ...headers, 'idempotency-key': 'op-1', 'content-type': 'application/json' },
    });
    expect(reordered.statusCode).toBe(201);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    const other = await addCategory('Something else', 'op-1');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    expect(await server.db.selectFrom('categories').select('name').execute()).toEqual([{ name: 'Once' }]);
  });

  it('binds a form (multipart) to its fields and files too', async () => {
    const send = (name: string, data: string) => {
      const form = multipart([
        { name: 'name', data: name },
        { name: 'join_code', data: '1' },
        { name: 'qr_image', filename: 'qr.png', data: Buffer.from(data, 'base64') },
      ]);
      return server.app.inject({
        method: 'POST',
        url: '/api/v1/poll-list/',
        payload: form.payload,
        headers: { ...headers, ...form.headers, 'idempotency-key': 'form-1' },
      });
    };
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const first = await send('Poll', png);
    expect(first.statusCode).toBe(201);
    const again = await send('Poll', png);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await send('Another poll', png)).statusCode).toBe(422);
    expect((await server.db.selectFrom('polls').select('name').execute()).map((row) => row.name)).toEqual(['Poll']);
  });
});

describe('a request that died with the key claimed', () => {
  async function claimAndCrash(key: string, payload: object) {
    // What a crash leaves: the claim of a request that never answered.
    const user = await server.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await server.app.inject({ method: 'POST', url: '/api/v1/category/', payload, headers: { ...headers, 'idempotency-key': key } });
    await server.db.deleteFrom('categories').execute();
    await server.db
      .updateTable('idempotency_keys')
      .set({ status_code: null, response_body: null })
      .where('user_id', '=', user.id)
      .where('key', '=', key)
      .execute();
  }

  it('answers "still being processed" with Retry-After at first, then lets the repeat run', async () => {
    await claimAndCrash('crashed', { name: 'Lost' });
    const busy = await addCategory('Lost', 'crashed');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ detail: IDEMPOTENCY_IN_PROGRESS_MESSAGE });
    const wait = Number(busy.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    server.clock.advance(wait * 1000 + 1);
    const retried = await addCategory('Lost', 'crashed');
    expect(retried.statusCode).toBe(201);
    expect(await server.db.selectFrom('categories').select('name').execute()).toEqual([{ name: 'Lost' }]);
    // And from then on it replays.
    expect((await addCategory('Lost', 'crashed')).headers['idempotent-replayed']).toBe('true');
  });

  it('does not let another body take over a dead claim', async () => {
    await claimAndCrash('crashed-2', { name: 'Mine' });
    server.clock.advance(61_000);
    expect((await addCategory('Not mine', 'crashed-2')).statusCode).toBe(422);
  });
});
