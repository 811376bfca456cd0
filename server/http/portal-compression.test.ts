import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/support';

// The build writes .br next to its JavaScript (vite.config.ts); the server sends it to browsers that accept it.

const script = `console.log(${JSON.stringify('portal '.repeat(500))});`;
let server: TestServer;
let staticDir: string;
beforeEach(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-dist-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(path.join(staticDir, 'assets', 'app-1234.js'), script);
  writeFileSync(path.join(staticDir, 'assets', 'app-1234.js.br'), brotliCompressSync(script));
  server = await createTestServer({ env: { STATIC_DIR: staticDir } });
});
afterEach(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

it('sends the pre-compressed file to a browser that accepts brotli, the plain one otherwise', async () => {
  const compressed = await server.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(compressed.headers['content-encoding']).toBe('br');
  expect(compressed.headers['content-type']).toMatch(/javascript/);
  expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(script);
  const plain = await server.app.inject({ url: '/assets/app-1234.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});
