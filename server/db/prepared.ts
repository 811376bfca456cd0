import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

// Kysely builds a query as a tree of frozen nodes and compiles it to SQL on every call. On the busiest
// read paths (the token lookup of every request, a list's page and count) that cost more than SQLite
// running the statement (the questions list's CPU profile). A query whose shape never changes
// is therefore built and compiled once per database, with placeholders where its values go, and each call
// only puts its values into the compiled parameters. The SQL text is the same as Kysely would build, so the
// SQLite statement cache (connect.ts) and PostgreSQL see no difference.

/** Stands for the n-th argument of a prepared query while it is compiled. */
class Placeholder {
  constructor(readonly index: number) {}
}

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each parameter of the SQL: the argument it takes, or -1 for a constant of the query itself. */
  slots: number[];
}

/**
 * `const tokenRow = prepared((db, hash: string) => db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', hash));`
 * then `await tokenRow(db, hash)` gives the rows (`db` may be one of the database's transactions). `build` must
 * use each argument only as a bound value (in where, limit, offset, values), never to choose the query's
 * shape: it runs once, with placeholders. It names its arguments one by one (no rest or default parameters):
 * its `length` says how many there are.
 */
export function prepared<A extends unknown[], R>(build: (db: Kysely<Database>, ...args: A) => Compilable<R>) {
  // Per database: SQLite and PostgreSQL compile to different SQL, and tests open many databases. Keyed by the
  // database's adapter, which its transactions share: a query run in a transaction is compiled once too (the
  // server adds no Kysely plugins, the one thing that would compile a database's queries differently).
  const compiled = new WeakMap<object, Compiled<R>>();

  function compile(db: Kysely<Database>): Compiled<R> {
    const placeholders = Array.from({ length: build.length - 1 }, (_, index) => new Placeholder(index));
    // The placeholders stand for the arguments only while the query is compiled (see above).
    const query = build(db, ...(placeholders as unknown as A)).compile();
    const slots = query.parameters.map((value) => (value instanceof Placeholder ? value.index : -1));
    const missing = placeholders.filter((placeholder) => !slots.includes(placeholder.index));
    if (missing.length > 0) throw new Error(`prepared query does not bind its argument(s) ${missing.map((p) => p.index).join(', ')}`);
    return { query, slots };
  }

  return async function run(db: Kysely<Database>, ...args: A): Promise<R[]> {
    const key = db.getExecutor().adapter;
    let entry = compiled.get(key);
    if (!entry) {
      entry = compile(db);
      compiled.set(key, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((slot, at) => (slot === -1 ? query.parameters[at] : args[slot]));
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}
