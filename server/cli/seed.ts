import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openDatabaseForServing } from '../db/open';
import { defaultViewerAppUrl } from '../play/viewer-app-url';
import { seedDemo } from '../demo/seed';
import { UploadStore } from '../http/uploads';
import { openMediaStorage } from '../storage/open-storage';

// npm run seed: the demo client, its admin (DEMO_EMAIL / DEMO_PASSWORD) and its content, on an empty
// database only (a database with any client is left alone). `npm start` runs it; production does not.

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabaseForServing(config);
  const uploads = new UploadStore(openMediaStorage(config));
  try {
    const seeded = await seedDemo(
      database.db,
      systemClock,
      { email: config.demoEmail, password: config.demoPassword, viewerAppUrl: defaultViewerAppUrl(config) },
      uploads,
    );
    console.info(seeded ? 'Demo data created on the empty database.' : 'The database already has clients: no demo data added.');
    const demoAdmin = await database.db.selectFrom('users').select('id').where('email', '=', config.demoEmail).executeTakeFirst();
    if (demoAdmin) console.info(`Demo login: ${config.demoEmail} / ${config.demoPassword}`);
  } finally {
    await uploads.storage.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
