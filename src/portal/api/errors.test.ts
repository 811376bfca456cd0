import { HTTPError, TimeoutError } from 'ky';
import { toApiError } from './client';
import { ApiError, NETWORK_FAILURE_MESSAGE, TIMEOUT_MESSAGE, readableMessage } from './errors';

// A network failure reads as a sentence a person understands, never the browser's "Failed to fetch".
describe('what a person reads about a failure', () => {
  it('no answer at all is the network sentence, without the browser text', async () => {
    const error = await toApiError(new TypeError('Failed to fetch'));
    expect(error).toMatchObject({ status: 0, message: NETWORK_FAILURE_MESSAGE });
    expect(error.message).not.toContain('Failed to fetch');
    expect(readableMessage(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(NETWORK_FAILURE_MESSAGE);
    expect(readableMessage(new TypeError('Load failed'))).toBe(NETWORK_FAILURE_MESSAGE);
  });

  it('a timeout says the server took too long', async () => {
    const request = new Request('http://127.0.0.1/api/v1/category/');
    const timeout = new TimeoutError(request);
    expect((await toApiError(timeout)).message).toBe(TIMEOUT_MESSAGE);
    expect(readableMessage(timeout)).toBe(TIMEOUT_MESSAGE);
  });

  it('a server failure without a message of its own says what happened, not a bare status', async () => {
    const request = new Request('http://127.0.0.1/api/v1/category/');
    const answer = (status: number) => new HTTPError(new Response('<html>oops</html>', { status }), request, {} as never);
    expect((await toApiError(answer(503))).message).toBe('The server ran into a problem (error 503). Try again in a moment.');
    expect((await toApiError(answer(429))).message).toBe('The server is busy. Try again in a moment.');
  });

  it("keeps the server's own message", async () => {
    expect(readableMessage(new ApiError(400, 'This field may not be blank.'))).toBe('This field may not be blank.');
  });
});
