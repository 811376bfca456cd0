import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountSync } from '../session/account-sync';
import { SessionProvider } from '../session/SessionProvider';
import { demoUser, jsonResponse, mockFetch, type Answer } from '../session/test-fetch';
import type * as firstScreenModule from './first-screen';
import { loadRouter } from './first-screen';
import type * as screenTableModule from './screen-table';
import { preloadScreenAt } from './screen-table';
import { loadScreenLibraries } from './screen-libraries';
import { Screens } from './shell';

// Whether and when the shell asks for the router's chunk.
vi.mock('./first-screen', async (importOriginal) => {
  const original = await importOriginal<typeof firstScreenModule>();
  return { ...original, loadRouter: vi.fn(original.loadRouter) };
});

// When the screen's own code is asked for.
vi.mock('./screen-table', async (importOriginal) => {
  const original = await importOriginal<typeof screenTableModule>();
  return { ...original, preloadScreenAt: vi.fn(original.preloadScreenAt) };
});

// The test says when the screens' libraries are in (their chunks, in turn).
let librariesLoaded = () => {};
vi.mock('./screen-libraries', () => ({
  loadScreenLibraries: vi.fn(
    () =>
      new Promise<void>((resolve) => {
        librariesLoaded = resolve;
      }),
  ),
}));

// The test says when the first paint has happened.
const painted: (() => void)[] = [];
vi.mock('../ui/use-after-first-paint', () => ({
  afterFirstPaint: (done: () => void) => {
    painted.push(done);
    return () => {};
  },
}));

const LOGIN_PATH = '/api/v1/accounts/login/';
const accountSync: AccountSync = {
  begin: async () => undefined,
  resume: async () => undefined,
  end: async () => undefined,
  waitingChanges: async () => 0,
};

function renderScreens(answer: Answer = () => jsonResponse(demoUser)) {
  mockFetch(answer);
  return render(
    <MantineProvider>
      <SessionProvider accountSync={accountSync}>
        <Screens />
      </SessionProvider>
    </MantineProvider>,
  );
}

/** Whether the page's own handler kept the browser from following a click; the test's browser follows none. */
function followedByBrowser(link: HTMLElement, init: MouseEventInit): boolean {
  let followed = false;
  const record = (event: Event) => {
    followed = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', record);
  try {
    fireEvent.click(link, init);
  } finally {
    window.removeEventListener('click', record);
  }
  return followed;
}

beforeEach(() => {
  localStorage.clear();
  painted.length = 0;
  vi.mocked(loadRouter).mockClear();
  vi.mocked(preloadScreenAt).mockClear();
  window.history.replaceState(null, '', '/login');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the sign-in shell', () => {
  it("draws the sign-in form titled Login, and loads the router's chunk only once the user acts on the page", async () => {
    const user = userEvent.setup();
    renderScreens();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Login · Quiz Portal'));
    act(() => painted.forEach((done) => done()));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(loadRouter).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText(/^Email/));
    expect(loadRouter).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('leaves a middle click, a click for a new tab or window, and another target to the browser', () => {
    renderScreens();
    const link = screen.getByRole('link', { name: 'Forgot Password' });
    expect(link).toHaveAttribute('href', '/reset/password/');
    expect(followedByBrowser(link, { button: 1 })).toBe(true);
    expect(followedByBrowser(link, { ctrlKey: true })).toBe(true);
    expect(followedByBrowser(link, { metaKey: true })).toBe(true);
    expect(followedByBrowser(link, { shiftKey: true })).toBe(true);
    expect(loadRouter).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/login');
  });

  it('follows Forgot Password in the page through the router (a click, or Enter on the focused link)', async () => {
    const user = userEvent.setup();
    renderScreens();
    const link = screen.getByRole('link', { name: 'Forgot Password' });
    expect(followedByBrowser(link, { button: 0 })).toBe(false);
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/reset/password/');
    await waitFor(() => expect(document.title).toBe('Reset Password · Quiz Portal'));

    // The router keeps the history: back to the sign-in form, now the router's, whose link it follows itself.
    act(() => window.history.back());
    const routerLink = await screen.findByRole('link', { name: 'Forgot Password' });
    routerLink.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('hands over to the router on sign-in, which sends the user where they were going', async () => {
    const user = userEvent.setup();
    // Reloaded on /login after the private screen's guard sent the user there (RequireSession's `from`).
    window.history.replaceState({ usr: { from: '/setting?tab=1' }, key: 'start', idx: 0 }, '', '/login');
    let answerUser: (response: Response) => void = () => {};
    renderScreens((request) =>
      new URL(request.url).pathname === LOGIN_PATH
        ? jsonResponse({ key: 'k1' })
        : new Promise<Response>((resolve) => {
            answerUser = resolve;
          }),
    );
    await user.type(screen.getByLabelText(/^Email/), 'admin@demo.quiz');
    await user.type(screen.getByLabelText(/^Password/), 'demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    // The session's spinner under the screen's title while the user loads, as the router's RootLayout shows it.
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(loadRouter).toHaveBeenCalled());

    answerUser(jsonResponse(demoUser));
    // The Setting screen's code loads first (seconds on a busy machine).
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/setting?tab=1'), { timeout: 10_000 });
  });

  it("offers Retry when the router's chunk cannot be loaded after sign-in, and hands over once it can", async () => {
    const user = userEvent.setup();
    // The network is gone while the user signs in: every load of the router's chunk fails until Retry.
    vi.mocked(loadRouter).mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreens((request) => (new URL(request.url).pathname === LOGIN_PATH ? jsonResponse({ key: 'k1' }) : jsonResponse(demoUser)));
    await user.type(screen.getByLabelText(/^Email/), 'admin@demo.quiz');
    await user.type(screen.getByLabelText(/^Password/), 'demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('The portal could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    vi.mocked(loadRouter).mockReset(); // back to the real load
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    vi.mocked(console.error).mockRestore();
  });
});

describe('a start on another screen', () => {
  it("paints the screen's title first, then loads the screens' libraries, then asks for the router's chunk and the screen's code together", async () => {
    window.history.replaceState(null, '', '/reset/password/');
    renderScreens();
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(loadScreenLibraries).not.toHaveBeenCalled();
    expect(loadRouter).not.toHaveBeenCalled();
    expect(preloadScreenAt).not.toHaveBeenCalled();

    act(() => painted.splice(0).forEach((done) => done()));
    expect(loadScreenLibraries).toHaveBeenCalledTimes(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(loadRouter).not.toHaveBeenCalled();

    await act(async () => librariesLoaded());
    expect(loadRouter).toHaveBeenCalledTimes(1);
    expect(preloadScreenAt).toHaveBeenCalledWith('/reset/password/');
    // The router makes the screen after a paint too, once its chunk is there.
    await waitFor(() => expect(painted).not.toHaveLength(0), { timeout: 10_000 });
    act(() => painted.splice(0).forEach((done) => done()));
    expect(await screen.findByRole('button', { name: 'Send' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
