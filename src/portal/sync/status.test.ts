import { describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../local/db';
import { SyncStatusStore } from './status';

const failedEntry = { seq: 1, status: 'failed' } as OutboxEntry;

describe('SyncStatusStore.updateFromOutbox', () => {
  it('tells no one when a new read of an outbox without failures changes nothing', () => {
    const store = new SyncStatusStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    store.updateFromOutbox([]);
    store.updateFromOutbox([]);
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(before);
  });

  it('tells the listeners when failures come and go, with the failed entries', () => {
    const store = new SyncStatusStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.updateFromOutbox([failedEntry]);
    expect(store.getSnapshot()).toMatchObject({ failed: 1, failedEntries: [failedEntry], waiting: 0 });
    store.updateFromOutbox([]);
    expect(store.getSnapshot()).toMatchObject({ failed: 0, failedEntries: [] });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
