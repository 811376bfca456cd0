import { mkdirSync } from 'node:fs';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './connect';
import { migrateToLatest } from './migrate';

/** Opens the configured database (creating DATA_DIR for SQLite) and brings its schema up to date. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (!config.databaseUrl && config.sqlitePath !== ':memory:') mkdirSync(config.dataDir, { recursive: true });
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(handle.db, handle.dialect);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
