import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestServer, type TestServer } from '../test/support';

// A slow or idle sender cannot hold a connection. A real server on 127.0.0.1 with short limits;
// each test waits for the server to close the socket (no timing is asserted, only that it closes and how).

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await createTestServer({
    env: { HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '600', KEEP_ALIVE_TIMEOUT_MS: '300', MAX_REQUESTS_PER_SOCKET: '2' },
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(() => server.close());

/** Opens a socket, writes `chunks` (a function may write more later), and resolves with all it read once closed. */
function exchange(write: (socket: Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => write(socket));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe('connection limits', () => {
  it('closes a connection whose headers never finish, answering 408', async () => {
    const answer = await exchange((socket) => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: '));
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body never finishes, answering 408', async () => {
    const answer = await exchange((socket) =>
      socket.write('POST /api/v1/accounts/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em'),
    );
    expect(answer).toMatch(/408/);
  });

  it('closes an idle keep-alive connection after its answer, and ends one after MAX_REQUESTS_PER_SOCKET requests', async () => {
    const idle = await exchange((socket) => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(idle).toMatch(/^HTTP\/1\.1 200/);
    expect(idle).toMatch(/Keep-Alive: timeout=0|keep-alive/i);
    const twice = await exchange((socket) =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\nGET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'),
    );
    expect(twice.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    expect(twice).toMatch(/Connection: close/i);
  });
});

describe('configuration', () => {
  it('has defaults, reads the environment, and refuses a header timeout over the request timeout', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 65_000,
      connectionTimeoutMs: 120_000,
      maxRequestsPerSocket: 1000,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000' }).headersTimeoutMs).toBe(5000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '0' })).toThrow(/at least 1/);
  });
});
