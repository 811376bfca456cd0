import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/support';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy, liveConnectSources, sameOriginLiveSources } from './security-headers';

describe('liveConnectSources', () => {
  it('allows the local live server websocket, or the Firebase domain of a real database', () => {
    expect(liveConnectSources({ databaseURL: 'http://127.0.0.1:9000?ns=portal', emulator: { host: '127.0.0.1', port: 9000 } })).toEqual([
      'ws://127.0.0.1:9000',
    ]);
    expect(liveConnectSources({ databaseURL: 'https://quiz-live-default-rtdb.firebaseio.com', emulator: null })).toEqual([
      'https://*.firebaseio.com',
      'wss://*.firebaseio.com',
    ]);
    expect(liveConnectSources({ databaseURL: 'https://quiz-live.europe-west1.firebasedatabase.app', emulator: null })).toEqual([
      'https://*.firebasedatabase.app',
      'wss://*.firebasedatabase.app',
    ]);
  });
});

describe('sameOriginLiveSources', () => {
  it("names the configured plain-http addresses' websockets for the embedded channel on the API's port", () => {
    expect(sameOriginLiveSources({ publicUrl: 'http://192.168.1.20:3000', portalUrl: 'http://192.168.1.20:3000' })).toEqual([
      'ws://192.168.1.20:3000',
    ]);
    expect(sameOriginLiveSources({ publicUrl: null, portalUrl: 'http://127.0.0.1:3000' })).toEqual(['ws://127.0.0.1:3000']);
    expect(sameOriginLiveSources({ publicUrl: 'https://quiz.example.com', portalUrl: 'https://quiz.example.com' })).toEqual([]);
  });
});

describe('security headers', () => {
  let server: TestServer;
  let staticDir: string;
  beforeEach(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-dist-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Portal</title>');
    server = await createTestServer({ env: { STATIC_DIR: staticDir } });
  });
  afterEach(async () => {
    await server.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('sends the strict policy with the portal page, for the root and for deep links', async () => {
    for (const url of ['/', '/login', '/list-quiz', '/password/reset/abc123']) {
      const page = await server.app.inject({ url });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy());
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const policy = contentSecurityPolicy(['ws://127.0.0.1:9000']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self' ws://127.0.0.1:9000",
      "worker-src 'self'",
      "manifest-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(policy.split('; ')).toContain(directive);
    }
  });

  it('keeps API answers out of every cache, successes and errors alike', async () => {
    for (const request of [
      { url: '/api/health' },
      { url: '/api/v1/accounts/user/' },
      { url: '/api/v1/unknown/' },
      { method: 'POST' as const, url: '/password/reset/', payload: {} },
    ]) {
      const answer = await server.app.inject(request);
      expect(answer.headers['cache-control'], request.url).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    }
  });

  it("sends helmet's headers on API answers, and none of the portal's policy on scripts", async () => {
    const answer = await server.app.inject({ url: '/api/v1/accounts/user/' });
    expect(answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'strict-transport-security': 'max-age=15552000',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-dns-prefetch-control': 'off',
      'x-permitted-cross-domain-policies': 'none',
      'origin-agent-cluster': '?1',
    });
    expect(answer.headers['x-powered-by']).toBeUndefined();
    writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const worker = await server.app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-security-policy']).toBeUndefined();
    expect(worker.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets uploaded images be shown by other origins, over helmet’s same-origin policy', async () => {
    const name = `${'a'.repeat(32)}.png`;
    await server.uploads.storage.put(name, Buffer.from('not really a png'), 'image/png');
    const image = await server.app.inject({ url: `/media/${name}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });
});
