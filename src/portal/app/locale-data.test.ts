import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as DateText from '../../lib/date-text';

// A fresh module per test: the worker starts once per page.
const freshModule = async () => {
  vi.resetModules();
  return import('./locale-data');
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loadLocaleDataAside', () => {
  it('starts the worker once per page', async () => {
    vi.stubGlobal('Worker', function Worker() {});
    const { loadLocaleDataAside } = await freshModule();
    const start = vi.fn(() => ({}) as Worker);
    loadLocaleDataAside(start);
    loadLocaleDataAside(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts nothing where the browser has no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const { loadLocaleDataAside } = await freshModule();
    const start = vi.fn(() => ({}) as Worker);
    loadLocaleDataAside(start);
    expect(start).not.toHaveBeenCalled();
  });

  it('starts nothing offline, where the screen loads from the cache at once', async () => {
    vi.stubGlobal('Worker', function Worker() {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { loadLocaleDataAside } = await freshModule();
    const start = vi.fn(() => ({}) as Worker);
    loadLocaleDataAside(start);
    expect(start).not.toHaveBeenCalled();
  });

  it('leaves the data to the first formatter when the worker cannot start', async () => {
    vi.stubGlobal('Worker', function Worker() {});
    const { loadLocaleDataAside } = await freshModule();
    expect(() =>
      loadLocaleDataAside(() => {
        throw new DOMException('blocked', 'SecurityError');
      }),
    ).not.toThrow();
  });
});

describe('the locale data worker', () => {
  it("makes the lists' date formatters, then ends", async () => {
    vi.resetModules();
    const prepared: string[] = [];
    vi.doMock('../../lib/date-text', async (original) => ({
      ...(await original<typeof DateText>()),
      prepareDateFormatter: (style: string) => prepared.push(style),
    }));
    const close = vi.fn();
    vi.stubGlobal('close', close);
    await import('./locale-data.worker');
    expect(prepared).toEqual(['day', 'timeZone']);
    expect(close).toHaveBeenCalledTimes(1);
    vi.doUnmock('../../lib/date-text');
  });
});
