import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { quizDetail, quizSummary } from '../../src/lib/contract/quiz';
import { isJoinCode, statusOrder } from '../../src/lib/quiz-rules';
import { localUploadStore } from '../http/uploads';
import { createTenant, createTestServer, login, type TestServer } from '../test/support';
import { seedDemoQuizzes } from './quizzes';
import { seedDemo } from './seed';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
});

it('seeds a quiz for every status of both modes, with ordered questions and join codes', async () => {
  const uploads = localUploadStore(path.join(server.config.dataDir, 'uploads'));
  await seedDemo(server.db, server.clock, { email: 'demo@demo.quiz', password: 'demo-pass-2026' }, uploads);
  const headers = { authorization: `Token ${await login(server, 'demo@demo.quiz', 'demo-pass-2026')}` };
  const page = (await server.app.inject({ url: '/api/v1/portal-quiz/?page_size=100', headers })).json();
  const quizzes = page.results.map((row: unknown) => quizSummary.parse(row));
  for (const mode of ['AUTO', 'MANUAL'] as const) {
    const statuses = quizzes.filter((quiz: { mode: string }) => quiz.mode === mode).map((quiz: { status: string }) => quiz.status);
    expect(statuses.sort()).toEqual([...statusOrder(mode)].sort());
  }
  const joinCodes = quizzes.map((quiz: { join_code: string }) => quiz.join_code);
  expect(joinCodes.every(isJoinCode)).toBe(true);
  expect(new Set(joinCodes).size).toBe(joinCodes.length);
  expect(quizzes.every((quiz: { question_count: number }) => quiz.question_count >= 4)).toBe(true);

  const onStage = quizzes.find((quiz: { mode: string; status: string }) => quiz.mode === 'MANUAL' && quiz.status === 'STARTED');
  const detail = quizDetail.parse((await server.app.inject({ url: `/api/v1/quiz/${onStage.id}/`, headers })).json());
  expect(detail.question_no).toBe(2);
  expect(detail.questions_detail.map((question) => question.id)).toEqual(detail.questions);
  expect((await server.app.inject({ url: new URL(detail.sponsor_logo ?? '').pathname })).headers['content-type']).toBe('image/png');
  // The stepping rules hold on the demo: the next question is accepted.
  const step = await server.app.inject({ method: 'PATCH', url: `/api/v1/quiz/${onStage.id}/`, payload: { question_no: 3 }, headers });
  expect(step.json().question_no).toBe(3);
});

it('shows the playable quiz first on the first page of List of Quizzes', async () => {
  await seedDemo(server.db, server.clock, { email: 'demo@demo.quiz', password: 'demo-pass-2026' });
  const headers = { authorization: `Token ${await login(server, 'demo@demo.quiz', 'demo-pass-2026')}` };
  const first = (await server.app.inject({ url: '/api/v1/portal-quiz/', headers })).json() as {
    results: { quiz_hash: string }[];
  };
  expect(first.results.length).toBeLessThan(11);
  expect(first.results[0]?.quiz_hash).toBe('demo-live-quiz');
});

it('makes a few questions of its own when the client has none', async () => {
  const tenant = await createTenant(server);
  await seedDemoQuizzes({ db: server.db, clock: server.clock, clientId: tenant.clientId, userId: tenant.userId });
  const links = await server.db.selectFrom('quiz_questions').select('question_id').distinct().execute();
  expect(links).toHaveLength(5);
  expect(await server.db.selectFrom('quizzes').select('id').execute()).toHaveLength(11);
});

it('has a quiz ready to play live and a poll open for votes, with real vote counts', async () => {
  await seedDemo(server.db, server.clock, {
    email: 'demo@demo.quiz',
    password: 'demo-pass-2026',
    viewerAppUrl: 'http://quiz.example/play/',
  });
  const quiz = await server.app.inject({ url: '/api/v1/play/quizzes/demo-live-quiz/' });
  expect(quiz.json()).toMatchObject({ mode: 'MANUAL', status: 'ANNOUNCED', join_open: true, join_with: { form: true } });
  const joined = await server.app.inject({
    method: 'POST',
    url: '/api/v1/play/quizzes/demo-live-quiz/join',
    payload: { join_code: '1234', first_name: 'Demo', last_name: 'Player', email: 'demo.player@example.test', mobile: '+1 555 0100' },
  });
  expect(joined.statusCode, joined.body).toBe(201);
  const poll = await server.app.inject({ url: '/api/v1/play/polls/demo-poll-link/' });
  expect(poll.json()).toMatchObject({ active: true, show_options: true });
  // Its link key opens it, not its poll hash.
  expect((await server.app.inject({ url: '/api/v1/play/polls/demo-live-poll/' })).statusCode).toBe(404);
  const choices = await server.db.selectFrom('poll_choices').select(['id', 'votes']).execute();
  for (const choice of choices) {
    const votes = await server.db.selectFrom('poll_votes').select('id').where('choice_id', '=', choice.id).execute();
    expect(votes.length).toBe(Number(choice.votes));
  }
  const voter = await server.app.inject({ method: 'POST', url: '/api/v1/play/polls/demo-poll-link/join', payload: { join_code: '4321' } });
  expect(voter.statusCode).toBe(201);
  const client = await server.db.selectFrom('clients').select('viewer_app_url').executeTakeFirstOrThrow();
  expect(client.viewer_app_url).toBe('http://quiz.example/play/');
});

it('tells a consistent story: attempts only on played quizzes, in progress only while started, within their quiz and before now', async () => {
  await seedDemo(server.db, server.clock, { email: 'demo@demo.quiz', password: 'demo-pass-2026' });
  const now = server.clock.now().getTime();
  const rows = await server.db
    .selectFrom('attempts')
    .innerJoin('quizzes', 'quizzes.id', 'attempts.quiz_id')
    .select([
      'quizzes.name as quiz',
      'quizzes.status as quizStatus',
      'quizzes.start_date_time as quizStart',
      'quizzes.end_date_time as quizEnd',
      'attempts.status as status',
      'attempts.start_date_time as started',
      'attempts.time_taken as timeTaken',
    ])
    .execute();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const where = `${row.quiz} (${row.quizStatus}): ${row.status} attempt`;
    expect(['STARTED', 'RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED'], where).toContain(row.quizStatus);
    if (row.status === 'IN_PROGRESS') expect(row.quizStatus, where).toBe('STARTED');
    const started = Date.parse(row.started);
    expect(started, where).toBeGreaterThanOrEqual(Date.parse(row.quizStart));
    expect(started + Number(row.timeTaken) * 1000, where).toBeLessThanOrEqual(Math.min(now, Date.parse(row.quizEnd)) + 1000);
  }
  // Every played quiz has attempts to report, the ones still to come none.
  const quizzes = await server.db.selectFrom('quizzes').select(['id', 'status', 'start_date_time', 'end_date_time', 'quiz_hash']).execute();
  for (const quiz of quizzes) {
    const count = (await server.db.selectFrom('attempts').select('id').where('quiz_id', '=', quiz.id).execute()).length;
    if (quiz.status === 'ANNOUNCED' || quiz.status === 'ACTIVATED') expect(count, quiz.status).toBe(0);
    else expect(count, quiz.status).toBeGreaterThan(0);
    // Dates fit the status: not started yet before it starts, ended quizzes in the past.
    if (quiz.status === 'COMPLETED') expect(Date.parse(quiz.end_date_time)).toBeLessThanOrEqual(now);
    if (quiz.status !== 'ANNOUNCED' && quiz.status !== 'ACTIVATED') expect(Date.parse(quiz.start_date_time)).toBeLessThanOrEqual(now);
    expect(Date.parse(quiz.end_date_time)).toBeGreaterThan(Date.parse(quiz.start_date_time));
  }
  // The quiz ready to play live keeps its link and code.
  expect(quizzes.find((quiz) => quiz.quiz_hash === 'demo-live-quiz')).toMatchObject({ status: 'ANNOUNCED' });
});
