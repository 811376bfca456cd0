import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestJson } from '../api/client';
import { portalDatabase } from '../local/db';
import type { AccountSync } from './account-sync';
import { SessionProvider } from './SessionProvider';
import { useSession } from './session-context';
import { demoUser, jsonResponse, mockFetch, requestsTo } from './test-fetch';
import { cacheUser } from './user-cache';

function SessionProbe() {
  const session = useSession();
  return (
    <div>
      <p>
        state: {session.user ? `user ${session.user.username}` : session.loading ? 'loading' : session.loadFailed ? 'failed' : 'logged out'}
      </p>
      <p>login: {String(session.isLogin)}</p>
      <button onClick={() => void session.login({ email: 'admin@demo.quiz', password: 'pw' })}>login</button>
      <p>expired: {String(session.expired)}</p>
      <button onClick={() => void session.logout()}>logout</button>
      <button onClick={session.retry}>retry</button>
    </div>
  );
}

// The account's offline data is tested in account-sync.test.ts; here only what the session asks of it.
let accountSync: { [K in keyof AccountSync]: ReturnType<typeof vi.fn> & AccountSync[K] };

const renderSession = () =>
  render(
    <MantineProvider>
      <SessionProvider accountSync={accountSync}>
        <SessionProbe />
      </SessionProvider>
    </MantineProvider>,
  );

beforeEach(async () => {
  localStorage.clear();
  await portalDatabase().session.clear();
  accountSync = {
    begin: vi.fn(async () => undefined),
    resume: vi.fn(async () => undefined),
    end: vi.fn(async () => undefined),
    waitingChanges: vi.fn(async () => 0),
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SessionProvider', () => {
  it('starts logged out without a stored token and asks nothing', () => {
    const { fetchMock } = mockFetch(() => jsonResponse(demoUser));
    renderSession();
    expect(screen.getByText('state: logged out')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats a stored token as logged in, loads the user with it and starts the account sync', async () => {
    localStorage.setItem('token', 'abc');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { sent } = mockFetch(async () => {
      await gate;
      return jsonResponse(demoUser);
    });
    renderSession();
    expect(screen.getByText('state: loading')).toBeInTheDocument();
    expect(screen.getByText('login: true')).toBeInTheDocument();
    release();
    expect(await screen.findByText('state: user admin')).toBeInTheDocument();
    const [request] = requestsTo(sent, '/api/v1/accounts/user/');
    expect(request?.headers.get('Authorization')).toBe('Token abc');
    await waitFor(() => expect(accountSync.begin).toHaveBeenCalledWith(demoUser, true));
  });

  it('logs out when loading the user fails with an HTTP error', async () => {
    localStorage.setItem('token', 'stale');
    mockFetch(() => jsonResponse({ detail: 'Invalid token.' }, 401));
    renderSession();
    expect(await screen.findByText('state: logged out')).toBeInTheDocument();
    expect(screen.getByText('login: false')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    // Logged out, but the queued changes are only forgotten on an explicit logout.
    expect(accountSync.end).not.toHaveBeenCalled();
  });

  it('only logs a non-HTTP error, keeps the token and offers a retry that loads the user', async () => {
    localStorage.setItem('token', 'abc');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    mockFetch(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return jsonResponse(demoUser);
    });
    renderSession();
    expect(await screen.findByText('state: failed')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('abc');
    expect(screen.getByText('login: true')).toBeInTheDocument();

    online = true;
    act(() => screen.getByRole('button', { name: 'retry' }).click());
    expect(await screen.findByText('state: user admin')).toBeInTheDocument();
  });

  it('falls back to the cached user when the server cannot be reached', async () => {
    localStorage.setItem('token', 'abc');
    await cacheUser(demoUser);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderSession();
    expect(await screen.findByText('state: user admin')).toBeInTheDocument();
    // The sync starts in an effect after the render that shows the user: under load the text can come first.
    await waitFor(() => expect(accountSync.begin).toHaveBeenCalledWith(demoUser, false));
  });

  it('starts offline from the cached user without asking the server', async () => {
    localStorage.setItem('token', 'abc');
    await cacheUser(demoUser);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { fetchMock } = mockFetch(() => jsonResponse(demoUser));
    renderSession();
    expect(await screen.findByText('state: user admin')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('aborts the user request when the provider unmounts', async () => {
    localStorage.setItem('token', 'abc');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: AbortSignal[] = [];
    mockFetch(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          seen.push(request.signal);
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    const { unmount } = renderSession();
    await waitFor(() => expect(seen).toHaveLength(1));
    unmount();
    expect(seen[0]?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Under load the lazily loaded expiry watch can resolve now and React warns about act(); only the abort matters.
    const logged = consoleError.mock.calls.map((call) => String(call[0])).filter((message) => !message.includes('not wrapped in act'));
    expect(logged).toEqual([]);
  });

  it('stores the key on login, loads the user, and clears everything on logout', async () => {
    const { sent } = mockFetch((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/v1/accounts/login/') return jsonResponse({ key: 'fresh' });
      if (path === '/api/v1/accounts/user/') return jsonResponse(demoUser);
      return new Response(null, { status: 204 });
    });
    renderSession();
    act(() => screen.getByRole('button', { name: 'login' }).click());
    expect(await screen.findByText('state: user admin')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(requestsTo(sent, '/api/v1/accounts/user/')[0]?.headers.get('Authorization')).toBe('Token fresh');

    act(() => screen.getByRole('button', { name: 'logout' }).click());
    expect(screen.getByText('state: logged out')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(accountSync.end).toHaveBeenCalledOnce());
    await waitFor(() => expect(requestsTo(sent, '/api/v1/accounts/logout/')).toHaveLength(1));
    expect(requestsTo(sent, '/api/v1/accounts/logout/')[0]?.headers.get('Authorization')).toBe('Token fresh');
  });

  it('asks to sign in again when a later call is answered 401, keeping the session and the queue', async () => {
    localStorage.setItem('token', 'abc');
    mockFetch((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/v1/accounts/user/') return jsonResponse(demoUser);
      if (path === '/api/v1/accounts/login/') return jsonResponse({ key: 'renewed' });
      return jsonResponse({ detail: 'Invalid token.' }, 401);
    });
    renderSession();
    expect(await screen.findByText('state: user admin')).toBeInTheDocument();
    await act(async () => {
      await expect(requestJson('api/v1/category/')).rejects.toMatchObject({ status: 401 });
    });
    expect(screen.getByText('state: user admin')).toBeInTheDocument();
    expect(screen.getByText('expired: true')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('abc');
    expect(accountSync.end).not.toHaveBeenCalled();

    const dialog = await screen.findByRole('dialog', { name: 'Your session has expired — sign in again' });
    expect(dialog).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(accountSync.resume).toHaveBeenCalledOnce());
    expect(localStorage.getItem('token')).toBe('renewed');
    expect(screen.getByText('expired: false')).toBeInTheDocument();
  });
});
