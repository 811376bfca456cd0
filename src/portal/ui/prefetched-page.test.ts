import { describe, expect, it, vi } from 'vitest';
import { PREFETCH_FRESH_MS, prefetchPage, takePrefetchedPage } from './prefetched-page';

describe('prefetched pages', () => {
  it('hands the prefetched answer to the screen once, for the same query only', async () => {
    const load = vi.fn((query: { page: number }) => Promise.resolve(`page ${query.page}`));
    prefetchPage('viewers', { page: 1 }, load, 1000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(takePrefetchedPage('viewers', JSON.stringify({ page: 2 }), 1000)).toBeUndefined();
    await expect(takePrefetchedPage('viewers', JSON.stringify({ page: 1 }), 1000)).resolves.toBe('page 1');
    expect(takePrefetchedPage('viewers', JSON.stringify({ page: 1 }), 1000)).toBeUndefined();
  });

  it('does not hand out a stale answer', () => {
    prefetchPage('viewers', { page: 1 }, () => Promise.resolve('old'), 1000);
    expect(takePrefetchedPage('viewers', JSON.stringify({ page: 1 }), 1000 + PREFETCH_FRESH_MS + 1)).toBeUndefined();
  });

  it('keeps a failed prefetch quiet until the screen takes it', async () => {
    prefetchPage('viewers', { page: 1 }, () => Promise.reject(new Error('offline')), 1000);
    await expect(takePrefetchedPage('viewers', JSON.stringify({ page: 1 }), 1000)).rejects.toThrow('offline');
  });
});
