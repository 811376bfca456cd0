import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type { PoolUse } from '../metrics/metrics';
import type { DialectName } from './dialect';
import type { Database } from './schema';

// Counts and bigint columns (epoch ms) come back from pg as strings unless told otherwise.
pg.types.setTypeParser(20, Number);

/** Prepared statements kept per SQL text; the least recently used beyond this are dropped. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 refuses to bind JS booleans: they are sent as 1/0, which is how SQLite stores them anyway.
 * Done on the bound values rather than by a Kysely plugin, which rebuilt every query's tree to find them.
 */
function sqliteValue(value: unknown): unknown {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function bindable(parameters: readonly unknown[]): unknown[] {
  return parameters.some((value) => typeof value === 'boolean') ? parameters.map(sqliteValue) : (parameters as unknown[]);
}

function withBooleanParameters(statement: SQLite.Statement): SqliteStatement {
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(bindable(parameters)),
    run: (parameters) => statement.run(bindable(parameters)),
    iterate: (parameters) => statement.iterate(bindable(parameters)),
  };
}

/**
 * Kysely prepares every query anew; on a busy list that is a good part of each request. The routes build
 * the same SQL text over and over (values are parameters), so statements are prepared once and reused.
 * Kysely runs one query at a time per connection, so a statement is never in use twice at once.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = withBooleanParameters(sqlite.prepare(text));
      statements.set(text, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

/** Names of the SQL texts PostgreSQL prepares once per connection (see namedStatement). */
const statementNames = new Map<string, string>();

/**
 * Marks `text` as one PostgreSQL keeps prepared on each connection under a name: parsed once per connection,
 * and planned once PostgreSQL settles on a generic plan, instead of parsed and planned on every execution (pg
 * sends unnamed statements otherwise). For fixed texts run often (answer-writer.ts); a text marked stays for
 * the process's life, so only a bounded set of texts may be. Returns `text`, to be run as usual.
 */
export function namedStatement(text: string): string {
  if (!statementNames.has(text)) statementNames.set(text, `quiz_portal_${statementNames.size + 1}`);
  return text;
}

/** The pool as Kysely sees it, running the texts named by namedStatement as named prepared statements. */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // Cast through unknown: one function stands for Kysely's two overloads, a text with its parameters and a
    // cursor, which Kysely never sends here (no cursor is configured), and pg's result is Kysely's row type.
    query: ((sql: string, parameters: readonly unknown[]) => {
      const name = statementNames.get(sql);
      // pg reads the values without changing them.
      const values = parameters as unknown[];
      return name === undefined ? client.query(sql, values) : client.query({ name, text: sql, values });
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = wrap(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Connections in use and waiting, for the metrics. */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

export interface DatabaseTarget {
  /** A postgres:// URL, or null for SQLite. */
  databaseUrl: string | null;
  /** SQLite file path or `:memory:` (used when databaseUrl is null). */
  sqlitePath: string;
  /** PostgreSQL only: the schema to work in (the migration test runs two servers on one fresh schema). */
  pgSchema?: string;
  /** PostgreSQL only: connections in the pool (PG_POOL_MAX); 10 when not given. */
  poolMax?: number;
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: target.poolMax ?? 10,
      ...(target.pgSchema ? { options: `-c search_path=${target.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
    return {
      db,
      dialect: 'postgres',
      poolUse: () => ({ dialect: 'postgres', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  const sqlite = new SQLite(target.sqlitePath);
  if (target.sqlitePath !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', poolUse: () => ({ dialect: 'sqlite', total: 1 }), close: () => db.destroy() };
}
