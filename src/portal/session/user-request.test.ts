import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, jsonResponse, mockFetch, requestsTo } from './test-fetch';
import { portalDatabase } from '../local/db';
import { cacheUser } from './user-cache';
import { startUserRequest, takeCachedUser, takeUserRequest } from './user-request';

const USER_PATH = '/api/v1/accounts/user/';

// Every test takes what it started: the module keeps at most one early request.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the user request started with the page', () => {
  it('leaves once the page has been painted, with the stored token, and is handed to the session once', async () => {
    const { sent } = mockFetch(() => jsonResponse(demoUser));
    startUserRequest('token-a');
    // Not before the screen's title is painted (a frame at least).
    await Promise.resolve();
    expect(sent).toHaveLength(0);
    await vi.waitFor(() => expect(requestsTo(sent, USER_PATH)).toHaveLength(1));
    expect(requestsTo(sent, USER_PATH)[0]!.headers.get('Authorization')).toBe('Token token-a');

    await expect(takeUserRequest('token-a').promise).resolves.toEqual(demoUser);
    // Taken once: a later load (a retry) asks again.
    await takeUserRequest('token-a').promise;
    expect(requestsTo(sent, USER_PATH)).toHaveLength(2);
  });

  it('is not used for another token', async () => {
    const { sent } = mockFetch(() => jsonResponse(demoUser));
    startUserRequest('token-a');
    await takeUserRequest('token-b').promise;
    await vi.waitFor(() => expect(requestsTo(sent, USER_PATH)).toHaveLength(2));
    await takeUserRequest('token-a').promise;
  });

  it('is not started without a token', () => {
    const { sent } = mockFetch(() => jsonResponse(demoUser));
    startUserRequest(null);
    expect(sent).toHaveLength(0);
  });

  it('reads the cached user instead offline, asking the server nothing, and hands that read over once', async () => {
    const { sent } = mockFetch(() => jsonResponse(demoUser));
    await portalDatabase().session.clear();
    await cacheUser(demoUser);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    startUserRequest('token-a');
    await expect(takeCachedUser('token-a')).resolves.toEqual(demoUser);
    // Taken once: a later read (a retry) reads the cache as it is then.
    await portalDatabase().session.clear();
    await expect(takeCachedUser('token-a')).resolves.toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('does not leave when taken and aborted before the page was painted', async () => {
    const { sent } = mockFetch(() => jsonResponse(demoUser));
    startUserRequest('token-a');
    const request = takeUserRequest('token-a');
    request.controller.abort();
    await expect(request.promise).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(0);
  });

  it('is aborted by whoever took it', async () => {
    const { sent } = mockFetch(
      (request) => new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
    );
    startUserRequest('token-a');
    const request = takeUserRequest('token-a');
    await vi.waitFor(() => expect(requestsTo(sent, USER_PATH)).toHaveLength(1));
    request.controller.abort();
    await expect(request.promise).rejects.toThrow();
    expect(requestsTo(sent, USER_PATH)[0]!.signal.aborted).toBe(true);
  });

  it('fails quietly until taken', async () => {
    mockFetch(() => jsonResponse({ detail: 'Invalid token.' }, 401));
    startUserRequest('token-a');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(takeUserRequest('token-a').promise).rejects.toMatchObject({ status: 401 });
  });
});
