import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/support';
import { startTestS3, type TestS3 } from '../test/s3rver';
import type { UploadStore } from '../http/uploads';

// Both storages behave alike: a stored upload is served at /media/<name> with its real type, an ETag, byte
// ranges and a year of caching; a repeat with the ETag is a 304; a removed or unknown name is a 404; the
// readiness check can write. The local folder goes through @fastify/static, the bucket through GetObject
// (s3rver, an S3-compatible server, on 127.0.0.1).

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
});

const storages: [string, () => Record<string, string>][] = [
  ['a local folder', () => ({})],
  ['an S3 bucket', () => s3.env],
];

describe.each(storages)('uploads kept in %s', (_kind, env) => {
  let server: TestServer;
  let uploads: UploadStore;

  beforeEach(async () => {
    server = await createTestServer({ env: env() });
    uploads = server.uploads;
  });
  afterEach(async () => {
    await server.close();
  });

  it('serves a stored image with its type, an ETag, a year of caching, and a 304 for a repeat', async () => {
    const name = await uploads.saveImage({ field: 'image', filename: 'x.gif', data: PNG });
    const served = await server.app.inject({ url: `/media/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['accept-ranges']).toBe('bytes');
    expect(served.headers['content-length']).toBe(String(PNG.length));
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const etag = served.headers.etag;
    expect(etag).toBeTruthy();

    const again = await server.app.inject({ url: `/media/${name}`, headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers a byte range with 206 and Content-Range, and HEAD with the headers only', async () => {
    const name = await uploads.saveImage({ field: 'image', filename: 'x.png', data: PNG });
    const part = await server.app.inject({ url: `/media/${name}`, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${PNG.length}`);
    expect(part.rawPayload.equals(PNG.subarray(0, 8))).toBe(true);

    const head = await server.app.inject({ method: 'HEAD', url: `/media/${name}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(PNG.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 once a file is removed, and for names the store could not have made', async () => {
    const name = await uploads.saveImage({ field: 'image', filename: 'x.png', data: PNG });
    await uploads.remove(name);
    await uploads.remove(name);
    expect((await server.app.inject({ url: `/media/${name}` })).statusCode).toBe(404);
    expect((await server.app.inject({ url: `/media/${'b'.repeat(32)}.png` })).statusCode).toBe(404);
    expect((await server.app.inject({ url: '/media/readiness-probe' })).statusCode).toBe(404);
    expect((await server.app.inject({ url: '/media/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('can write now (the readiness check)', async () => {
    await expect(uploads.storage.checkWritable()).resolves.toBeUndefined();
  });
});
