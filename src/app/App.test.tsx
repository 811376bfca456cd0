import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import type * as themeModule from './theme';
import { cssVariablesResolver } from './theme';

// The theme's CSS variables are computed on each render of MantineProvider; the resolver is called each time.
vi.mock('./theme', async (importOriginal) => {
  const original = await importOriginal<typeof themeModule>();
  return { ...original, cssVariablesResolver: vi.fn(original.cssVariablesResolver) };
});

// The router of a lazy screen is made after the first paint: the test says when that is.
let painted: (() => void) | null = null;
vi.mock('../ui/use-after-first-paint', () => ({
  afterFirstPaint: (done: () => void) => {
    painted = done;
    return () => {};
  },
}));

afterEach(() => window.history.replaceState(null, '', '/'));

describe('App', () => {
  it("makes the router of a lazy screen after the first paint without computing the theme's CSS variables again", async () => {
    window.history.replaceState(null, '', '/password/reset/some-token');
    render(<App />);
    // The screen's title at once (app/screen-table.ts); the router once its chunk is there (app/first-screen.ts)
    // and the title has been painted.
    expect(await screen.findByRole('heading', { name: 'New Password' })).toBeInTheDocument();
    await waitFor(() => expect(painted).not.toBeNull());
    const computed = vi.mocked(cssVariablesResolver).mock.calls.length;
    expect(computed).toBeGreaterThan(0);

    act(() => painted?.());
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(vi.mocked(cssVariablesResolver).mock.calls.length).toBe(computed);
  });
});
