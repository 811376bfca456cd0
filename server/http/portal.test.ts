import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/support';

let server: TestServer;
let staticDir: string;
beforeEach(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-dist-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(path.join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await createTestServer({ env: { STATIC_DIR: staticDir } });
});
afterEach(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

it('serves the built portal, index.html for deep links, and keeps API paths as API', async () => {
  const deepLink = await server.app.inject({ url: '/password/reset/abc123' });
  expect(deepLink.statusCode).toBe(200);
  expect(deepLink.body).toContain('<title>Portal</title>');
  expect(deepLink.headers['cache-control']).toBe('no-cache');
  const asset = await server.app.inject({ url: '/assets/app-1234.js' });
  expect(asset.headers['cache-control']).toContain('immutable');
  const api = await server.app.inject({ url: '/api/v1/unknown/' });
  expect(api.statusCode).toBe(404);
  expect(api.json()).toEqual({ detail: 'Not found.' });
  const reset = await server.app.inject({ method: 'POST', url: '/password/reset/', payload: {} });
  expect(reset.statusCode).toBe(400);
  expect(reset.json()).toHaveProperty('token');
});
