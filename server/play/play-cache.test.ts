import type { FastifyInstance } from 'fastify';
import { SelectQueryNode, TableNode, type KyselyPlugin, type OperationNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAY_MESSAGES } from '../../src/lib/contract/play';
import { hashSecret } from '../http/secrets';
import { buildApp } from '../app';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { playCacheOf } from './play-cache';
import { answer, createPlayQuiz, hostSets, joined, stateOf, type SignedIn } from './play-test-support';

// The answer path keeps seats and rounds in memory (play-cache.ts); the database stays the authority. A second
// server instance is a second app on the same database through another Kysely handle (its own cache), as two
// processes sharing one database would be.

let server: TestServer;
let admin: SignedIn;
let other: FastifyInstance;
let otherDb: TestServer['db'];

/** The same connection under another handle: another instance's cache. */
const sameQueries: KyselyPlugin = { transformQuery: (args) => args.node, transformResult: async (args) => args.result };

beforeEach(async () => {
  server = await createTestServer();
  admin = await signedInTenant(server);
  otherDb = server.db.withPlugin(sameQueries);
  other = await buildApp({
    db: otherDb,
    config: server.config,
    clock: server.clock,
    mailer: server.mailer,
    uploads: server.uploads,
  });
});
afterEach(async () => {
  await other.close();
  await server.close();
});

const detail = (response: { json(): unknown }) => (response.json() as { detail?: string }).detail;
const otherHost = (quizId: number, patch: Record<string, unknown>) =>
  other.inject({ method: 'PATCH', url: `/api/v1/quiz/${quizId}/`, payload: patch, headers: admin.headers });

describe('the answer path’s cache', () => {
  it('keeps a joining phone’s seat, so that its answers read no token', async () => {
    const quiz = await createPlayQuiz(server, admin, { before_qs_timer: 0 });
    const player = await joined(server, quiz.hash);
    const attempt = await server.db
      .selectFrom('attempts')
      .select(['id', 'viewer_id'])
      .where('quiz_id', '=', quiz.id)
      .executeTakeFirstOrThrow();
    expect(playCacheOf(server.db).seats.get(hashSecret(player.token))).toEqual({
      attemptId: attempt.id,
      viewerId: attempt.viewer_id,
      quizId: quiz.id,
      clientId: admin.clientId,
    });
    // Another instance did not see the join: it reads the seat on the phone's first request.
    expect(playCacheOf(otherDb).seats.size).toBe(0);
  });

  it('reads a question’s round once for the answers arriving together, not once each', async () => {
    const quiz = await createPlayQuiz(server, admin, { before_qs_timer: 0, qs_timer: 20 });
    const players = [];
    for (let i = 0; i < 6; i += 1) players.push(await joined(server, quiz.hash));
    const t0 = server.clock.now().getTime();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    // A fresh instance (empty cache) counting its reads of a round with its question's correct option.
    let roundReads = 0;
    const isTable = (node: OperationNode, name: string) => TableNode.is(node) && node.table.identifier.name === name;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (
          SelectQueryNode.is(node) &&
          node.from?.froms.some((from) => isTable(from, 'rounds')) &&
          node.joins?.some((join) => isTable(join.table, 'questions'))
        ) {
          roundReads += 1;
        }
        return node;
      },
      transformResult: async (args) => args.result,
    };
    const counted = await buildApp({
      db: server.db.withPlugin(counting),
      config: server.config,
      clock: server.clock,
      mailer: server.mailer,
      uploads: server.uploads,
    });
    try {
      const question = quiz.questions[0] as number;
      const responses = await Promise.all(
        players.map((player) =>
          counted.inject({
            method: 'POST',
            url: '/api/v1/play/attempt/answers',
            payload: { question, chosen_option: 'A', chosen_at: t0 },
            headers: player.headers,
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(players.map(() => 200));
      expect(roundReads).toBe(1);
    } finally {
      await counted.close();
    }
  });

  it('refuses an old token after Reset Attempts, though its seat was kept, here and on another instance', async () => {
    const quiz = await createPlayQuiz(server, admin, { max_attempt_count: 1, before_qs_timer: 0 });
    const player = await joined(server, quiz.hash);
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    const [first, second] = quiz.questions as [number, number];
    const at = () => server.clock.now().getTime();
    expect((await answer(server, player.headers, { question: first, chosen_option: 'A', chosen_at: at() })).statusCode).toBe(200);
    expect(playCacheOf(server.db).seats.size).toBe(1);

    // Reset on the other instance: this one's seat and round are as they were.
    const reset = await other.inject({
      method: 'PUT',
      url: '/api/v1/quiz-reset-attempts/',
      payload: { quiz: quiz.id },
      headers: admin.headers,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const question of [first, second]) {
      const refused = await answer(server, player.headers, { question, chosen_option: 'B', chosen_at: at() });
      expect(refused.statusCode, refused.body).toBe(401);
      expect(detail(refused)).toBe(PLAY_MESSAGES.placeEnded);
    }
    expect(await server.db.selectFrom('answers').select('id').execute()).toHaveLength(0);
    expect((await stateOf(server, player.headers)).statusCode).toBe(401);
  });

  it('sees another instance’s step: an answer chosen after that instance closed the question is too late', async () => {
    const quiz = await createPlayQuiz(server, admin, { before_qs_timer: 0, qs_timer: 60 });
    const ana = await joined(server, quiz.hash);
    const bo = await joined(server, quiz.hash);
    const t0 = server.clock.now().getTime();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    const [first, second] = quiz.questions as [number, number];
    // This instance keeps question 1's round (open for 60 s).
    expect((await answer(server, ana.headers, { question: first, chosen_option: 'A', chosen_at: t0 })).statusCode).toBe(200);

    // The other instance moves on to question 2 at t0 + 5 s: question 1 closes then.
    server.clock.set(new Date(t0 + 5000));
    expect((await otherHost(quiz.id, { question_no: 2 })).statusCode).toBe(200);
    server.clock.set(new Date(t0 + 6000));
    const late = await answer(server, bo.headers, { question: first, chosen_option: 'A', chosen_at: t0 + 6000 });
    expect(late.statusCode, late.body).toBe(400);
    expect(detail(late)).toBe(PLAY_MESSAGES.tooLate);
    // Chosen before the close, it still counts (the 15-s rule), and question 2 is open here too.
    const inTime = await answer(server, bo.headers, { question: first, chosen_option: 'A', chosen_at: t0 + 4000 }, 'bo-1');
    expect(inTime.statusCode, inTime.body).toBe(200);
    const next = await answer(server, bo.headers, { question: second, chosen_option: 'B', chosen_at: t0 + 6000 });
    expect(next.statusCode, next.body).toBe(200);
    const rows = await server.db.selectFrom('answers').select(['attempt_id', 'question_id', 'chosen_at']).orderBy('id').execute();
    expect(rows.map((row) => [row.question_id, Number(row.chosen_at)])).toEqual([
      [first, t0],
      [first, t0 + 4000],
      [second, t0 + 6000],
    ]);
  });

  it('sees another instance close a question and go back to it: a later answer is refused, though the kept round was open', async () => {
    const quiz = await createPlayQuiz(server, admin, { before_qs_timer: 0, qs_timer: 20 });
    const ana = await joined(server, quiz.hash);
    const bo = await joined(server, quiz.hash);
    await joined(server, quiz.hash);
    const t0 = server.clock.now().getTime();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    const first = quiz.questions[0] as number;
    expect((await answer(server, ana.headers, { question: first, chosen_option: 'A', chosen_at: t0 })).statusCode).toBe(200);
    // The other instance goes to question 2 and back to 1 at t0 + 10 s: question 1 closed then, and stays closed.
    server.clock.set(new Date(t0 + 10_000));
    expect((await otherHost(quiz.id, { question_no: 2 })).statusCode).toBe(200);
    expect((await otherHost(quiz.id, { question_no: 1 })).statusCode).toBe(200);
    server.clock.set(new Date(t0 + 11_000));
    const late = await answer(server, bo.headers, { question: first, chosen_option: 'A', chosen_at: t0 + 11_000 });
    expect(late.statusCode, late.body).toBe(400);
    expect((late.json() as { detail: string }).detail).toBe(PLAY_MESSAGES.tooLate);
    const rows = await server.db.selectFrom('answers').select('attempt_id').where('question_id', '=', first).execute();
    expect(rows).toHaveLength(1);
  });
});
