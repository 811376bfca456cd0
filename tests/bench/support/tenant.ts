import type { Kysely } from 'kysely';
import { createClientWithAdmin } from '../../../server/accounts/clients';
import { systemClock } from '../../../server/clock';
import { created } from '../../../server/db/rows';
import type { Database } from '../../../server/db/schema';

// Seeding shared by the server benchmarks: one client with its admin, and its rows inserted in bulk.

export const BENCH_ADMIN = { email: 'bench@example.test', password: 'bench-password-2026' };

export async function seedClient(db: Kysely<Database>): Promise<number> {
  const { clientId } = await createClientWithAdmin(db, systemClock, { name: 'Bench client', ...BENCH_ADMIN, pollEnabled: true });
  return clientId;
}

/** Inserts rows in chunks of 500 (SQLite's variable limit stays far away) inside one transaction. */
export async function insertInChunks<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 500) {
      // The rows are built for `table` by the caller; Kysely cannot check a table chosen at run time.
      await trx
        .insertInto(table)
        .values(rows.slice(start, start + 500) as never)
        .execute();
    }
  });
}

/**
 * A client's question bank: the categories (20 by default) and `count` questions spread over them in turn,
 * each with four options. Returns the client's id.
 */
export async function seedQuestionBank(
  db: Kysely<Database>,
  count: number,
  options: { categoryNames?: readonly string[]; description?: (n: number) => string } = {},
): Promise<number> {
  const clientId = await seedClient(db);
  const names = options.categoryNames ?? Array.from({ length: 20 }, (_, i) => `Category ${i + 1}`);
  await insertInChunks(
    db,
    'categories',
    names.map((name) => ({ name, ...owned(clientId) })),
  );
  const categories = await db.selectFrom('categories').select('id').orderBy('id').execute();
  const description = options.description ?? ((n: number) => `Question ${n}: which of these is right?`);
  await insertInChunks(
    db,
    'questions',
    Array.from({ length: count }, (_, i) => ({
      description: description(i + 1),
      hint: '',
      options: 'A: first answer, B: second answer, C: third answer, D: fourth answer',
      correct_option: 'B',
      category_id: categories[i % categories.length]?.id,
      image: null,
      ...owned(clientId),
    })),
  );
  return clientId;
}

export function owned(clientId: number) {
  return created(systemClock, clientId);
}

export async function signIn(origin: string): Promise<{ authorization: string }> {
  const response = await fetch(`${origin}/api/v1/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { key } = (await response.json()) as { key: string };
  return { authorization: `Token ${key}` };
}
