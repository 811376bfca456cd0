import { Migrator, type Kysely, type Migration } from 'kysely';
import type { DialectName } from './dialect';
import type { Database } from './schema';
import { initialMigration } from './migrations/0001_initial';
import { categoryNameUniqueMigration } from './migrations/0002_category_name_unique';
import { clientIdOrderIndexesMigration } from './migrations/0003_client_id_order_indexes';
import { bigintIdsMigration } from './migrations/0004_bigint_ids';
import { attemptsClientIdIndexMigration } from './migrations/0005_attempts_client_id_idx';
import { questionCountsMigration } from './migrations/0006_question_counts';
import { playMigration } from './migrations/0007_play';
import { idempotencyRequestHashMigration } from './migrations/0008_idempotency_request_hash';
import { viewersEmailIndexMigration } from './migrations/0009_viewers_email_idx';
import { pollLinkKeyMigration } from './migrations/0010_poll_link_key';
import { questionBankVersionMigration } from './migrations/0011_question_bank_version';

/** Every migration, in order. Names sort lexically; add new ones as `NNNN_name`. */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_category_name_unique': categoryNameUniqueMigration,
    '0003_client_id_order_indexes': clientIdOrderIndexesMigration,
    '0004_bigint_ids': bigintIdsMigration(dialect),
    '0005_attempts_client_id_idx': attemptsClientIdIndexMigration,
    '0006_question_counts': questionCountsMigration(dialect),
    '0007_play': playMigration(dialect),
    '0008_idempotency_request_hash': idempotencyRequestHashMigration,
    '0009_viewers_email_idx': viewersEmailIndexMigration,
    '0010_poll_link_key': pollLinkKeyMigration(dialect),
    '0011_question_bank_version': questionBankVersionMigration(dialect),
  };
}

function migratorOf(db: Kysely<Database>, dialect: DialectName, schema?: string): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) }, migrationTableSchema: schema });
}

/** The names of the migrations the database has not run yet, in order. */
export async function pendingMigrations(db: Kysely<Database>, dialect: DialectName, schema?: string): Promise<string[]> {
  const all = await migratorOf(db, dialect, schema).getMigrations();
  return all.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/**
 * `schema` (PostgreSQL): where the migration tables live. Without it Kysely looks for them in every schema,
 * so a database with several schemas (parallel test files) sees another schema's tables and fails.
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName, schema?: string): Promise<void> {
  return migrateUpTo(db, dialect, undefined, schema);
}

/** Runs the migrations up to and including `last` (all of them when undefined): tests of one migration on older data. */
export async function migrateUpTo(db: Kysely<Database>, dialect: DialectName, last: string | undefined, schema?: string): Promise<void> {
  const migrator = migratorOf(db, dialect, schema);
  const { error, results } = await (last === undefined ? migrator.migrateToLatest() : migrator.migrateTo(last));
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
