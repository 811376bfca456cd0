import { randomBytes } from 'node:crypto';
import { applicationDefault, cert, deleteApp, initializeApp, type App, type Credential, type ServiceAccount } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { DEFAULT_LOCAL_PORT, type FirebaseClientOptions, type LiveSettings } from './live-config';
import { OWNER_SECRET, startLocalRtdb } from './local-rtdb';

// Opens the server's side of the live channel: firebase-admin on the configured project, or on the
// local RTDB server started here. Also says what the portal needs to connect (GET /api/v1/live-config/).

/** What the portal is told (see src/api/live.ts, which parses the same shape). */
export interface LiveClientConfig {
  databaseURL: string;
  /** Set when the database is the local server: the client calls connectDatabaseEmulator(host, port). */
  emulator: { host: string; port: number } | null;
  /** Extra Firebase web config of a real project (apiKey, projectId...); empty for the local server. */
  firebase: FirebaseClientOptions;
}

export interface LiveChannel {
  database: Database;
  clientConfig: LiveClientConfig;
  close(): Promise<void>;
}

/** firebase-admin asks its credential for a token even against an emulator, which only wants "owner". */
const ownerCredential: Credential = {
  getAccessToken: () => Promise.resolve({ access_token: OWNER_SECRET, expires_in: 3600 }),
};

function adminApp(databaseURL: string, credential: Credential): App {
  // A unique name, so tests (and a restart in one process) can open several channels side by side.
  return initializeApp({ databaseURL, credential }, `live-${randomBytes(6).toString('hex')}`);
}

export async function openLiveChannel(settings: LiveSettings): Promise<LiveChannel> {
  if (settings.kind === 'firebase') {
    const credential = settings.serviceAccount ? cert(settings.serviceAccount as ServiceAccount) : applicationDefault();
    const app = adminApp(settings.databaseURL, credential);
    return {
      database: getDatabase(app),
      clientConfig: { databaseURL: settings.databaseURL, emulator: null, firebase: settings.client },
      close: () => deleteApp(app),
    };
  }
  const local = await startLocalRtdb({
    host: settings.host,
    port: settings.port,
    // The default port may be held by another checkout; the portal learns the real port anyway.
    fallbackToFreePort: settings.portIsDefault && settings.port === DEFAULT_LOCAL_PORT,
  });
  const app = adminApp(local.databaseURL, ownerCredential);
  return {
    database: getDatabase(app),
    clientConfig: { databaseURL: local.databaseURL, emulator: { host: local.host, port: local.port }, firebase: {} },
    async close() {
      await deleteApp(app);
      await local.close();
    },
  };
}
