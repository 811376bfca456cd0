import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';

// Vitest global setup of the server tests on PostgreSQL (TEST_DATABASE_URL, scripts/test-postgres.sh): the
// migrations run once, into a template database, and each test server starts from a copy of it
// (support.ts: CREATE DATABASE ... TEMPLATE). Migrating a fresh schema for each of some 350 tests was most of
// the PostgreSQL run's time. On SQLite (no TEST_DATABASE_URL) this does nothing.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database's name, or '' when the tests run on SQLite. */
    pgTemplate: string;
  }
}

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs a statement on the server's maintenance connection (CREATE and DROP DATABASE cannot run in a pool's transaction). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('pgTemplate', '');
    return async () => {};
  }
  const template = `quiz_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${template}`);
  const handle = openDatabase({ databaseUrl: databaseUrl(serverUrl, template), sqlitePath: ':memory:' });
  try {
    await migrateToLatest(handle.db, handle.dialect);
  } finally {
    await handle.close();
  }
  project.provide('pgTemplate', template);
  return () => onServer(serverUrl, `drop database if exists ${template} with (force)`);
}
