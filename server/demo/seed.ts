import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { DemoContext } from './demo-context';
import { createClientWithAdmin } from '../accounts/clients';
import type { UploadStore } from '../http/uploads';
import { seedDemoClientSettings, seedDemoViewersAndAttempts } from './attempts-viewers';
import { seedCategoriesAndQuestions } from './categories-questions';
import { seedDemoQuizzes } from './quizzes';
import { seedDemoPolls } from './polls';
import { seedDemoPlay } from './play';

export const DEMO_CLIENT_NAME = 'Demo Quiz Co';

/**
 * The demo content after the client and its admin, in order (later steps may read what earlier ones
 * made, e.g. questions need categories). A resource adds its step here from server/demo/<resource>.ts.
 */
export const demoSteps: ((demo: DemoContext) => Promise<void>)[] = [
  seedCategoriesAndQuestions,
  seedDemoQuizzes,
  seedDemoPolls,
  seedDemoClientSettings,
  seedDemoViewersAndAttempts,
  seedDemoPlay,
];

/** On an empty database, creates the demo client, its admin and the demo content. Returns whether it did. */
export async function seedDemo(
  db: Kysely<Database>,
  clock: Clock,
  admin: { email: string; password: string; viewerAppUrl?: string },
  uploads?: UploadStore,
): Promise<boolean> {
  const existing = await db.selectFrom('clients').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const { clientId, userId } = await createClientWithAdmin(db, clock, {
    name: DEMO_CLIENT_NAME,
    email: admin.email,
    password: admin.password,
    username: 'admin',
    pollEnabled: true,
    socialAuth: true,
    viewerAppUrl: admin.viewerAppUrl,
  });
  for (const step of demoSteps) await step({ db, clock, clientId, userId, uploads, viewerAppUrl: admin.viewerAppUrl });
  return true;
}
