import { listenForHints, ServerConnection } from '../../lib/server-connection';
import { apiBaseUrl } from './base-url';

/** A probe that gets no answer within this long counts as none: a hung server must not look reachable. */
const PROBE_TIMEOUT_MS = 5_000;

/** GET /api/health: the lightest request the server answers, without the session's token. */
async function probeHealth(): Promise<number> {
  const response = await fetch(new URL('api/health', apiBaseUrl()), {
    cache: 'no-store',
    credentials: 'omit',
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  return response.status;
}

/**
 * The portal's connection to the server: "Online" in the top bar, what the sync engine's replay and the live
 * screens follow. Every request of the HTTP client (client.ts) feeds it; the sync engine's start starts its probes
 * and its listening to the browser's hints.
 */
export const serverConnection = new ServerConnection({
  probe: probeHealth,
  visible: () => typeof document === 'undefined' || document.visibilityState === 'visible',
  listen: (connection) => {
    if (typeof window !== 'undefined') listenForHints(connection, window, document);
  },
});
