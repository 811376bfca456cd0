import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';

// npm run migrate: brings the database's schema up to date, once, before the servers start. Several
// instances running it together is safe (db/migration-lock.ts): one migrates, the others find it done.

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await database.close();
  console.info(`Database schema up to date (${config.databaseUrl ? 'PostgreSQL' : `SQLite ${config.sqlitePath}`}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
