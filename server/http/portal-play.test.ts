import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/support';

// The player app is its own page: /play/* navigations answer dist/play/index.html, never the
// portal's page (a phone loads none of the portal's code); without a built player app they are 404.

let server: TestServer | null = null;
let staticDir: string;
afterEach(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

async function serve(withPlay: boolean): Promise<TestServer> {
  staticDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-dist-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Portal</title>');
  if (withPlay) {
    mkdirSync(path.join(staticDir, 'play'));
    writeFileSync(path.join(staticDir, 'play', 'index.html'), '<!doctype html><title>Play</title>');
  }
  server = await createTestServer({ env: { STATIC_DIR: staticDir } });
  return server;
}

it('answers the player app for /play/ links, and the portal for the rest', async () => {
  const app = (await serve(true)).app;
  for (const url of ['/play/demo-live-quiz', '/play/poll/demo-poll-link', '/play/', '/play/abc?x=1']) {
    const response = await app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    expect(response.body, url).toContain('<title>Play</title>');
    expect(response.headers['cache-control'], url).toBe('no-cache');
  }
  expect((await app.inject({ url: '/list-quiz' })).body).toContain('<title>Portal</title>');
  expect((await app.inject({ url: '/player' })).body).toContain('<title>Portal</title>');
  expect((await app.inject({ url: '/api/v1/play/quizzes/nope/' })).statusCode).toBe(404);
});

it('answers 404 for /play/ links while the player app is not built', async () => {
  const app = (await serve(false)).app;
  const response = await app.inject({ url: '/play/demo-live-quiz' });
  expect(response.statusCode).toBe(404);
  expect((await app.inject({ url: '/list-quiz' })).statusCode).toBe(200);
});
