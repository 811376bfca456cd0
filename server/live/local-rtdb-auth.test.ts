import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OWNER_SECRET, startLocalRtdb, type LocalRtdb } from './local-rtdb';

// The patched firebase-server checks each request as its own connection's user. As published, the
// rules engine kept the auth of the last write, so an anonymous connection writing after a signed-in
// one was judged as that user. Spoken at the protocol level: the web SDK cannot sign in offline.

interface RawSocket {
  on(event: 'open' | 'error', listener: (error?: Error) => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  send(data: string): void;
  close(): void;
}
// ws ships without types here; only the calls above are used.
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => RawSocket;

const RULES = { rules: { users: { $uid: { '.read': true, '.write': 'auth != null && auth.uid == $uid' } } } };

function customToken(uid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ typ: 'JWT', alg: 'HS256' })}.${part({ v: 0, iat: Math.floor(Date.now() / 1000), d: { uid } })}`;
  return `${unsigned}.${createHmac('sha256', OWNER_SECRET).update(unsigned).digest('base64url')}`;
}

/** A raw RTDB connection: request(action, body) resolves with the answer's status ('ok', 'permission_denied'...). */
async function connect(server: LocalRtdb) {
  const socket = new WebSocket(`ws://${server.host}:${server.port}/.ws?v=5&ns=quiz-portal`);
  const waiting = new Map<number, (status: string) => void>();
  let next = 1;
  socket.on('message', (data) => {
    const text = data.toString();
    if (/^\d+$/.test(text)) return;
    const message = JSON.parse(text) as { d: { r?: number; b?: { s?: string } } };
    if (message.d.r !== undefined) waiting.get(message.d.r)?.(message.d.b?.s ?? '');
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return {
    request(action: string, body: object): Promise<string> {
      const r = next++;
      return new Promise((resolve) => {
        waiting.set(r, resolve);
        socket.send(JSON.stringify({ t: 'd', d: { r, a: action, b: body } }));
      });
    },
    close: () => socket.close(),
  };
}

let server: LocalRtdb;
beforeAll(async () => {
  server = await startLocalRtdb({ port: 0, rules: RULES });
});
afterAll(async () => {
  await server.close();
});

it("judges an anonymous write as anonymous after a signed-in user's write", async () => {
  const alice = await connect(server);
  const anonymous = await connect(server);
  expect(await alice.request('auth', { cred: customToken('alice') })).toBe('ok');
  expect(await alice.request('p', { p: '/users/alice', d: 1 })).toBe('ok');
  expect(await anonymous.request('p', { p: '/users/alice', d: 2 })).toBe('permission_denied');
  expect(await alice.request('p', { p: '/users/alice', d: 3 })).toBe('ok');
  alice.close();
  anonymous.close();
});
