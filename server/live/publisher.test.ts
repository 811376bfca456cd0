import type { Database as AdminDatabase } from 'firebase-admin/database';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_QUIZZES_PATH, liveQuiz, liveQuizPath, type StoredLiveQuiz } from '../../src/lib/contract/live';
import { created } from '../db/rows';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { openLiveChannel, type LiveChannel } from './live-channel';
import { viewerClient, type ViewerClient } from './live-test-support';
import { liveStatesOfAll } from '../quizzes/quiz-read';
import { livePublisher, type LivePublisher } from './publisher';

// Every server change of docs/decisions.md "Live quiz state" reaches /live/quizzes/{quiz_hash}, read back by a viewer's client
// from the local RTDB server. Firebase drops null fields, so a node without a question clock lacks them.

let channel: LiveChannel;
let viewer: ViewerClient;
let server: TestServer;
let publisher: LivePublisher;
let tenant: Awaited<ReturnType<typeof signedInTenant>>;

beforeAll(async () => {
  channel = await openLiveChannel({ kind: 'local', host: '127.0.0.1', port: 0, portIsDefault: false });
  viewer = viewerClient(channel.clientConfig);
});
afterAll(async () => {
  await viewer.close();
  await channel.close();
});
beforeEach(async () => {
  publisher = livePublisher(channel.database, { error: () => {} });
  server = await createTestServer({ quizEvents: publisher });
  tenant = await signedInTenant(server);
});
afterEach(async () => {
  await publisher.flush();
  await server.close();
});

type Json = Record<string, unknown>;
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  server.app.inject({ method, url, payload: payload as Json, headers: tenant.headers });

async function questions(count: number): Promise<number[]> {
  const category = await server.db
    .insertInto('categories')
    .values({ name: 'Live', ...created(server.clock, tenant.clientId) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    const row = await server.db
      .insertInto('questions')
      .values({
        category_id: category.id,
        description: `Q${i}`,
        options: 'A: a, B: b',
        correct_option: 'A',
        ...created(server.clock, tenant.clientId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function createQuiz(overrides: Json = {}): Promise<Json> {
  const response = await inject('POST', '/api/v1/quiz/', {
    name: 'Stage quiz',
    mode: 'MANUAL',
    qs_timer: 30,
    before_qs_timer: 5,
    time_based: true,
    join_code: '12',
    max_attempt_count: 1,
    start_date_time: '2026-01-01T09:00:00Z',
    end_date_time: '2026-01-01T12:00:00Z',
    questions: await questions(3),
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function patchQuiz(id: unknown, payload: Json): Promise<Json> {
  server.clock.advance(1000);
  const response = await inject('PATCH', `/api/v1/quiz/${String(id)}/`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The node as stored once it satisfies `accept` (each write reaches the viewer in order); it must decode by the contract. */
async function nodeOf(quiz: Json, accept: (node: StoredLiveQuiz | null) => boolean): Promise<StoredLiveQuiz | null> {
  const node = await viewer.waitFor<StoredLiveQuiz>(liveQuizPath(String(quiz.quiz_hash)), accept);
  if (node !== null) expect(liveQuiz.safeParse(node).error).toBeUndefined();
  return node;
}

const at = (quiz: Json) => Date.parse(String(quiz.updated_at));

describe('live quiz node', () => {
  it('is written on create', async () => {
    const quiz = await createQuiz();
    await expect(nodeOf(quiz, (node) => node !== null)).resolves.toEqual({
      status: 'ANNOUNCED',
      mode: 'MANUAL',
      question_no: 1,
      question_count: 3,
      updated_at: at(quiz),
    } satisfies StoredLiveQuiz);
  });

  it('follows an update, a status change with its question clock, a step and an attempts reset', async () => {
    const quiz = await createQuiz();
    const renamed = await patchQuiz(quiz.id, { name: 'Renamed' });
    await expect(nodeOf(quiz, (node) => node?.updated_at === at(renamed))).resolves.toMatchObject({ status: 'ANNOUNCED' });

    const started = await patchQuiz(quiz.id, { status: 'STARTED' });
    const startedAt = server.clock.now().getTime();
    await expect(nodeOf(quiz, (node) => node?.status === 'STARTED')).resolves.toEqual({
      status: 'STARTED',
      mode: 'MANUAL',
      question_no: 1,
      question_count: 3,
      question_started_at: startedAt,
      question_ends_at: startedAt + 35_000,
      updated_at: at(started),
    } satisfies StoredLiveQuiz);

    await patchQuiz(quiz.id, { question_no: 2 });
    const steppedAt = server.clock.now().getTime();
    await expect(nodeOf(quiz, (node) => node?.question_no === 2)).resolves.toMatchObject({
      question_started_at: steppedAt,
      question_ends_at: steppedAt + 35_000,
    });

    // An edit that is not a step keeps the running question's clock.
    await patchQuiz(quiz.id, { name: 'Renamed again' });
    server.clock.advance(1000);
    const reset = await inject('PUT', '/api/v1/quiz-reset-attempts/', { quiz: quiz.id });
    expect(reset.statusCode, reset.body).toBe(200);
    await expect(nodeOf(quiz, (node) => node?.updated_at === at(reset.json()))).resolves.toMatchObject({
      question_no: 2,
      question_started_at: steppedAt,
    });

    await patchQuiz(quiz.id, { status: 'RESULT_AWAITED' });
    const awaited = await nodeOf(quiz, (node) => node?.status === 'RESULT_AWAITED');
    expect(awaited).not.toHaveProperty('question_started_at');
    expect(awaited).not.toHaveProperty('question_ends_at');
  });

  it('is removed when the quiz is deleted', async () => {
    const quiz = await createQuiz();
    await nodeOf(quiz, (node) => node !== null);
    expect((await inject('DELETE', `/api/v1/quiz/${String(quiz.id)}/`)).statusCode).toBe(204);
    await expect(nodeOf(quiz, (node) => node === null)).resolves.toBeNull();
  });

  it('gets the new question count when questions of the quiz are deleted, one or in bulk', async () => {
    const quiz = await createQuiz();
    const [first, second] = quiz.questions as number[];
    await nodeOf(quiz, (node) => node?.question_count === 3);
    expect((await inject('DELETE', `/api/v1/questions/${String(first)}/`)).statusCode).toBe(204);
    await expect(nodeOf(quiz, (node) => node?.question_count === 2)).resolves.toBeTruthy();
    expect((await inject('POST', '/api/v1/bulk-delete-questions/', { questions: [second] })).statusCode).toBe(200);
    await expect(nodeOf(quiz, (node) => node?.question_count === 1)).resolves.toBeTruthy();
  });

  it('republishes every quiz on start and drops nodes of quizzes that no longer exist', async () => {
    const quiz = await createQuiz();
    await publisher.flush();
    await channel.database.ref(LIVE_QUIZZES_PATH).set({ gone: { status: 'STARTED' } });
    await publisher.republishAll(() => liveStatesOfAll(server.db));
    await expect(viewer.waitFor(liveQuizPath('gone'), (node) => node === null)).resolves.toBeNull();
    await expect(nodeOf(quiz, (node) => node !== null)).resolves.toMatchObject({ question_count: 3 });
  });
});

describe('a failing live channel', () => {
  it('is logged and never fails the REST write', async () => {
    const errors: unknown[] = [];
    const down = {
      ref: () => ({ set: () => Promise.reject(new Error('unreachable')), remove: () => Promise.reject(new Error('unreachable')) }),
    };
    const failing = livePublisher(down as unknown as AdminDatabase, { error: (...args: unknown[]) => errors.push(args) });
    const failingServer = await createTestServer({ quizEvents: failing });
    const owner = await signedInTenant(failingServer);
    const response = await failingServer.app.inject({
      method: 'POST',
      url: '/api/v1/quiz/',
      headers: owner.headers,
      payload: {
        name: 'Q',
        mode: 'AUTO',
        join_code: '1',
        qs_timer: 10,
        before_qs_timer: 0,
        timer_bw_qs: 0,
        max_attempt_count: 1,
        start_date_time: '2026-01-01T09:00:00Z',
        end_date_time: '2026-01-01T10:00:00Z',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    await failing.flush();
    expect(errors).toHaveLength(1);
    await failingServer.close();
  });
});
