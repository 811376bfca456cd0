import { MantineProvider } from '@mantine/core';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError } from '../api/errors';
import { forgetSavedPages, readSavedPage } from '../store/saved-pages';
import { useServerPage } from './use-server-page';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider>{children}</MantineProvider>;

describe('useServerPage', () => {
  beforeEach(async () => {
    await forgetSavedPages();
  });

  it('keeps the last loaded page and shows it, with when it was saved, when the server cannot be reached', async () => {
    let online = true;
    const load = vi.fn(async (query: { page: number }) => {
      if (!online) throw new ApiError(0, 'No connection to the server.');
      return { page: query.page, rows: [`row of page ${query.page}`] };
    });
    const { result, rerender } = renderHook(({ page }) => useServerPage('attempts-test', { page }, load, 'Not loaded'), {
      wrapper,
      initialProps: { page: 2 },
    });
    await waitFor(() => expect(result.current.data).toEqual({ page: 2, rows: ['row of page 2'] }));
    expect(result.current.saved).toBeNull();
    await waitFor(async () => expect(await readSavedPage('attempts-test')).not.toBeNull());

    online = false;
    rerender({ page: 3 });
    await waitFor(() => expect(result.current.saved).not.toBeNull());
    expect(result.current.data).toEqual({ page: 2, rows: ['row of page 2'] });
    expect(result.current.saved?.query).toEqual({ page: 2 });
    expect(Date.now() - (result.current.saved?.savedAt ?? 0)).toBeLessThan(5000);
    expect(result.current.loading).toBe(false);
  });

  it('says the server is unreachable when no page was kept yet', async () => {
    const load = vi.fn(async () => {
      throw new ApiError(0, 'No connection to the server.');
    });
    const { result } = renderHook(() => useServerPage('never-loaded', {}, load, 'Not loaded'), { wrapper });
    await waitFor(() => expect(result.current.unreachable).toBe(true));
    expect(result.current.data).toBeUndefined();
  });
});
