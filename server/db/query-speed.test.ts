import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './connect';
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
