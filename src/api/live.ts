import { z } from 'zod';
import { requestJson } from './client';

// GET /api/v1/live-config/ (the project's server): where the live channel's Firebase client connects.
// Read at run time so one build works with the local server and with any real Firebase project.

export const liveConfigSchema = z.object({
  databaseURL: z.string().min(1),
  /** The local RTDB server: connectDatabaseEmulator(host, port). Null for a real Firebase project. */
  emulator: z.object({ host: z.string().min(1), port: z.number().int().positive() }).nullable(),
  /** Extra Firebase web config of a real project (apiKey, projectId, appId, authDomain). */
  firebase: z.record(z.string(), z.string()).default({}),
});

export type LiveConfig = z.infer<typeof liveConfigSchema>;

export async function fetchLiveConfig(signal?: AbortSignal): Promise<LiveConfig> {
  return liveConfigSchema.parse(await requestJson<unknown>('api/v1/live-config/', { signal }));
}
