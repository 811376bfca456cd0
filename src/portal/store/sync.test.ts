import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syncStatusStore, useOnline, useSyncStatus } from './sync';

afterEach(() => syncStatusStore().update({ online: true, syncing: false, waiting: 0 }));

describe('useOnline', () => {
  it('re-renders when online changes, not on the other changes of the sync status', () => {
    const status = syncStatusStore();
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useOnline();
    });
    expect(result.current).toBe(true);
    const first = renders;
    act(() => status.update({ syncing: true }));
    act(() => status.update({ waiting: 3, syncing: false }));
    expect(renders).toBe(first);
    act(() => status.update({ online: false }));
    expect(result.current).toBe(false);
    expect(renders).toBe(first + 1);
  });

  it('is what the whole status says', () => {
    const { result } = renderHook(() => [useOnline(), useSyncStatus().online]);
    act(() => syncStatusStore().update({ online: false }));
    expect(result.current).toEqual([false, false]);
  });
});
