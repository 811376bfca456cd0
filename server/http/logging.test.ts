import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClientWithAdmin } from '../accounts/clients';
import { buildApp } from '../app';
import { ManualClock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { MemoryMailer } from '../mail/mailer';
import { readableLine, REDACTED, serverLoggerOptions } from './logging';

// Token hygiene: the server's log at info level, as server/main.ts configures it, never holds a
// token, whatever the requests do: sign in, authenticated calls, a refused token, logout.

const ADMIN = { email: 'log@example.test', password: 'log-password-2026' };

let lines: string[];
let app: FastifyInstance;
let handle: DatabaseHandle;
let dataDir: string;

beforeEach(async () => {
  lines = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-log-'));
  handle = openDatabase({ databaseUrl: null, sqlitePath: ':memory:' });
  await migrateToLatest(handle.db, handle.dialect);
  const clock = new ManualClock();
  await createClientWithAdmin(handle.db, clock, { name: 'Log client', ...ADMIN, pollEnabled: true });
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: ':memory:', STATIC_DIR: path.join(dataDir, 'no-portal') });
  app = await buildApp({ db: handle.db, config, clock, mailer: new MemoryMailer(), logger: { ...serverLoggerOptions('info'), stream } });
});

afterEach(async () => {
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('logs requests at info level without the token', async () => {
  const login = await app.inject({ method: 'POST', url: '/api/v1/accounts/login/', payload: ADMIN });
  const { key } = login.json<{ key: string }>();
  expect(key.length).toBeGreaterThan(20);
  const authorization = `Token ${key}`;
  expect((await app.inject({ url: '/api/v1/accounts/user/', headers: { authorization } })).statusCode).toBe(200);
  expect((await app.inject({ url: '/api/v1/category/?page=1', headers: { authorization } })).statusCode).toBe(200);
  expect((await app.inject({ url: '/api/v1/accounts/user/', headers: { authorization: `Token ${key}x` } })).statusCode).toBe(401);
  expect((await app.inject({ method: 'POST', url: '/api/v1/accounts/logout/', headers: { authorization } })).statusCode).toBeLessThan(300);

  const log = lines.join('');
  expect(log).toContain('"url":"/api/v1/accounts/user/"');
  expect(log).not.toContain(key);
});

it('redacts the Authorization header when a request is logged with its headers', async () => {
  app.log.info(
    { req: { method: 'GET', url: '/api/v1/quizzes/', headers: { authorization: 'Token secret-token-value', cookie: 'a=b' } } },
    'request with headers',
  );
  app.log.info({ headers: { authorization: 'Token secret-token-value' } }, 'headers alone');
  const log = lines.join('');
  expect(log).not.toContain('secret-token-value');
  expect(log).toContain(`"authorization":"${REDACTED}"`);
});

describe('the readable format (LOG_FORMAT=lines)', () => {
  let readable: FastifyInstance;
  let output: string[];

  beforeEach(async () => {
    output = [];
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: ':memory:', STATIC_DIR: path.join(dataDir, 'no-portal') });
    readable = await buildApp({
      db: handle.db,
      config,
      clock: new ManualClock(),
      mailer: new MemoryMailer(),
      logger: serverLoggerOptions('info', 'lines', { write: (text: string) => output.push(text) }),
      requestLines: true,
    });
  });

  afterEach(() => readable.close());

  it('writes one readable line per request, without the token', async () => {
    const login = await readable.inject({ method: 'POST', url: '/api/v1/accounts/login/', payload: ADMIN });
    const { key } = login.json<{ key: string }>();
    await readable.inject({ url: '/api/v1/accounts/user/', headers: { authorization: `Token ${key}` } });
    await readable.inject({ url: '/api/v1/nowhere/' });
    expect(output).toHaveLength(3);
    expect(output[0]).toMatch(/^\d\d:\d\d:\d\d POST \/api\/v1\/accounts\/login\/ 200 \d+ ms\n$/);
    expect(output[1]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/v1\/accounts\/user\/ 200 \d+ ms\n$/);
    expect(output[2]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/v1\/nowhere\/ 404 \d+ ms\n$/);
    expect(output.join('')).not.toContain(key);
  });

  it('names the level above info and adds an error stack', () => {
    const line = readableLine(JSON.stringify({ level: 50, time: 0, msg: 'republish failed', err: { stack: 'Error: down\n    at x' } }));
    expect(line).toMatch(/^\d\d:\d\d:\d\d ERROR republish failed\nError: down\n {4}at x\n$/);
  });
});
