import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from './connect';
import { migrateToLatest, pendingMigrations } from './migrate';
import { openConfiguredDatabase, openDatabaseForServing } from './open';

// Migrations are their own step (`npm run migrate`), safe when several instances run it at once; a server
// refuses to serve a database whose schema is behind unless told to migrate it itself (MIGRATE_ON_BOOT=1).

const pgUrl = process.env.TEST_DATABASE_URL;
let dataDir: string;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function sqliteConfig(env: Record<string, string> = {}) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-migrate-'));
  return loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', ...env });
}

async function migrationNames(db: Parameters<typeof pendingMigrations>[0]): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

describe.skipIf(pgUrl)('on SQLite', () => {
  it('migrates once when two processes start together', async () => {
    const config = sqliteConfig();
    const [first, second] = await Promise.all([openConfiguredDatabase(config), openConfiguredDatabase(config)]);
    try {
      const names = await migrationNames(first.db);
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names).size).toBe(names.length);
      expect(await pendingMigrations(second.db, 'sqlite')).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('serves only a migrated database, unless MIGRATE_ON_BOOT=1', async () => {
    const config = sqliteConfig();
    await expect(openDatabaseForServing(config)).rejects.toThrow(/not up to date.*npm run migrate.*MIGRATE_ON_BOOT=1/);
    const migrated = await openDatabaseForServing({ ...config, migrateOnBoot: true });
    await migrated.close();
    const served = await openDatabaseForServing(config);
    expect(await pendingMigrations(served.db, 'sqlite')).toEqual([]);
    await served.close();
  });
});

describe.skipIf(!pgUrl)('on PostgreSQL', () => {
  it('migrates once when two instances start together (advisory lock)', async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const handles = [1, 2].map(() => openDatabase({ databaseUrl: pgUrl ?? null, sqlitePath: ':memory:', pgSchema: schema, poolMax: 2 }));
    try {
      expect(await pendingMigrations(handles[0]!.db, 'postgres', schema)).not.toEqual([]);
      await Promise.all(handles.map((handle) => migrateToLatest(handle.db, 'postgres', schema)));
      const names = await migrationNames(handles[0]!.db);
      expect(new Set(names).size).toBe(names.length);
      expect(await pendingMigrations(handles[1]!.db, 'postgres', schema)).toEqual([]);
      expect(handles[0]!.poolUse()).toMatchObject({ dialect: 'postgres', waiting: 0 });
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });
});
