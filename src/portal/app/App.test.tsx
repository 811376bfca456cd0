import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import type * as themeModule from './theme';
import { cssVariablesResolver } from './theme';

// The theme's CSS variables are a stylesheet (theme-variables.css): a render of MantineProvider computes none.
vi.mock('./theme', async (importOriginal) => {
  const original = await importOriginal<typeof themeModule>();
  return { ...original, cssVariablesResolver: vi.fn(original.cssVariablesResolver) };
});

// The router's chunk is asked for, and the router of a lazy screen made, after a paint: the test says when.
const painted: (() => void)[] = [];
vi.mock('../ui/use-after-first-paint', () => ({
  afterFirstPaint: (done: () => void) => {
    painted.push(done);
    return () => {};
  },
}));

/** Paints once the page waits for a paint, as a browser would. */
async function paint() {
  await waitFor(() => expect(painted).not.toHaveLength(0));
  act(() => painted.shift()?.());
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('App', () => {
  it("makes the router of a lazy screen after the first paint, computing none of the theme's CSS variables", async () => {
    window.history.replaceState(null, '', '/password/reset/some-token');
    render(<App />);
    // The screen's title at once (app/screen-table.ts); the router once its chunk is there (app/first-screen.ts)
    // and the title has been painted.
    expect(await screen.findByRole('heading', { name: 'New Password' })).toBeInTheDocument();
    await paint(); // the shell asks for the router's chunk
    await paint(); // the router makes the screen
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(vi.mocked(cssVariablesResolver)).not.toHaveBeenCalled();
    expect(document.querySelector('style[data-mantine-styles]')).toBeNull();
  });
});
