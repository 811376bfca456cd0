import { z } from 'zod';

// GET /api/v1/live-config/ (the project's server): where the live channel's Firebase client connects.
// Read at run time so one build works with the local server and with any real Firebase project. A plain
// fetch, not the portal's HTTP client: the player app and the stage load src/live without the portal.

export const LIVE_CONFIG_PATH = 'api/v1/live-config/';

export const liveConfigSchema = z.object({
  databaseURL: z.string().min(1),
  /** The local RTDB server: connectDatabaseEmulator(host, port). Null for a real Firebase project. */
  emulator: z.object({ host: z.string().min(1), port: z.number().int().positive() }).nullable(),
  /** Extra Firebase web config of a real project (apiKey, projectId, appId, authDomain). */
  firebase: z.record(z.string(), z.string()).default({}),
});

export type LiveConfig = z.infer<typeof liveConfigSchema>;

/** The API's base as the portal's client reads it (VITE_API_BASE, else the page's own origin). */
function apiBase(): string {
  // `?.`: outside Vite import.meta.env is absent.
  const base = (import.meta.env?.VITE_API_BASE as string | undefined) || '/';
  return new URL(base.endsWith('/') ? base : `${base}/`, globalThis.location?.href ?? 'http://localhost/').href;
}

/** The live channel's connection settings; throws when the server cannot be reached or answers otherwise. */
export async function fetchLiveConfig(signal?: AbortSignal): Promise<LiveConfig> {
  const response = await fetch(new URL(LIVE_CONFIG_PATH, apiBase()), {
    headers: { Accept: 'application/json' },
    signal: signal ?? AbortSignal.timeout(20_000),
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`The live channel's settings could not be read (the server answered ${response.status}).`);
  return liveConfigSchema.parse(await response.json());
}
