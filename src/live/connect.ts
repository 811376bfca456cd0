import type { Database } from 'firebase/database';
import type * as firebaseDatabase from 'firebase/database';
import { fetchLiveConfig } from './live-config';

// One Firebase client per page, created on first use. firebase/app and firebase/database are imported
// dynamically so they stay out of the main bundle (about 42 kB gzip) until a screen subscribes.

// A type-only use: the module itself is loaded with import() below.
type DatabaseModule = typeof firebaseDatabase;

export interface LiveConnection {
  database: Database;
  /** The loaded firebase/database module (ref, onValue...), so callers need no import of their own. */
  sdk: DatabaseModule;
}

let connecting: Promise<LiveConnection> | null = null;

async function open(): Promise<LiveConnection> {
  const [config, app, sdk] = await Promise.all([fetchLiveConfig(), import('firebase/app'), import('firebase/database')]);
  // The local RTDB server has no long-polling transport; real Firebase works over websockets too.
  sdk.forceWebSockets();
  const firebaseApp = app.initializeApp({ ...config.firebase, databaseURL: config.databaseURL }, 'quiz-portal-live');
  const database = sdk.getDatabase(firebaseApp);
  if (config.emulator) sdk.connectDatabaseEmulator(database, config.emulator.host, config.emulator.port);
  return { database, sdk };
}

/**
 * The page's live connection, opened on the first call (later calls share it). A failed attempt (no
 * network, server down) is forgotten, so the next call tries again.
 */
export function connectLive(): Promise<LiveConnection> {
  connecting ??= open().catch((error: unknown) => {
    connecting = null;
    throw error;
  });
  return connecting;
}
