import type { DataSnapshot } from 'firebase-admin/database';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { openLiveChannel, type LiveChannel } from './live-channel';
import type { LiveQuiz } from '../../src/lib/contract/live';
import { liveStatesOfAll } from '../quizzes/quiz-read';
import { livePublisher } from './publisher';

// On start a server publishes what the live channel lacks, and nothing older than what it holds:
// with several instances on one Firebase database, an instance restarting during a quiz must not put back
// the state it read from the database while another instance stepped the quiz on. The local stand-in is
// started once and reached as an already running emulator (FIREBASE_DATABASE_EMULATOR_HOST), as the
// instances of a multi-instance deployment test reach it.

let local: LiveChannel;
let channel: LiveChannel;
let server: TestServer;
let headers: { authorization: string };

beforeAll(async () => {
  local = await openLiveChannel({ kind: 'local', host: '127.0.0.1', port: 0, portIsDefault: false });
  const emulator = local.clientConfig.emulator;
  if (!emulator) throw new Error('the local channel has no emulator address');
  channel = await openLiveChannel({ kind: 'emulator', host: emulator.host, port: emulator.port });
});
afterAll(async () => {
  await channel.close();
  await local.close();
});
beforeEach(async () => {
  // Nothing is published as quizzes are made: the test sets the channel's state itself.
  server = await createTestServer();
  headers = (await signedInTenant(server)).headers;
  await channel.database.ref('live/quizzes').remove();
});
afterEach(async () => {
  await server.close();
});

async function createQuiz(name: string): Promise<{ quiz_hash: string; updated_at: string }> {
  server.clock.advance(1000);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/quiz/',
    headers,
    payload: {
      name,
      mode: 'MANUAL',
      qs_timer: 30,
      before_qs_timer: 5,
      join_code: '12',
      max_attempt_count: 1,
      start_date_time: '2026-01-01T09:00:00Z',
      end_date_time: '2026-01-01T12:00:00Z',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const nodeAt = async (hash: string) => (await channel.database.ref(`live/quizzes/${hash}`).get()).val() as LiveQuiz | null;

describe('republishing on start', () => {
  it('writes missing and older nodes, leaves newer ones alone and removes those of deleted quizzes', async () => {
    const missing = await createQuiz('Missing');
    const older = await createQuiz('Older');
    const newer = await createQuiz('Newer');
    const olderNode = {
      status: 'STARTED',
      mode: 'MANUAL',
      question_no: 7,
      question_count: 9,
      updated_at: Date.parse(older.updated_at) - 1,
    };
    // Another instance stepped this quiz on after the database state this instance reads.
    const newerNode = {
      status: 'STARTED',
      mode: 'MANUAL',
      question_no: 3,
      question_count: 9,
      updated_at: Date.parse(newer.updated_at) + 60_000,
    };
    await channel.database.ref('live/quizzes').set({
      [older.quiz_hash]: olderNode,
      [newer.quiz_hash]: newerNode,
      gone: { status: 'STARTED', mode: 'MANUAL', question_no: 2, question_count: 4, updated_at: 1 },
    });

    const publisher = livePublisher(channel.database, { error: () => {} });
    await expect(publisher.republishAll(() => liveStatesOfAll(server.db))).resolves.toEqual({ written: 2, removed: 1, current: 1 });

    expect(await nodeAt(missing.quiz_hash)).toMatchObject({
      status: 'ANNOUNCED',
      question_no: 1,
      updated_at: Date.parse(missing.updated_at),
    });
    expect(await nodeAt(older.quiz_hash)).toMatchObject({ status: 'ANNOUNCED', question_no: 1, updated_at: Date.parse(older.updated_at) });
    expect(await nodeAt(newer.quiz_hash)).toEqual(newerNode);
    expect(await nodeAt('gone')).toBeNull();
  });

  it('writes nothing when the channel is up to date (a restart of one instance among several)', async () => {
    await createQuiz('Running');
    const publisher = livePublisher(channel.database, { error: () => {} });
    await expect(publisher.republishAll(() => liveStatesOfAll(server.db))).resolves.toEqual({ written: 1, removed: 0, current: 0 });
    await expect(publisher.republishAll(() => liveStatesOfAll(server.db))).resolves.toEqual({ written: 0, removed: 0, current: 1 });
  });
});

describe('the live channel readiness check', () => {
  it('resolves while connected, and rejects once the database is gone', async () => {
    const own = await openLiveChannel({ kind: 'local', host: '127.0.0.1', port: 0, portIsDefault: false });
    const emulator = own.clientConfig.emulator;
    if (!emulator) throw new Error('the local channel has no emulator address');
    const client = await openLiveChannel({ kind: 'emulator', host: emulator.host, port: emulator.port });
    try {
      await client.database.ref('live/quizzes/probe').get();
      await expect(client.checkReachable()).resolves.toBeUndefined();
      const flag = client.database.ref('.info/connected');
      const disconnected = new Promise<void>((resolve) => {
        const onFlag = (snapshot: DataSnapshot) => {
          if (snapshot.val() !== false) return;
          flag.off('value', onFlag);
          resolve();
        };
        flag.on('value', onFlag);
      });
      await own.close();
      await disconnected;
      await expect(client.checkReachable()).rejects.toThrow(/not connected/);
    } finally {
      await client.close();
    }
  });
});
