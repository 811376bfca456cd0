import SQLite from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { namedStatement, openDatabase } from './connect';
import { migrateToLatest } from './migrate';

// What keeps busy lists fast on SQLite (tests/bench/server-questions.bench.ts measures it): prepared
// statements are reused, and pages of questions or quizzes and export batches of attempts are read from
// (client_id, id) indexes.

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SQLite query speed', () => {
  it('prepares a statement once and reuses it for the same SQL', async () => {
    const prepare = vi.spyOn(SQLite.prototype, 'prepare');
    const handle = openDatabase({ databaseUrl: null, sqlitePath: ':memory:' });
    try {
      for (let i = 0; i < 3; i += 1) await sql`select ${i} as value`.execute(handle.db);
      expect(prepare.mock.calls.filter(([text]) => text === 'select ? as value')).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });

  it('pages questions and quizzes newest first, and export batches of attempts, from an index without sorting the client’s rows', async () => {
    const handle = openDatabase({ databaseUrl: null, sqlitePath: ':memory:' });
    try {
      await migrateToLatest(handle.db, handle.dialect);
      const exportBatch = await sql<{
        detail: string;
      }>`explain query plan select id from attempts where client_id = 1 and id > 2000 order by id limit 2000`.execute(handle.db);
      expect(exportBatch.rows.map((row) => row.detail).join('\n')).toMatch(/USING (COVERING )?INDEX attempts_client_id_idx/);
      expect(exportBatch.rows.map((row) => row.detail).join('\n')).not.toContain('TEMP B-TREE');
      for (const table of ['questions', 'quizzes']) {
        const plan = await sql<{
          detail: string;
        }>`explain query plan select * from ${sql.table(table)} where client_id = 1 order by id desc limit 10 offset 20`.execute(handle.db);
        const details = plan.rows.map((row) => row.detail).join('\n');
        expect(details).toContain(`USING INDEX ${table}_client_id_idx`);
        expect(details).not.toContain('TEMP B-TREE');
      }
    } finally {
      await handle.close();
    }
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('PostgreSQL query speed', () => {
  it('prepares a text marked by namedStatement once per connection under its name, and no other text', async () => {
    const handle = openDatabase({ databaseUrl: pgUrl ?? null, sqlitePath: ':memory:', poolMax: 1 });
    try {
      const named = namedStatement('select cast($1 as integer) + 1 as value');
      const prepared = () =>
        sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(handle.db);
      for (let i = 0; i < 3; i += 1) {
        const result = await handle.db.executeQuery<{ value: number }>(CompiledQuery.raw(named, [i]));
        expect(result.rows).toEqual([{ value: i + 1 }]);
      }
      await sql`select ${1} as other`.execute(handle.db);
      // One connection: the statements above ran on the one this reads from.
      const statements = (await prepared()).rows;
      expect(statements.map((row) => row.statement)).toEqual([named]);
      expect(statements[0]?.name).toMatch(/^quiz_portal_\d+$/);
    } finally {
      await handle.close();
    }
  });
});
