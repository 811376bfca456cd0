import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LocalRtdbOptions } from './local-rtdb';
import type { ChildMessage, ParentMessage } from './live-channel-messages';

// The embedded live channel (the local RTDB server) in a child process of its own (live-channel-process.ts):
// its fan-out to a room of phones runs beside the API's event loop instead of on it. Phones reach it
// through the API's port: the API server hands each websocket upgrade's socket to the child, which then
// talks to the phone directly (the API process copies none of its bytes). firebase-admin, in the API
// process, connects to the child's own port on HOST (FIREBASE_EMULATOR_HOST/PORT). See docs/live-channel.md.

export interface EmbeddedLiveChannel {
  /** The child process's id. */
  pid: number;
  host: string;
  port: number;
  /** What firebase-admin is given as databaseURL (the child's own port). */
  databaseURL: string;
  /** Hands a websocket upgrade the API server received over to the channel's process. */
  acceptUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes the phones' connections (the API server's close waits for the sockets it handed over). */
  closeViewers(): Promise<void>;
  /** Stops the child process. */
  close(): Promise<void>;
}

/** How long a stopping child may take before it is killed. */
const STOP_WAIT_MS = 5000;

const MISSING_PACKAGE =
  'No live channel: FIREBASE_DATABASE_URL is not set, and the local stand-in (firebase-server, a development ' +
  'dependency) is not installed. Set FIREBASE_DATABASE_URL and FIREBASE_SERVICE_ACCOUNT (docs/deploy.md, "The Firebase project").';

/**
 * The child's module and how Node runs it: the TypeScript source through tsx when this module is the source
 * (tsx, vitest), else the compiled dist-server/live-channel-process.js (scripts/build-server.ts), found from
 * dist-server/ itself or from one of its chunks.
 */
function childModule(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const directory = path.dirname(here);
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { file: path.join(directory, 'live-channel-process.ts'), execArgv: ['--import', tsx] };
  }
  const candidates = [path.join(directory, 'live-channel-process.js'), path.join(directory, '..', 'live-channel-process.js')];
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`live-channel-process.js not found next to ${here}: run npm run build:server`);
  return { file, execArgv: ['--enable-source-maps'] };
}

function nextMessage<T extends ChildMessage['type']>(child: ChildProcess, type: T): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type === 'failed') {
        done();
        reject(new Error(message.missingPackage ? MISSING_PACKAGE : `live channel did not start: ${message.message}`));
      } else if (message.type === type) {
        done();
        resolve(message as Extract<ChildMessage, { type: T }>);
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      done();
      reject(new Error(`live channel process exited (${signal ?? code})`));
    };
    const done = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function send(child: ChildProcess, message: ParentMessage, socket?: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    const sent = (error: Error | null) => (error ? reject(error) : resolve());
    if (socket) child.send(message, socket, sent);
    else child.send(message, sent);
  });
}

/** An upgrade the channel cannot take: answered plainly and closed. */
function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export async function startEmbeddedLiveChannel(options: LocalRtdbOptions): Promise<EmbeddedLiveChannel> {
  const { file, execArgv } = childModule();
  const child = fork(file, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let running = true;
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    running = false;
    if (!stopping) console.error(`The live channel's process stopped (${signal ?? code}): phones no longer follow quizzes`);
  });
  const ready = nextMessage(child, 'ready');
  await send(child, { type: 'start', options });
  const { host, port } = await ready.catch(async (error: unknown) => {
    stopping = true;
    child.kill();
    await exited;
    throw error;
  });

  return {
    pid: child.pid ?? 0,
    host,
    port,
    databaseURL: `http://${host}:${port}?ns=quiz-portal`,
    acceptUpgrade(request, socket, head) {
      if (!running || stopping) {
        refuse(socket, '503 Service Unavailable');
        return;
      }
      const message: ParentMessage = {
        type: 'upgrade',
        request: { method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers },
        head: head.toString('base64'),
      };
      send(child, message, socket as Socket).catch(() => socket.destroy());
    },
    async closeViewers() {
      if (!running) return;
      const closed = nextMessage(child, 'viewers-closed');
      await send(child, { type: 'close-viewers' });
      await closed;
    },
    async close() {
      if (!running) return;
      stopping = true;
      const kill = setTimeout(() => child.kill('SIGKILL'), STOP_WAIT_MS);
      await send(child, { type: 'stop' }).catch(() => child.kill());
      await exited;
      clearTimeout(kill);
    },
  };
}
