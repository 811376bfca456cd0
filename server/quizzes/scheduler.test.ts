import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { created, toCount } from '../db/rows';
import { localUploadStore } from '../http/uploads';
import { createTestServer, createTenant, type TestServer } from '../test/support';
import type { QuizLiveState } from '../live/quiz-events';
import { quizService } from './quiz-service';
import { autoScheduler } from './scheduler';

// The AUTO scheduler driven by a ManualClock: every status and question at its time (docs/decisions.md "Live quiz state"),
// resuming after a restart, and one instance at a time through the lease in scheduler_locks.

const SECOND = 1000;
let server: TestServer;
let published: QuizLiveState[];
let clientId: number;

beforeEach(async () => {
  published = [];
  server = await createTestServer({ quizEvents: { onQuizChanged: (quiz) => void published.push(quiz), onQuizDeleted: () => {} } });
  clientId = (await createTenant(server)).clientId;
});
afterEach(async () => {
  await server.close();
});

function scheduler(holder: string, leaseMs = 10 * SECOND) {
  const quizEvents = { onQuizChanged: (quiz: QuizLiveState) => void published.push(quiz), onQuizDeleted: () => {} };
  const uploads = localUploadStore(path.join(server.config.dataDir, 'uploads'));
  const quizzes = quizService({ db: server.db, clock: server.clock, uploads, quizEvents, log: server.app.log });
  return autoScheduler({ db: server.db, clock: server.clock, quizzes, log: server.app.log, holder, leaseMs });
}

const START = Date.parse('2026-01-01T10:00:00.000Z');

async function autoQuiz(settings: { time_based: boolean; endsAfterMs: number; questions?: number }): Promise<number> {
  const category = await server.db
    .insertInto('categories')
    .values({ name: `C${Math.random()}`, ...created(server.clock, clientId) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const quiz = await server.db
    .insertInto('quizzes')
    .values({
      name: 'Auto',
      mode: 'AUTO',
      status: 'ANNOUNCED',
      active: true,
      time_based: settings.time_based,
      before_qs_timer: 5,
      qs_timer: 10,
      timer_bw_qs: 5,
      show_count_down: false,
      show_options: false,
      join_code: '7',
      quiz_hash: `hash-${Math.random()}`,
      start_date_time: new Date(START).toISOString(),
      end_date_time: new Date(START + settings.endsAfterMs).toISOString(),
      ...created(server.clock, clientId),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let position = 0; position < (settings.questions ?? 3); position += 1) {
    const question = await server.db
      .insertInto('questions')
      .values({
        category_id: category.id,
        description: `Q${position}`,
        options: 'A: a, B: b',
        correct_option: 'A',
        ...created(server.clock, clientId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('quiz_questions').values({ quiz_id: quiz.id, question_id: question.id, position }).execute();
  }
  return quiz.id;
}

async function stateOf(id: number) {
  const row = await server.db.selectFrom('quizzes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    status: row.status,
    question_no: toCount(row.question_no),
    question_started_at: row.question_started_at === null ? null : toCount(row.question_started_at),
    question_ends_at: row.question_ends_at === null ? null : toCount(row.question_ends_at),
  };
}

const at = (ms: number) => server.clock.set(new Date(START + ms));
const idle = (status: string, question_no: number) => ({ status, question_no, question_started_at: null, question_ends_at: null });
const question = (question_no: number, opened: number) => ({
  status: 'STARTED',
  question_no,
  question_started_at: START + opened,
  question_ends_at: START + opened + 15 * SECOND,
});

describe('AUTO scheduler', () => {
  it('walks a time based quiz through every status and question at the right times', async () => {
    const id = await autoQuiz({ time_based: true, endsAfterMs: 10 * 60 * SECOND });
    const auto = scheduler('a');
    // [time from start, expected state]: alert 5 s + answering 10 s + pause 5 s per question.
    const walk: [number, object][] = [
      [-60 * SECOND, idle('ANNOUNCED', 1)],
      [-1, idle('ANNOUNCED', 1)],
      [0, question(1, 0)],
      [19 * SECOND, question(1, 0)],
      [20 * SECOND, question(2, 20 * SECOND)],
      [40 * SECOND, question(3, 40 * SECOND)],
      [55 * SECOND - 1, question(3, 40 * SECOND)],
      [55 * SECOND, idle('RESULT_AWAITED', 3)],
      [60 * SECOND, idle('RESULT_ANNOUNCED', 3)],
      [10 * 60 * SECOND - 1, idle('RESULT_ANNOUNCED', 3)],
      [10 * 60 * SECOND, idle('COMPLETED', 3)],
    ];
    for (const [time, expected] of walk) {
      at(time);
      await auto.tick();
      expect(await stateOf(id), `at ${time} ms`).toEqual(expected);
    }
    expect(published.map((quiz) => `${quiz.status}:${quiz.question_no}`)).toEqual([
      'STARTED:1',
      'STARTED:2',
      'STARTED:3',
      'RESULT_AWAITED:3',
      'RESULT_ANNOUNCED:3',
      'COMPLETED:3',
    ]);
  });

  it('runs a self-paced quiz from start to end, then shows results and completes (each status published)', async () => {
    const id = await autoQuiz({ time_based: false, endsAfterMs: 30 * 60 * SECOND });
    const auto = scheduler('a');
    at(-1);
    await auto.tick();
    expect(await stateOf(id)).toEqual(idle('ANNOUNCED', 1));
    at(0);
    await auto.tick();
    expect(await stateOf(id)).toEqual({
      status: 'STARTED',
      question_no: 1,
      question_started_at: START,
      question_ends_at: START + 30 * 60 * SECOND,
    });
    at(30 * 60 * SECOND);
    await auto.tick();
    expect(await stateOf(id)).toEqual(idle('RESULT_AWAITED', 3));
    // end_date_time has passed when the results are announced: COMPLETED follows on the next tick.
    at(30 * 60 * SECOND + 5 * SECOND);
    await auto.tick();
    expect(await stateOf(id)).toEqual(idle('RESULT_ANNOUNCED', 3));
    await auto.tick();
    expect(await stateOf(id)).toEqual(idle('COMPLETED', 3));
    expect(published.map((quiz) => quiz.status)).toEqual(['STARTED', 'RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED']);
  });

  it('resumes at the right question after a restart (a new scheduler on the same database)', async () => {
    const id = await autoQuiz({ time_based: true, endsAfterMs: 10 * 60 * SECOND });
    at(0);
    await scheduler('before-restart').tick();
    expect(await stateOf(id)).toEqual(question(1, 0));
    // Down for 45 s (longer than the dead instance's lease): back in the middle of question 3.
    at(45 * SECOND);
    expect(await scheduler('after-restart').tick()).toBe(1);
    expect(await stateOf(id)).toEqual(question(3, 40 * SECOND));
  });

  it('never moves a quiz backwards (an admin may move an AUTO quiz ahead of its timers)', async () => {
    const id = await autoQuiz({ time_based: false, endsAfterMs: 30 * 60 * SECOND });
    await server.db.updateTable('quizzes').set({ status: 'RESULT_AWAITED' }).where('id', '=', id).execute();
    at(60 * SECOND);
    expect(await scheduler('a').tick()).toBe(0);
    expect((await stateOf(id)).status).toBe('RESULT_AWAITED');
  });

  it('lets only one of two instances advance quizzes, and the other take over when the lease ends', async () => {
    const id = await autoQuiz({ time_based: true, endsAfterMs: 10 * 60 * SECOND });
    const first = scheduler('first', 30 * SECOND);
    const second = scheduler('second', 30 * SECOND);
    at(0);
    expect(await first.tick()).toBe(1);
    at(20 * SECOND);
    expect(await second.tick()).toBe(0);
    expect((await stateOf(id)).question_no).toBe(1);
    expect(await first.tick()).toBe(1);
    expect((await stateOf(id)).question_no).toBe(2);
    // The first instance stops renewing (crashed): once its lease (renewed at 20 s) ends, the second runs.
    at(50 * SECOND - 1);
    expect(await second.tick()).toBe(0);
    at(50 * SECOND);
    expect(await second.tick()).toBe(1);
    expect((await stateOf(id)).question_no).toBe(3);
    expect(await first.tick()).toBe(0);
    expect(published.map((quiz) => quiz.question_no)).toEqual([1, 2, 3]);
  });

  it('gives the lease up on stop, so another instance need not wait for it to expire', async () => {
    await autoQuiz({ time_based: true, endsAfterMs: 10 * 60 * SECOND });
    const first = scheduler('first', 60 * 60 * SECOND);
    at(0);
    expect(await first.tick()).toBe(1);
    await first.start(60 * 60 * SECOND).stop();
    at(20 * SECOND);
    expect(await scheduler('second').tick()).toBe(1);
  });
});
