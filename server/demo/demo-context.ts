import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { UploadStore } from '../http/uploads';

/** What each demo step (server/demo/<resource>.ts, listed in seed.ts) gets: the demo client to fill. */
export interface DemoContext {
  db: Kysely<Database>;
  clock: Clock;
  clientId: number;
  userId: number;
  /** Where demo images are stored; without it the demo has no images. */
  uploads?: UploadStore;
  /** The player app's address for the demo client (PUBLIC_URL or PORTAL_URL + /play/). */
  viewerAppUrl?: string;
}
