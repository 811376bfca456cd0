import type { Socket } from 'node:net';
import type { LocalRtdb, LocalRtdbOptions } from './local-rtdb';
import type { ChildMessage, ParentMessage } from './live-channel-messages';

// The embedded live channel's own process (forked by embedded-live-channel.ts): the local RTDB server runs
// here, so its fan-out to every phone never waits behind the API's requests, nor they behind it. The API
// server hands over each phone's websocket (the socket itself, after the upgrade request) and firebase-admin
// connects to this process's port directly. It exits when told to stop or when the API server goes away.

let local: LocalRtdb | null = null;
/** The phones' sockets handed over by the API server (firebase-admin's own connection is not among them). */
const viewers = new Set<Socket>();

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function start(options: LocalRtdbOptions): Promise<void> {
  try {
    const { startLocalRtdb } = await import('./local-rtdb');
    local = await startLocalRtdb(options);
    send({ type: 'ready', host: local.host, port: local.port });
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String(error).includes("'firebase-server'");
    send({ type: 'failed', message: String((error as Error).stack ?? error), missingPackage: missing });
    process.exit(1);
  }
}

function accept(message: Extract<ParentMessage, { type: 'upgrade' }>, socket: Socket | undefined): void {
  if (!socket) return;
  if (!local) {
    socket.destroy();
    return;
  }
  viewers.add(socket);
  socket.once('close', () => viewers.delete(socket));
  local.acceptUpgrade(message.request, socket, Buffer.from(message.head, 'base64'));
}

async function stop(): Promise<void> {
  for (const socket of viewers) socket.destroy();
  await local?.close();
  process.exit(0);
}

process.on('message', (message: ParentMessage, handle: unknown) => {
  switch (message.type) {
    case 'start':
      void start(message.options);
      return;
    case 'upgrade':
      accept(message, handle as Socket | undefined);
      return;
    case 'close-viewers':
      for (const socket of viewers) socket.destroy();
      send({ type: 'viewers-closed' });
      return;
    case 'stop':
      void stop();
  }
});
// The API server is gone (killed, crashed): nobody can reach this channel any more.
process.on('disconnect', () => process.exit(0));
