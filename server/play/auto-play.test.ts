import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { localUploadStore } from '../http/uploads';
import { noQuizEvents } from '../quizzes/quiz-events';
import { quizService } from '../quizzes/quiz-service';
import { autoScheduler } from '../quizzes/scheduler';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { withPlayEvents } from './play-events';
import { answer, createPlayQuiz, joined, stateOf, type SignedIn } from './play-test-support';

// A timed AUTO quiz runs on the scheduler (as main.ts wires it: its quiz events go through Play), so its
// rounds open and close with each tick: players answer, are scored and ranked without a host.

let server: TestServer;
let admin: SignedIn;
beforeEach(async () => {
  server = await createTestServer();
  admin = await signedInTenant(server);
});
afterEach(() => server.close());

it('opens each question’s round on the scheduler’s ticks and ranks at the results', async () => {
  const start = server.clock.now().getTime() + 60_000;
  const quiz = await createPlayQuiz(
    server,
    admin,
    {
      mode: 'AUTO',
      time_based: true,
      before_qs_timer: 5,
      qs_timer: 20,
      timer_bw_qs: 5,
      start_date_time: new Date(start).toISOString(),
      end_date_time: new Date(start + 3_600_000).toISOString(),
    },
    2,
  );
  const player = await joined(server, quiz.hash);
  const quizzes = quizService({
    db: server.db,
    clock: server.clock,
    uploads: localUploadStore(path.join(server.config.dataDir, 'uploads')),
    quizEvents: withPlayEvents(noQuizEvents, { db: server.db, clock: server.clock, live: server.app.playLive, log: server.app.log }),
    log: server.app.log,
  });
  const scheduler = autoScheduler({ db: server.db, clock: server.clock, quizzes, log: server.app.log });

  server.clock.set(new Date(start + 6_000));
  await scheduler.tick();
  const first = (await stateOf(server, player.headers)).json() as {
    quiz: { question_no: number; answer_opens_at: number };
    question: { id: number };
  };
  expect(first.quiz).toMatchObject({ question_no: 1, answer_opens_at: start + 5_000 });
  expect(first.question.id).toBe(quiz.questions[0]);
  const ack = await answer(server, player.headers, { question: quiz.questions[0] as number, chosen_option: 'A', chosen_at: start + 5_000 });
  expect(ack.json()).toEqual({ counted: true, correct: true, points: 1000, score: 1000 });

  server.clock.set(new Date(start + 31_000));
  await scheduler.tick();
  const second = (await stateOf(server, player.headers)).json() as { quiz: { question_no: number }; question: { id: number } | null };
  expect(second.quiz.question_no).toBe(2);
  expect(second.question).toBeNull(); // still in its alert

  server.clock.set(new Date(start + 2 * 30_000 + 10_000));
  for (let i = 0; i < 3; i += 1) await scheduler.tick();
  const results = (await stateOf(server, player.headers)).json() as { quiz: { status: string }; attempt: { rank: number; score: number } };
  expect(results.quiz.status).toBe('RESULT_ANNOUNCED');
  expect(results.attempt).toMatchObject({ score: 1000, rank: 1 });
});
