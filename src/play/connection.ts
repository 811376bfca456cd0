import { useSyncExternalStore } from 'react';
import { listenForHints, ServerConnection, type ConnectionState } from '../lib/server-connection';
import { livePresence } from './live-presence';

// The player app's connection to the server (lib/server-connection.ts): every call of http.ts feeds it, the
// offline notice, the answer queue and the live channel's retries follow it. Its own, not the portal's: a player's
// phone loads none of the portal.

/** A probe that gets no answer within this long counts as none. */
const PROBE_TIMEOUT_MS = 5_000;

async function probeHealth(): Promise<number> {
  const response = await fetch('/api/health', { cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  return response.status;
}

/** Started by main.tsx. */
export const playConnection = new ServerConnection({
  probe: probeHealth,
  visible: () => document.visibilityState === 'visible',
  listen: (connection) => listenForHints(connection, window, document),
  // A live channel connected to this same server keeps a phone in a lobby online without probes (live-presence.ts).
  heardElsewhere: livePresence.isConnected,
});

/** The connection's state, kept current. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(playConnection.subscribe, playConnection.getState);
}

/** Whether the server is not known to be unreachable: the offline notice shows once it is. */
export function useOnline(): boolean {
  return useConnectionState() !== 'offline';
}
