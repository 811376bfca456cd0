import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLiveConfig } from './live-config';

const LOCAL = { databaseURL: 'http://127.0.0.1:9100?ns=quiz-portal', emulator: { host: '127.0.0.1', port: 9100 } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchLiveConfig', () => {
  it('reads the server settings from the API without the portal client', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(LOCAL), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchLiveConfig()).resolves.toEqual({ ...LOCAL, firebase: {} });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/v1\/live-config\/$/);
  });

  it('fails with the status when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    await expect(fetchLiveConfig()).rejects.toThrow(/answered 503/);
  });

  it('fails when the answer is not live settings', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ databaseURL: '' }), { status: 200 })),
    );
    await expect(fetchLiveConfig()).rejects.toThrow();
  });
});
