import { readFileSync } from 'node:fs';

// Where the live channel lives (docs/decisions.md "Live quiz state"). With FIREBASE_DATABASE_URL set, a real Firebase project
// (firebase-admin signs in with FIREBASE_SERVICE_ACCOUNT). With FIREBASE_DATABASE_EMULATOR_HOST (host:port),
// a local stand-in already running, which several server instances share (the multi-instance tests).
// Without either, the API server starts the local RTDB server (local-rtdb.ts) itself, so `npm start`,
// `npm run dev` and the e2e server need no extra step.

type Env = Record<string, string | undefined>;

/** The Firebase web config the portal initialises its client with (public values by Firebase's design). */
export interface FirebaseClientOptions {
  apiKey?: string;
  projectId?: string;
  appId?: string;
  authDomain?: string;
}

export type LiveSettings =
  | { kind: 'firebase'; databaseURL: string; serviceAccount: object | null; client: FirebaseClientOptions }
  | { kind: 'emulator'; host: string; port: number }
  | { kind: 'local'; host: string; port: number; portIsDefault: boolean };

/** The credential firebase-admin sends to an emulator (it connects as "owner"); the local server takes it. */
export const OWNER_SECRET = 'owner';

export const DEFAULT_LOCAL_PORT = 9000;

/** FIREBASE_SERVICE_ACCOUNT is either the JSON itself or the path of its file. */
function serviceAccountOf(raw: string | undefined): object | null {
  const value = raw?.trim();
  if (!value) return null;
  const json = value.startsWith('{') ? value : readFileSync(value, 'utf8');
  try {
    return JSON.parse(json) as object;
  } catch {
    throw new Error('FIREBASE_SERVICE_ACCOUNT must be a service account JSON or the path of one');
  }
}

function isPort(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 65535;
}

export function loadLiveSettings(env: Env = process.env): LiveSettings {
  const databaseURL = env.FIREBASE_DATABASE_URL?.trim();
  if (databaseURL) {
    const client: FirebaseClientOptions = {};
    if (env.FIREBASE_API_KEY?.trim()) client.apiKey = env.FIREBASE_API_KEY.trim();
    if (env.FIREBASE_PROJECT_ID?.trim()) client.projectId = env.FIREBASE_PROJECT_ID.trim();
    if (env.FIREBASE_APP_ID?.trim()) client.appId = env.FIREBASE_APP_ID.trim();
    if (env.FIREBASE_AUTH_DOMAIN?.trim()) client.authDomain = env.FIREBASE_AUTH_DOMAIN.trim();
    return { kind: 'firebase', databaseURL, serviceAccount: serviceAccountOf(env.FIREBASE_SERVICE_ACCOUNT), client };
  }
  const emulator = env.FIREBASE_DATABASE_EMULATOR_HOST?.trim();
  if (emulator) {
    const match = /^([^:\s]+):(\d+)$/.exec(emulator);
    const port = Number(match?.[2]);
    if (!match?.[1] || !isPort(port) || port === 0) throw new Error(`FIREBASE_DATABASE_EMULATOR_HOST must be host:port, got "${emulator}"`);
    return { kind: 'emulator', host: match[1], port };
  }
  const rawPort = env.FIREBASE_EMULATOR_PORT?.trim();
  const port = rawPort ? Number(rawPort) : DEFAULT_LOCAL_PORT;
  if (!isPort(port)) throw new Error(`FIREBASE_EMULATOR_PORT must be a port number, got "${rawPort}"`);
  return { kind: 'local', host: env.FIREBASE_EMULATOR_HOST?.trim() || '127.0.0.1', port, portIsDefault: !rawPort };
}
