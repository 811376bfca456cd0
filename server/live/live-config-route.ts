import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { LiveClientConfig } from './live-channel';

// GET /api/v1/live-config/: where the portal's Firebase client connects. Served at run time (not baked
// into the build) so one build works against the local server and any real project. Public: it holds
// nothing secret (a Firebase web config is public by design; the rules keep the data read-only).
// The embedded live channel is reached through the API's own port (live-upgrade.ts), so the answer names the
// address the page was opened at: PUBLIC_URL's host and port when set, else the request's Host (through a
// trusted proxy, the forwarded one). A phone on the venue's network then needs nothing but that address.

export interface LiveConfigOptions {
  /** A real Firebase project, or a stand-in at FIREBASE_DATABASE_EMULATOR_HOST: the same answer for everyone. */
  clientConfig: LiveClientConfig;
  /** The live channel is the embedded one, reached through this server's port. */
  throughApiPort: boolean;
  /** PUBLIC_URL (config.publicUrl). */
  publicUrl: string | null;
  /** Where the page is when the request names no usable host (PORTAL_URL). */
  fallbackUrl: string;
}

/** The embedded channel at an address of this server (the Firebase client's emulator settings). */
export function sameOriginClientConfig(address: { host: string; port: number }): LiveClientConfig {
  return {
    databaseURL: `http://${address.host}:${address.port}?ns=quiz-portal`,
    emulator: { host: address.host, port: address.port },
    firebase: {},
  };
}

function addressOf(url: string): { host: string; port: number } | null {
  try {
    const parsed = new URL(url);
    if (!parsed.hostname) return null;
    return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80 };
  } catch {
    return null;
  }
}

/** The host and port the page reached this server at. */
export function pageAddress(
  request: FastifyRequest,
  options: Pick<LiveConfigOptions, 'publicUrl' | 'fallbackUrl'>,
): { host: string; port: number } {
  const fromRequest = options.publicUrl ?? `${request.protocol}://${request.host}`;
  return addressOf(fromRequest) ?? addressOf(options.fallbackUrl) ?? { host: '127.0.0.1', port: 80 };
}

export const liveConfigRoutes: FastifyPluginAsync<LiveConfigOptions> = async (app, options) => {
  app.get('/api/v1/live-config/', async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return options.throughApiPort ? sameOriginClientConfig(pageAddress(request, options)) : options.clientConfig;
  });
};
