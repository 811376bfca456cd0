import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { createClientWithAdmin } from '../accounts/clients';
import { ManualClock } from '../clock';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { UploadStore } from '../http/uploads';
import { MemoryMailer } from '../mail/mailer';
import { openMediaStorage } from '../storage/open-storage';
import type { QuizEvents } from '../live/quiz-events';
import type { LiveWriter } from '../play/live-writer';
import { databaseUrl, onServer } from './pg-template';

// Builds the app for server tests: in-memory SQLite by default, or PostgreSQL when TEST_DATABASE_URL is
// set (scripts/test-postgres.sh), in a database of its own (a copy of the migrated template) dropped on close. Time is a ManualClock, mail a
// MemoryMailer, DATA_DIR a temporary folder.

export interface TestServer {
  app: FastifyInstance;
  db: DatabaseHandle['db'];
  dialect: DatabaseHandle['dialect'];
  poolUse: DatabaseHandle['poolUse'];
  clock: ManualClock;
  mailer: MemoryMailer;
  config: Config;
  /** The app's upload store (DATA_DIR/uploads, or the bucket the env names). */
  uploads: UploadStore;
  close(): Promise<void>;
}

export async function createTestServer(
  options: {
    config?: Partial<Config>;
    env?: Record<string, string>;
    quizEvents?: QuizEvents;
    liveReachable?: () => Promise<void>;
    /** Where Play's live nodes go (play/live-writer.ts: recordingLiveWriter). */
    liveWriter?: LiveWriter;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-test-'));
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: ':memory:',
      STATIC_DIR: path.join(dataDir, 'no-portal'),
      // Tests ask with `Host: api.test` and read absolute URLs of it: one of the server's own origins.
      ALLOWED_ORIGINS: 'http://api.test',
      ...options.env,
    }),
    ...options.config,
  };
  const pgUrl = process.env.TEST_DATABASE_URL;
  // PostgreSQL: a database of its own, copied from the template the global setup migrated (pg-template.ts).
  const pgDatabase = pgUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  if (pgUrl && pgDatabase) await onServer(pgUrl, `create database ${pgDatabase} template ${inject('pgTemplate')}`);
  const handle =
    pgUrl && pgDatabase
      ? openDatabase({ databaseUrl: databaseUrl(pgUrl, pgDatabase), sqlitePath: ':memory:' })
      : openDatabase({ databaseUrl: null, sqlitePath: ':memory:' });
  // SQLite migrates its fresh in-memory database; PostgreSQL's copy is migrated already, and one query opens the
  // pool as a server's boot would (a pool that never connected ignores destroy(), which the health test relies on).
  if (pgUrl) await sql`select 1`.execute(handle.db);
  else await migrateToLatest(handle.db, handle.dialect);
  const clock = new ManualClock();
  const mailer = new MemoryMailer();
  const uploads = new UploadStore(openMediaStorage(config));
  const app = await buildApp({
    db: handle.db,
    config,
    clock,
    mailer,
    uploads,
    quizEvents: options.quizEvents,
    liveReachable: options.liveReachable,
    liveWriter: options.liveWriter,
  });
  return {
    app,
    db: handle.db,
    dialect: handle.dialect,
    poolUse: handle.poolUse,
    clock,
    mailer,
    config,
    uploads,
    async close() {
      await app.close();
      await uploads.storage.close();
      await handle.close();
      if (pgUrl && pgDatabase) {
        // Not WITH (FORCE): the pool's connections are still closing, and a forced end reaches them as an
        // uncaught error; PostgreSQL waits (up to 5 s) for them to go.
        await onServer(pgUrl, `drop database if exists ${pgDatabase}`);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let tenantCounter = 0;

export interface Tenant {
  clientId: number;
  userId: number;
  email: string;
  password: string;
}

/** A new client with its admin (unique email per call). */
export async function createTenant(
  server: TestServer,
  options: { pollEnabled?: boolean; socialAuth?: boolean; name?: string } = {},
): Promise<Tenant> {
  tenantCounter += 1;
  const email = `admin${tenantCounter}-${randomBytes(3).toString('hex')}@example.test`;
  const password = 'correct-horse-battery';
  const ids = await createClientWithAdmin(server.db, server.clock, {
    name: options.name ?? `Client ${tenantCounter}`,
    email,
    password,
    pollEnabled: options.pollEnabled,
    socialAuth: options.socialAuth,
  });
  return { ...ids, email, password };
}

export async function login(server: TestServer, email: string, password: string): Promise<string> {
  const response = await server.app.inject({ method: 'POST', url: '/api/v1/accounts/login/', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { key: string }).key;
}

/** A tenant and a token of its admin. */
export async function signedInTenant(
  server: TestServer,
  options?: Parameters<typeof createTenant>[1],
): Promise<Tenant & { token: string; headers: { authorization: string } }> {
  const tenant = await createTenant(server, options);
  const token = await login(server, tenant.email, tenant.password);
  return { ...tenant, token, headers: { authorization: `Token ${token}` } };
}
