import type { FastifyInstance } from 'fastify';
import type { Duplex } from 'node:stream';
import type { EmbeddedLiveChannel } from './embedded-live-channel';

// The embedded live channel on the API's own port: the Firebase client, pointed at the page's own host and
// port (connectDatabaseEmulator, see live-config-route.ts), opens `ws://host:port/.ws?v=5&ns=...`; that
// upgrade goes to the channel, any other is refused. So a phone needs only the address it opened
// (docs/live-channel.md).

/** The RTDB protocol's websocket path. */
export function isLiveChannelPath(url: string | undefined): boolean {
  return url === '/.ws' || (url?.startsWith('/.ws?') ?? false);
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Call before the app listens (it adds a close hook). */
export function acceptLiveUpgrades(app: FastifyInstance, channel: Pick<EmbeddedLiveChannel, 'acceptUpgrade' | 'closeViewers'>): void {
  let closing = false;
  app.server.on('upgrade', (request, socket, head) => {
    if (closing) refuse(socket, '503 Service Unavailable');
    else if (!isLiveChannelPath(request.url)) refuse(socket, '404 Not Found');
    else channel.acceptUpgrade(request, socket, head);
  });
  // Closing the server waits for the sockets handed to the channel: the phones' connections go first.
  app.addHook('preClose', async () => {
    closing = true;
    await channel.closeViewers().catch((error: unknown) => app.log.warn({ err: error }, 'live channel: viewers not closed'));
  });
}
