import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { powerOfTwoRuns } from './answer-statements';
import { answer, createPlayQuiz, hostSets, joined, type SignedIn } from './play-test-support';

// Answers arriving together are committed together; a second delivery of the same answer in the same batch
// is acknowledged, not counted twice; a different second answer is refused.

let server: TestServer;
let admin: SignedIn;
beforeEach(async () => {
  server = await createTestServer();
  admin = await signedInTenant(server);
});
afterEach(() => server.close());

it('counts each of many simultaneous answers once, whatever the repeats', async () => {
  const quiz = await createPlayQuiz(server, admin, { qs_timer: 20, before_qs_timer: 0 }, 1);
  const players = [];
  for (let i = 0; i < 12; i += 1) players.push(await joined(server, quiz.hash));
  const t0 = server.clock.now().getTime();
  await hostSets(server, admin, quiz.id, { status: 'STARTED' });
  const question = quiz.questions[0] as number;
  const sends = players.flatMap((player, index) => [
    answer(server, player.headers, { question, chosen_option: 'A', chosen_at: t0 }, `key-${index}`),
    answer(server, player.headers, { question, chosen_option: 'A', chosen_at: t0 }, `key-${index}`),
    answer(server, player.headers, { question, chosen_option: 'B', chosen_at: t0 }, `other-${index}`),
  ]);
  const responses = await Promise.all(sends);
  const byPlayer = players.map((_, index) => responses.slice(index * 3, index * 3 + 3).map((response) => response.statusCode));
  for (const statuses of byPlayer) {
    // Whichever answer came first counted: both its deliveries are acknowledged, the other answer is refused
    // (never all three acknowledged, though all three may be written in one batch).
    expect([
      [200, 200, 409],
      [409, 409, 200],
    ]).toContainEqual(statuses);
  }
  const rows = await server.db.selectFrom('answers').select(['attempt_id', 'points']).execute();
  expect(rows).toHaveLength(12);
  const attempts = await server.db.selectFrom('attempts').select(['id', 'score']).where('quiz_id', '=', quiz.id).execute();
  for (const attempt of attempts) {
    const mine = rows.filter((row) => row.attempt_id === attempt.id);
    expect(mine).toHaveLength(1);
    expect(Number(attempt.score)).toBe(Number(mine[0]?.points));
  }
});

it('writes a batch in runs of powers of two, longest first, each answer once and in order', () => {
  const sizes = (count: number) => powerOfTwoRuns(Array.from({ length: count }, (_, index) => index)).map((run) => run.length);
  expect(sizes(0)).toEqual([]);
  expect(sizes(1)).toEqual([1]);
  expect(sizes(77)).toEqual([64, 8, 4, 1]);
  expect(sizes(500)).toEqual([256, 128, 64, 32, 16, 4]);
  const items = Array.from({ length: 13 }, (_, index) => index);
  expect(powerOfTwoRuns(items).flat()).toEqual(items);
});
