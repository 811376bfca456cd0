import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import FirebaseServer from 'firebase-server';
import { OWNER_SECRET } from './live-config';

// The local stand-in for a Firebase Realtime Database (TOOLCHAIN.md: the official emulator cannot run
// here). firebase-server speaks the RTDB websocket protocol; patches/firebase-server+1.1.0.patch makes
// the owner secret bypass the rules (firebase-admin), checks each connection as its own user, answers
// get() and unlisten. Data lives in memory: the publisher republishes every quiz when it starts.
// firebase-server is a development dependency: live-channel.ts imports this module only when it starts
// the local server, so a production install (without it) runs against a real Firebase project.

export { OWNER_SECRET };

export interface LocalRtdb {
  host: string;
  port: number;
  /** What firebase-admin and the portal are given as databaseURL. */
  databaseURL: string;
  /** Takes a websocket upgrade another server received (the API's port, embedded-live-channel.ts). */
  acceptUpgrade(request: UpgradeRequest, socket: Socket, head: Buffer): void;
  close(): Promise<void>;
}

/** What the websocket handshake needs of the request that asked for it. */
export interface UpgradeRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** firebase-server's websocket server (private in its types): ws 7's handleUpgrade. */
interface WebSocketServer {
  handleUpgrade(request: UpgradeRequest, socket: Socket, head: Buffer, done: (client: unknown) => void): void;
  emit(event: 'connection', client: unknown, request: UpgradeRequest): boolean;
}

export interface LocalRtdbOptions {
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /** Try a free port when `port` is taken (the default port may be in use by another checkout). */
  fallbackToFreePort?: boolean;
  /** The `rules` object of database.rules.json; the repository's when omitted. */
  rules?: object;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * The repository's database.rules.json, found from this module up: it runs from server/live/ (tsx) or from
 * dist-server/chunks/ (the compiled server), both inside the repository.
 */
export function repositoryRules(): object {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(directory, 'database.rules.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as object;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('database.rules.json not found above the server');
    directory = parent;
  }
}

export async function startLocalRtdb(options: LocalRtdbOptions): Promise<LocalRtdb> {
  const host = options.host ?? '127.0.0.1';
  // Plain HTTP requests get a 404; only the websocket upgrade matters.
  const http = createServer((_request, response) => response.writeHead(404).end());
  try {
    await listen(http, options.port, host);
  } catch (error) {
    if (!options.fallbackToFreePort || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await listen(http, 0, host);
  }
  const port = (http.address() as AddressInfo).port;
  const server = new FirebaseServer({ server: http }, `quiz-portal-${port}`);
  server.setAuthSecret(OWNER_SECRET);
  server.setRules(options.rules ?? repositoryRules());
  const sockets = (server as unknown as { wss: WebSocketServer }).wss;
  return {
    host,
    port,
    databaseURL: `http://${host}:${port}?ns=quiz-portal`,
    acceptUpgrade(request, socket, head) {
      sockets.handleUpgrade(request, socket, head, (client) => sockets.emit('connection', client, request));
    },
    async close() {
      await server.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
