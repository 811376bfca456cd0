import { randomBytes } from 'node:crypto';
import { applicationDefault, cert, deleteApp, initializeApp, type App, type Credential, type ServiceAccount } from 'firebase-admin/app';
import { getDatabase, type DataSnapshot, type Database } from 'firebase-admin/database';
import { startEmbeddedLiveChannel, type EmbeddedLiveChannel } from './embedded-live-channel';
import { DEFAULT_LOCAL_PORT, OWNER_SECRET, type FirebaseClientOptions, type LiveSettings } from './live-config';

// Opens the server's side of the live channel: firebase-admin on the configured project, on a local
// stand-in already running, or on the embedded RTDB server started here in a process of its own
// (embedded-live-channel.ts). Also says what the portal needs to connect (GET /api/v1/live-config/).

/** What the portal is told (see src/portal/api/live.ts, which parses the same shape). */
export interface LiveClientConfig {
  databaseURL: string;
  /** Set when the database is the local server: the client calls connectDatabaseEmulator(host, port). */
  emulator: { host: string; port: number } | null;
  /** Extra Firebase web config of a real project (apiKey, projectId...); empty for the local server. */
  firebase: FirebaseClientOptions;
}

export interface LiveChannel {
  database: Database;
  /** Where a client connects directly; for the embedded channel, its own port (phones use the API's). */
  clientConfig: LiveClientConfig;
  /** The embedded channel, which takes the phones' websockets from the API's port (live-upgrade.ts); else null. */
  embedded: Pick<EmbeddedLiveChannel, 'pid' | 'acceptUpgrade' | 'closeViewers'> | null;
  /** Resolves while firebase-admin is connected to the database (GET /api/ready); rejects after a wait. */
  checkReachable(): Promise<void>;
  close(): Promise<void>;
}

/** How long the readiness check waits for a connection that is being (re)made. */
const CONNECT_WAIT_MS = 3000;

/** firebase-admin asks its credential for a token even against an emulator, which only wants "owner". */
const ownerCredential: Credential = {
  getAccessToken: () => Promise.resolve({ access_token: OWNER_SECRET, expires_in: 3600 }),
};

function adminApp(databaseURL: string, credential: Credential): App {
  // A unique name, so tests (and a restart in one process) can open several channels side by side.
  return initializeApp({ databaseURL, credential }, `live-${randomBytes(6).toString('hex')}`);
}

/** Firebase's own flag for the client's connection (`.info/connected`), waited for a moment if false. */
function connected(database: Database): Promise<void> {
  const flag = database.ref('.info/connected');
  return new Promise((resolve, reject) => {
    // Called at once when the flag is known, possibly before on() returns.
    const onFlag = (snapshot: DataSnapshot) => {
      if (snapshot.val() !== true) return;
      clearTimeout(timer);
      flag.off('value', onFlag);
      resolve();
    };
    const timer = setTimeout(() => {
      flag.off('value', onFlag);
      reject(new Error(`live channel not connected after ${CONNECT_WAIT_MS} ms`));
    }, CONNECT_WAIT_MS);
    flag.on('value', onFlag);
  });
}

function channelOn(app: App, clientConfig: LiveClientConfig, embedded: EmbeddedLiveChannel | null = null): LiveChannel {
  const database = getDatabase(app);
  return {
    database,
    clientConfig,
    embedded,
    checkReachable: () => connected(database),
    async close() {
      await deleteApp(app);
      await embedded?.close();
    },
  };
}

export async function openLiveChannel(settings: LiveSettings): Promise<LiveChannel> {
  if (settings.kind === 'firebase') {
    const credential = settings.serviceAccount ? cert(settings.serviceAccount as ServiceAccount) : applicationDefault();
    return channelOn(adminApp(settings.databaseURL, credential), {
      databaseURL: settings.databaseURL,
      emulator: null,
      firebase: settings.client,
    });
  }
  if (settings.kind === 'emulator') {
    const databaseURL = `http://${settings.host}:${settings.port}?ns=quiz-portal`;
    return channelOn(adminApp(databaseURL, ownerCredential), {
      databaseURL,
      emulator: { host: settings.host, port: settings.port },
      firebase: {},
    });
  }
  const local = await startEmbeddedLiveChannel({
    host: settings.host,
    port: settings.port,
    // The default port may be held by another checkout; the portal learns the real port anyway.
    fallbackToFreePort: settings.portIsDefault && settings.port === DEFAULT_LOCAL_PORT,
  });
  return channelOn(
    adminApp(local.databaseURL, ownerCredential),
    { databaseURL: local.databaseURL, emulator: { host: local.host, port: local.port }, firebase: {} },
    local,
  );
}
