import { requestJson } from './client';
import { serverConnection } from './connection';

// Every request of the portal's HTTP client tells the connection whether the server answered; the browser's
// navigator.onLine is never asked.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answering = (status: number) => vi.fn(async () => new Response(status === 204 ? null : '{}', { status }));

describe("the HTTP client's requests feed the server connection", () => {
  it('an answer is online, no answer or a proxy that could not reach the server is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', answering(200));
    await requestJson('api/v1/category/');
    expect(serverConnection.getState()).toBe('online');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(requestJson('api/v1/category/')).rejects.toMatchObject({ status: 0 });
    expect(serverConnection.getState()).toBe('offline');

    vi.stubGlobal('fetch', answering(404));
    await expect(requestJson('api/v1/category/')).rejects.toMatchObject({ status: 404 });
    expect(serverConnection.getState()).toBe('online');

    vi.stubGlobal('fetch', answering(502));
    await expect(requestJson('api/v1/category/')).rejects.toMatchObject({ status: 502 });
    expect(serverConnection.getState()).toBe('offline');
  });

  it('a request that times out is offline; one the caller aborts says nothing', async () => {
    vi.stubGlobal('fetch', answering(200));
    await requestJson('api/v1/category/');
    // What the browser's fetch does when the request's signal is aborted.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    await expect(requestJson('api/v1/category/')).rejects.toThrow();
    expect(serverConnection.getState()).toBe('online');

    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    await expect(requestJson('api/v1/category/', { timeout: 10 })).rejects.toMatchObject({ status: 0 });
    expect(serverConnection.getState()).toBe('offline');
  });
});
