import { renderHook, waitFor } from '@testing-library/react';
import { categoriesMirror, prefetchCategories, useCategories, type CategoryRow } from './categories';
import { clearTables, putRows } from './testing';

const music: CategoryRow = { localId: 's-1', serverId: 1, syncState: 'synced', serverCopy: null, name: 'Music' };

beforeEach(async () => {
  await clearTables('categories');
  await putRows(categoriesMirror, music);
});

describe('useCategories', () => {
  it('is undefined on its first render while the live query reads', () => {
    const { result } = renderHook(() => useCategories());
    expect(result.current).toBeUndefined();
  });

  it('starts from the prefetched rows (issue 20 §4), once: a later screen starts from its live query', async () => {
    await prefetchCategories();
    const first = renderHook(() => useCategories());
    expect(first.result.current?.map((row) => row.name)).toEqual(['Music']);
    // The live query takes over and keeps it up to date.
    await putRows(categoriesMirror, { ...music, localId: 's-2', serverId: 2, name: 'Art' });
    await waitFor(() => expect(first.result.current).toHaveLength(2));
    const later = renderHook(() => useCategories());
    expect(later.result.current).toBeUndefined();
  });

  it('does not start from prefetched rows read long before (a start that went to sign-in first)', async () => {
    await prefetchCategories();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
    const { result } = renderHook(() => useCategories());
    vi.restoreAllMocks();
    expect(result.current).toBeUndefined();
  });
});
