import { mkdirSync } from 'node:fs';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './connect';
import { migrateToLatest, pendingMigrations } from './migrate';
import { withSqliteMigrationLock } from './migration-lock';

function open(config: Config): DatabaseHandle {
  if (!config.databaseUrl && config.sqlitePath !== ':memory:') mkdirSync(config.dataDir, { recursive: true });
  return openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, poolMax: config.pgPoolMax });
}

async function closingOnError<T>(handle: DatabaseHandle, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Brings the schema up to date; safe when several processes do it at once (see migration-lock.ts). */
async function migrate(handle: DatabaseHandle, config: Config): Promise<void> {
  if (handle.dialect === 'sqlite' && config.sqlitePath !== ':memory:') {
    await withSqliteMigrationLock(`${config.sqlitePath}.migrate-lock`, () => migrateToLatest(handle.db, handle.dialect));
  } else {
    await migrateToLatest(handle.db, handle.dialect);
  }
}

/** Opens the configured database (creating DATA_DIR for SQLite) and brings its schema up to date. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = open(config);
  await closingOnError(handle, () => migrate(handle, config));
  return handle;
}

/**
 * Opens the database the server serves: migrated first with MIGRATE_ON_BOOT=1, otherwise refused while
 * migrations are pending (`npm run migrate` runs them, once, before the servers start).
 */
export async function openDatabaseForServing(config: Config): Promise<DatabaseHandle> {
  if (config.migrateOnBoot) return openConfiguredDatabase(config);
  const handle = open(config);
  const pending = await closingOnError(handle, () => pendingMigrations(handle.db, handle.dialect));
  if (pending.length > 0) {
    await handle.close();
    throw new Error(
      `The database schema is not up to date (${pending.length} migration(s) pending: ${pending.join(', ')}). ` +
        'Run `npm run migrate` first, or set MIGRATE_ON_BOOT=1.',
    );
  }
  return handle;
}
