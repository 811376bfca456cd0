import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { protect } from './protect';
import { readFormBody } from './form-body';
import { localUploadStore, mediaUrl } from './uploads';

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = '----probe-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename !== undefined ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let server: TestServer;
let headers: { authorization: string };
let uploadDir: string;

beforeEach(async () => {
  server = await createTestServer({ env: { UPLOAD_MAX_BYTES: '2048' } });
  uploadDir = path.join(server.config.dataDir, 'uploads');
  await server.app.register(async (app) => {
    protect(app, server);
    const store = localUploadStore(uploadDir);
    app.post('/probe/upload/', { preValidation: readFormBody }, async (request, reply) => {
      const file = request.form?.files.image;
      const name = file ? await store.saveImage(file) : null;
      return reply.code(201).send({ fields: request.body, image: mediaUrl(request, name) });
    });
  });
  headers = (await signedInTenant(server)).headers;
});
afterEach(async () => {
  await server.close();
});

describe('uploads', () => {
  it('stores an image under a random name, serves it with its real type and nosniff, and keeps repeated fields', async () => {
    const body = multipart([
      { name: 'questions', data: '3' },
      { name: 'questions', data: '1' },
      { name: 'image', filename: 'photo.gif', type: 'image/gif', data: PNG },
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/probe/upload/',
      payload: body.payload,
      headers: { ...headers, ...body.headers, host: 'api.test' },
    });
    expect(response.statusCode).toBe(201);
    const { fields, image } = response.json();
    expect(fields).toEqual({ questions: ['3', '1'] });
    expect(image).toMatch(/^http:\/\/api\.test\/media\/[0-9a-f]{32}\.png$/);
    const served = await server.app.inject({ url: new URL(image).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a file that is not an image whatever its name says, and stores nothing', async () => {
    const body = multipart([{ name: 'image', filename: 'evil.png', type: 'image/png', data: '<svg onload="alert(1)"></svg>' }]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/probe/upload/',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      image: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'],
    });
    expect(readdirSync(uploadDir)).toEqual([]);
  });

  it('answers 413 with a clear message for a file over UPLOAD_MAX_BYTES', async () => {
    const body = multipart([{ name: 'image', filename: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(4096)]) }]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/probe/upload/',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The request is too large: the limit is 2 KB.' });
  });

  it('takes a JSON body as it is, with no files', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/probe/upload/', payload: { name: 'x', questions: [1, 2] }, headers });
    expect(response.json()).toEqual({ fields: { name: 'x', questions: [1, 2] }, image: null });
  });

  it('answers 404 for unknown or malformed media names', async () => {
    expect((await server.app.inject({ url: '/media/../../etc/passwd' })).statusCode).toBe(404);
    expect((await server.app.inject({ url: `/media/${'a'.repeat(32)}.png` })).statusCode).toBe(404);
  });
});
