import type { Kysely, Migration } from 'kysely';

// An Idempotency-Key is bound to the request it came with (the IETF Idempotency-Key draft):
// the request's fingerprint (a hash of its method, path, query and body) is kept with the key, and the same key
// with another body answers 422. Null for keys stored before, and while a form's body is not read yet.

export const idempotencyRequestHashMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').dropColumn('request_hash').execute();
  },
};
