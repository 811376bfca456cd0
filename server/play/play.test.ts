import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAY_MESSAGES, attemptsUsedUpMessage, tooManyJoinCodesMessage } from '../../src/lib/contract/play';
import { NAME_CHARACTERS_MESSAGE } from '../../src/lib/contract/participant';
import { liveQuizCountsPath, liveQuizTopTenPath } from '../../src/lib/contract/live';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { recordingLiveWriter } from './live-writer';
import {
  answer,
  createPlayQuiz,
  deviceCookieOf,
  hostSets,
  joinQuiz,
  joined,
  playerForm,
  stateOf,
  type Json,
  type SignedIn,
} from './play-test-support';

// Play on the server: joining, the phone's state, answers and their refusals, scoring, ranks,
// reset. Each refusal is a 4xx with the message the phone shows, never a 500.

let server: TestServer;
let admin: SignedIn;
let live: ReturnType<typeof recordingLiveWriter>;

beforeEach(async () => {
  live = recordingLiveWriter();
  server = await createTestServer({ liveWriter: live });
  admin = await signedInTenant(server, { socialAuth: true, pollEnabled: true });
});
afterEach(async () => {
  await server.close();
});

const detail = (response: { json(): unknown }) => (response.json() as { detail?: string }).detail;

describe('the public quiz', () => {
  it('tells the join screen what it needs, and nothing of the questions', async () => {
    const quiz = await createPlayQuiz(server, admin);
    const response = await server.app.inject({ url: `/api/v1/play/quizzes/${quiz.hash}/` });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Json;
    expect(body).toMatchObject({
      quiz_hash: quiz.hash,
      status: 'ANNOUNCED',
      question_count: 3,
      join_open: true,
      join_with: { form: true, social: false, social_label: null },
      server_time: server.clock.now().getTime(),
    });
    expect(response.body).not.toContain('Secret question');
    expect(response.body).not.toContain('1234');
  });

  it('answers 404 with the message for a link that is not a quiz', async () => {
    for (const hash of ['nope', 'x'.repeat(65), '<script>']) {
      const response = await server.app.inject({ url: `/api/v1/play/quizzes/${encodeURIComponent(hash)}/` });
      expect(response.statusCode, hash).toBe(404);
    }
    expect(detail(await server.app.inject({ url: '/api/v1/play/quizzes/nope/' }))).toBe(PLAY_MESSAGES.unknownQuiz);
  });
});

describe('joining', () => {
  it('makes a viewer of the client and an attempt, and gives a participant token', async () => {
    const quiz = await createPlayQuiz(server, admin);
    const response = await joinQuiz(server, quiz.hash, playerForm({ email: 'Ada@Example.test', first_name: 'Ada' }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { token: string; participant: Json; attempt: Json };
    expect(body.token).toMatch(/^[0-9a-f]{40}$/);
    expect(body.participant).toMatchObject({ first_name: 'Ada', email: 'ada@example.test' });
    expect(body.attempt).toMatchObject({ score: 0, rank: null, status: 'IN_PROGRESS' });
    // The portal sees the viewer and the attempt.
    const viewers = await server.app.inject({ url: '/api/v1/profiles/viewer/', headers: admin.headers });
    expect(viewers.body).toContain('ada@example.test');
    const attempts = await server.app.inject({ url: `/api/v1/attempts/?quiz=${quiz.id}`, headers: admin.headers });
    expect((attempts.json() as { count: number }).count).toBe(1);
    // The token is stored hashed only.
    const stored = await server.db.selectFrom('participant_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(body.token);
  });

  it('continues the device’s own viewer, within max_attempt_count', async () => {
    const quiz = await createPlayQuiz(server, admin, { max_attempt_count: 2 });
    const form = playerForm();
    const first = await joinQuiz(server, quiz.hash, form);
    expect(first.statusCode).toBe(201);
    const device = deviceCookieOf(first);
    expect((await joinQuiz(server, quiz.hash, form, undefined, device)).statusCode).toBe(201);
    const third = await joinQuiz(server, quiz.hash, form, undefined, device);
    expect(third.statusCode).toBe(403);
    expect(detail(third)).toBe(attemptsUsedUpMessage(2));
    const viewers = await server.db.selectFrom('viewers').select('id').where('email', '=', String(form.email)).execute();
    expect(viewers).toHaveLength(1);
  });

  it('gives the device’s returning viewer this join’s details, kept when the attempts are used up too', async () => {
    const quiz = await createPlayQuiz(server, admin, { max_attempt_count: 1 });
    const form = playerForm();
    const first = await joinQuiz(server, quiz.hash, form);
    expect(first.statusCode).toBe(201);
    const again = await joinQuiz(
      server,
      quiz.hash,
      { ...form, email: String(form.email).toUpperCase(), first_name: 'Renamed', mobile: '+1 555 0199' },
      undefined,
      deviceCookieOf(first),
    );
    expect(again.statusCode).toBe(403);
    expect(detail(again)).toBe(attemptsUsedUpMessage(1));
    const viewers = await server.db
      .selectFrom('viewers')
      .select(['id', 'first_name', 'mobile', 'version'])
      .where('email', '=', String(form.email).toLowerCase())
      .execute();
    expect(viewers).toEqual([
      { id: (first.json() as { participant: { id: number } }).participant.id, first_name: 'Renamed', mobile: '+1 555 0199', version: 2 },
    ]);
    const attempts = await server.db.selectFrom('attempts').select('id').where('quiz_id', '=', quiz.id).execute();
    expect(attempts).toHaveLength(1);
    const tokens = await server.db.selectFrom('participant_tokens').select('id').where('quiz_id', '=', quiz.id).execute();
    expect(tokens).toHaveLength(1);
  });

  it('refuses a wrong code with the message, and makes a network that keeps trying wait, with the message', async () => {
    const quiz = await createPlayQuiz(server, admin);
    const wrong = await joinQuiz(server, quiz.hash, playerForm({ join_code: '9999' }), '10.9.9.9');
    expect(wrong.statusCode).toBe(400);
    expect(detail(wrong)).toBe(PLAY_MESSAGES.wrongJoinCode);
    for (let i = 1; i < 50; i += 1) await joinQuiz(server, quiz.hash, playerForm({ join_code: String(i) }), '10.9.9.9');
    const waiting = await joinQuiz(server, quiz.hash, playerForm({ join_code: '9998' }), '10.9.9.9');
    expect(waiting.statusCode).toBe(429);
    expect(detail(waiting)).toBe(tooManyJoinCodesMessage(1));
    expect(waiting.headers['retry-after']).toBe('1');
  });

  it('is open from ANNOUNCED to STARTED, closed from RESULT_AWAITED on, and only while the quiz is active', async () => {
    const quiz = await createPlayQuiz(server, admin);
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    expect((await joinQuiz(server, quiz.hash)).statusCode).toBe(201);
    await hostSets(server, admin, quiz.id, { status: 'RESULT_AWAITED' });
    const closed = await joinQuiz(server, quiz.hash);
    expect(closed.statusCode).toBe(403);
    expect(detail(closed)).toBe(PLAY_MESSAGES.quizClosed);

    const inactive = await createPlayQuiz(server, admin, { active: false });
    const refused = await joinQuiz(server, inactive.hash);
    expect(refused.statusCode).toBe(403);
    expect(detail(refused)).toBe(PLAY_MESSAGES.quizInactive);
    const pub = (await server.app.inject({ url: `/api/v1/play/quizzes/${inactive.hash}/` })).json() as Json;
    expect(pub.join_open).toBe(false);
  });

  it('refuses huge and script-laden names, and bad emails, as field errors', async () => {
    const quiz = await createPlayQuiz(server, admin);
    const cases: [Json, string][] = [
      [{ first_name: 'x'.repeat(151) }, 'first_name'],
      [{ last_name: '<script>alert(1)</script>' }, 'last_name'],
      [{ first_name: 'tab\u0007bell' }, 'first_name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ mobile: 'call me' }, 'mobile'],
      [{ join_code: '12345' }, 'join_code'],
    ];
    for (const [override, field] of cases) {
      const response = await joinQuiz(server, quiz.hash, playerForm(override));
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json() as Json), field).toContain(field);
    }
    const script = await joinQuiz(server, quiz.hash, playerForm({ last_name: '<b>x</b>' }));
    expect((script.json() as Json).last_name).toEqual([NAME_CHARACTERS_MESSAGE]);
  });

  it('refuses the form for a quiz joined by signing in only', async () => {
    const quiz = await createPlayQuiz(server, admin, { auth_used: 'SOCIAL_BASED' });
    const response = await joinQuiz(server, quiz.hash);
    expect(response.statusCode).toBe(403);
    expect(detail(response)).toBe(PLAY_MESSAGES.formNotOffered);
  });
});

describe('tokens', () => {
  it('an admin token answers nothing, a participant token opens no portal route', async () => {
    const quiz = await createPlayQuiz(server, admin);
    const player = await joined(server, quiz.hash);
    for (const headers of [admin.headers, {}, { authorization: 'Participant' }, { authorization: 'Participant nope' }]) {
      const state = await stateOf(server, headers);
      expect(state.statusCode, JSON.stringify(headers)).toBe(401);
      const posted = await answer(server, headers, { question: quiz.questions[0] as number, chosen_option: 'A', chosen_at: 1 });
      expect(posted.statusCode).toBe(401);
    }
    expect(detail(await stateOf(server, admin.headers))).toBe(PLAY_MESSAGES.participantOnly);
    for (const url of [
      '/api/v1/quiz/',
      '/api/v1/accounts/user/',
      `/api/v1/quiz/${quiz.id}/`,
      '/api/v1/attempts/',
      '/api/v1/profiles/viewer/',
    ]) {
      const response = await server.app.inject({ url, headers: player.headers });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('a quiz played live', () => {
  it('scores answers by time, reveals after the close, ranks with ties, and the portal shows it', async () => {
    const quiz = await createPlayQuiz(server, admin, { qs_timer: 20, before_qs_timer: 5 });
    const ana = await joined(server, quiz.hash, playerForm({ first_name: 'Ana', last_name: 'Kay' }));
    const bo = await joined(server, quiz.hash, playerForm({ first_name: 'Bo', last_name: 'Lee' }));
    const cy = await joined(server, quiz.hash, playerForm({ first_name: 'Cy', last_name: 'Moe' }));
    const t0 = server.clock.now().getTime();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });

    // The alert: no question yet.
    const alert = (await stateOf(server, ana.headers)).json() as Json & { quiz: Json };
    expect(alert.question).toBeNull();
    expect(alert.quiz).toMatchObject({
      status: 'STARTED',
      question_no: 1,
      answer_opens_at: t0 + 5000,
      closes_at: t0 + 25000,
      reveal_at: t0 + 40000,
    });
    const early = await answer(server, ana.headers, { question: quiz.questions[0] as number, chosen_option: 'A', chosen_at: t0 + 1000 });
    expect(early.statusCode).toBe(400);
    expect(detail(early)).toBe(PLAY_MESSAGES.questionNotOpen);

    server.clock.set(new Date(t0 + 5000));
    const open = (await stateOf(server, ana.headers)).json() as Json & { question: Json };
    expect(open.question).toMatchObject({
      id: quiz.questions[0],
      question_no: 1,
      options: [
        { letter: 'A', text: 'alpha' },
        { letter: 'B', text: 'bravo' },
        { letter: 'C', text: 'charlie' },
        { letter: 'D', text: 'delta' },
      ],
    });
    expect(JSON.stringify(open)).not.toContain('correct');

    // Ana right at once (1000), Bo right after 10 s (750), Cy wrong.
    const q1 = quiz.questions[0] as number;
    const a = await answer(server, ana.headers, { question: q1, chosen_option: 'A', chosen_at: t0 + 5000 }, 'ana-1');
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toEqual({ counted: true, score: 0 });
    server.clock.set(new Date(t0 + 15000));
    expect((await answer(server, bo.headers, { question: q1, chosen_option: 'A', chosen_at: t0 + 15000 })).json()).toEqual({
      counted: true,
      score: 0,
    });
    // Everybody answered: revealed at once.
    const last = await answer(server, cy.headers, { question: q1, chosen_option: 'B', chosen_at: t0 + 15000 });
    expect(last.json()).toEqual({ counted: true, correct: false, points: 0, score: 0 });
    // A repeat with the same key is acknowledged again, not counted twice; another answer is refused.
    const again = await answer(server, ana.headers, { question: q1, chosen_option: 'A', chosen_at: t0 + 5000 }, 'ana-1');
    expect(again.json()).toEqual({ counted: true, correct: true, points: 1000, score: 1000 });
    const second = await answer(server, ana.headers, { question: q1, chosen_option: 'B', chosen_at: t0 + 15000 }, 'ana-2');
    expect(second.statusCode).toBe(409);
    expect(detail(second)).toBe(PLAY_MESSAGES.alreadyAnswered);

    const revealed = (await stateOf(server, bo.headers)).json() as Json & { last_result: Json; attempt: Json };
    expect(revealed.last_result).toEqual({
      question_no: 1,
      question: q1,
      correct_option: 'A',
      correct_text: 'alpha',
      chosen_option: 'A',
      correct: true,
      points: 750,
    });
    expect(revealed.attempt).toMatchObject({ score: 750, time_taken: 10, rank: null });

    // Question 2: nobody answers in time but Cy (correct: B) after 20 s -> 500.
    const t1 = t0 + 30_000;
    server.clock.set(new Date(t1));
    await hostSets(server, admin, quiz.id, { question_no: 2 });
    const q2 = quiz.questions[1] as number;
    server.clock.set(new Date(t1 + 25_000));
    expect((await answer(server, cy.headers, { question: q2, chosen_option: 'B', chosen_at: t1 + 25_000 })).statusCode).toBe(200);
    // Ana ties Bo on question 3 to test shared ranks: both wrong.
    const t2 = t1 + 60_000;
    server.clock.set(new Date(t2));
    await hostSets(server, admin, quiz.id, { question_no: 3 });
    server.clock.set(new Date(t2 + 60_000));
    await hostSets(server, admin, quiz.id, { status: 'RESULT_AWAITED' });
    const awaited = (await stateOf(server, ana.headers)).json() as Json & { attempt: Json };
    expect(awaited.attempt).toMatchObject({ score: 1000, rank: null, status: 'COMPLETED' });
    expect(awaited.top_ten).toBeNull();

    await hostSets(server, admin, quiz.id, { status: 'RESULT_ANNOUNCED' });
    const results = (await stateOf(server, cy.headers)).json() as Json & { attempt: Json; top_ten: Json[] };
    expect(results.attempt).toMatchObject({ score: 500, rank: 3 });
    expect(results.top_ten).toEqual([
      { rank: 1, name: 'Ana K.', score: 1000, time_taken: 0 },
      { rank: 2, name: 'Bo L.', score: 750, time_taken: 10 },
      { rank: 3, name: 'Cy M.', score: 500, time_taken: 30 },
    ]);
    await server.app.playLive.flush();
    expect(live.latest(liveQuizTopTenPath(quiz.hash))).toMatchObject({ ranking: results.top_ten });

    // The portal's report shows the real play.
    const report = await server.db
      .selectFrom('attempts')
      .select(['score', 'time_taken', 'rank'])
      .where('quiz_id', '=', quiz.id)
      .orderBy('score', 'desc')
      .execute();
    expect(report.map((row) => [Number(row.score), Number(row.time_taken), row.rank === null ? null : Number(row.rank)])).toEqual([
      [1000, 0, 1],
      [750, 10, 2],
      [500, 30, 3],
    ]);
  });

  it('tells the correct option’s text with the result only when the quiz shows option texts', async () => {
    for (const show_options of [true, false]) {
      const quiz = await createPlayQuiz(server, admin, { qs_timer: 20, before_qs_timer: 0, show_options }, 1);
      const player = await joined(server, quiz.hash);
      const t0 = server.clock.now().getTime();
      await hostSets(server, admin, quiz.id, { status: 'STARTED' });
      // The only player answers: revealed at once.
      await answer(server, player.headers, { question: quiz.questions[0] as number, chosen_option: 'B', chosen_at: t0 });
      const state = (await stateOf(server, player.headers)).json() as { last_result: Json };
      expect(state.last_result).toMatchObject({ correct_option: 'A', correct_text: show_options ? 'alpha' : null, correct: false });
    }
  });

  it('ties share a rank', async () => {
    const quiz = await createPlayQuiz(server, admin, { qs_timer: 20, before_qs_timer: 0 }, 1);
    const players = [await joined(server, quiz.hash), await joined(server, quiz.hash), await joined(server, quiz.hash)];
    const t0 = server.clock.now().getTime();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    const q = quiz.questions[0] as number;
    await answer(server, players[0]!.headers, { question: q, chosen_option: 'A', chosen_at: t0 });
    await answer(server, players[1]!.headers, { question: q, chosen_option: 'A', chosen_at: t0 });
    server.clock.advance(60_000);
    await hostSets(server, admin, quiz.id, { status: 'RESULT_AWAITED' });
    await hostSets(server, admin, quiz.id, { status: 'RESULT_ANNOUNCED' });
    const ranks = [];
    for (const player of players)
      ranks.push(((await stateOf(server, player.headers)).json() as { attempt: { rank: number } }).attempt.rank);
    expect(ranks).toEqual([1, 1, 3]);
  });

  it('the 15-s rule: chosen in the window and arriving 14 s late counts with the points of the moment chosen; 20 s late is refused', async () => {
    const quiz = await createPlayQuiz(server, admin, { qs_timer: 20, before_qs_timer: 0 });
    const late = await joined(server, quiz.hash);
    const later = await joined(server, quiz.hash);
    await joined(server, quiz.hash); // one who never answers, so nothing is revealed early
    const t0 = server.clock.now().getTime();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    const q = quiz.questions[0] as number;
    const closes = t0 + 20_000;
    // Chosen 1 s before the close, on a phone that lost Wi-Fi; it arrives 14 s after the close.
    server.clock.set(new Date(closes + 14_000));
    const counted = await answer(server, late.headers, { question: q, chosen_option: 'A', chosen_at: closes - 1000 });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toEqual({ counted: true, score: 0 });
    server.clock.set(new Date(closes + 20_000));
    const refused = await answer(server, later.headers, { question: q, chosen_option: 'A', chosen_at: closes - 1000 });
    expect(refused.statusCode).toBe(400);
    expect(detail(refused)).toBe(PLAY_MESSAGES.tooLate);
    const state = (await stateOf(server, late.headers)).json() as { last_result: Json; attempt: Json };
    // round(1000 - 500 * 19/20) = 525: the points of the moment chosen, not of the arrival.
    expect(state.last_result).toMatchObject({ correct: true, points: 525 });
    expect(state.attempt).toMatchObject({ score: 525, time_taken: 19 });
  });

  it('trusts a stamp by at most 15 s: a forged early stamp gains at most that, a future one nothing', async () => {
    const quiz = await createPlayQuiz(server, admin, { qs_timer: 60, before_qs_timer: 0 }, 2);
    const forger = await joined(server, quiz.hash);
    await joined(server, quiz.hash);
    const t0 = server.clock.now().getTime();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    server.clock.set(new Date(t0 + 40_000));
    const q = quiz.questions[0] as number;
    await answer(server, forger.headers, { question: q, chosen_option: 'A', chosen_at: t0 });
    const stored = await server.db.selectFrom('answers').select(['chosen_at', 'points']).executeTakeFirstOrThrow();
    expect(Number(stored.chosen_at)).toBe(t0 + 25_000);
    expect(Number(stored.points)).toBe(Math.round(1000 - (500 * 25) / 60));
  });

  it('refuses another quiz’s question and a question not open yet', async () => {
    const quiz = await createPlayQuiz(server, admin);
    const other = await createPlayQuiz(server, admin);
    const player = await joined(server, quiz.hash);
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    server.clock.advance(6000);
    const foreign = await answer(server, player.headers, {
      question: other.questions[0] as number,
      chosen_option: 'A',
      chosen_at: server.clock.now().getTime(),
    });
    expect(foreign.statusCode).toBe(400);
    expect(detail(foreign)).toBe(PLAY_MESSAGES.questionNotInQuiz);
    const ahead = await answer(server, player.headers, {
      question: quiz.questions[2] as number,
      chosen_option: 'A',
      chosen_at: server.clock.now().getTime(),
    });
    expect(ahead.statusCode).toBe(400);
    expect(detail(ahead)).toBe(PLAY_MESSAGES.questionNotOpen);
    for (const payload of [
      {},
      { question: 'x' },
      { question: quiz.questions[0], chosen_option: 'E', chosen_at: 1 },
      { question: quiz.questions[0], chosen_option: 'A', chosen_at: -5 },
      { question: quiz.questions[0], chosen_option: 'A', chosen_at: 1e300 },
    ]) {
      const response = await server.app.inject({ method: 'POST', url: '/api/v1/play/attempt/answers', payload, headers: player.headers });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('Reset Attempts ends every place, clears answers and rounds, and lets everyone play again', async () => {
    const quiz = await createPlayQuiz(server, admin, { max_attempt_count: 1 });
    const form = playerForm();
    const first = await joinQuiz(server, quiz.hash, form);
    const device = deviceCookieOf(first);
    const player = { headers: { authorization: `Participant ${(first.json() as { token: string }).token}` } };
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    server.clock.advance(6000);
    await answer(server, player.headers, {
      question: quiz.questions[0] as number,
      chosen_option: 'A',
      chosen_at: server.clock.now().getTime(),
    });
    expect((await joinQuiz(server, quiz.hash, form, undefined, device)).statusCode).toBe(403);
    const reset = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/quiz-reset-attempts/',
      payload: { quiz: quiz.id },
      headers: admin.headers,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const ended = await stateOf(server, player.headers);
    expect(ended.statusCode).toBe(401);
    expect(detail(ended)).toBe(PLAY_MESSAGES.placeEnded);
    for (const table of ['answers', 'participant_tokens'] as const) {
      expect(await server.db.selectFrom(table).select('id').execute(), table).toHaveLength(0);
    }
    const again = await joinQuiz(server, quiz.hash, form, undefined, device);
    expect(again.statusCode, again.body).toBe(201);
    const rejoined = { headers: { authorization: `Participant ${(again.json() as { token: string }).token}` } };
    const state = (await stateOf(server, rejoined.headers)).json() as { my_answer: unknown; attempt: Json };
    expect(state.my_answer).toBeNull();
    expect(state.attempt).toMatchObject({ score: 0 });
  });
});

describe('a self-paced quiz (AUTO, time_based off)', () => {
  it('opens each participant’s next question on request; a correct answer scores 1000, shown at once', async () => {
    const quiz = await createPlayQuiz(
      server,
      admin,
      { mode: 'AUTO', time_based: false, qs_timer: 30, before_qs_timer: 0, timer_bw_qs: 5 },
      2,
    );
    await server.db.updateTable('quizzes').set({ status: 'STARTED' }).where('id', '=', quiz.id).execute();
    const player = await joined(server, quiz.hash);
    const next = (url = '/api/v1/play/attempt/next') => server.app.inject({ method: 'POST', url, headers: player.headers });
    const before = (await stateOf(server, player.headers)).json() as { question: unknown; quiz: Json };
    expect(before.question).toBeNull();
    expect(before.quiz.question_no).toBe(0);
    const first = (await next()).json() as { question: Json };
    expect(first.question).toMatchObject({ id: quiz.questions[0], question_no: 1 });
    const skip = await next();
    expect(skip.statusCode).toBe(400);
    expect(detail(skip)).toBe(PLAY_MESSAGES.finishQuestionFirst);
    server.clock.advance(12_000);
    const ack = await answer(server, player.headers, {
      question: quiz.questions[0] as number,
      chosen_option: 'A',
      chosen_at: server.clock.now().getTime(),
    });
    expect(ack.json()).toEqual({ counted: true, correct: true, points: 1000, score: 1000 });
    const second = (await next()).json() as { question: Json; attempt: Json };
    expect(second.question).toMatchObject({ id: quiz.questions[1], question_no: 2 });
    server.clock.advance(31_000 + 15_000);
    const done = await next();
    expect(done.statusCode).toBe(400);
    expect(detail(done)).toBe(PLAY_MESSAGES.noMoreQuestions);
  });

  it('refuses next in a quiz the host runs', async () => {
    const quiz = await createPlayQuiz(server, admin);
    const player = await joined(server, quiz.hash);
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/play/attempt/next', headers: player.headers });
    expect(response.statusCode).toBe(400);
    expect(detail(response)).toBe(PLAY_MESSAGES.notSelfPaced);
  });
});

describe('live counts', () => {
  it('writes joined and answered, withholds the options chosen until the reveal, and lists recent joiners', async () => {
    await server.db.updateTable('clients').set({ recent_participant_time: 30 }).where('id', '=', admin.clientId).execute();
    const quiz = await createPlayQuiz(server, admin, { qs_timer: 20, before_qs_timer: 0 });
    const ana = await joined(server, quiz.hash, playerForm({ first_name: 'Ana' }));
    await joined(server, quiz.hash, playerForm({ first_name: 'Bo' }));
    const t0 = server.clock.now().getTime();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    await answer(server, ana.headers, { question: quiz.questions[0] as number, chosen_option: 'C', chosen_at: t0 });
    await server.app.playLive.flush();
    const path = liveQuizCountsPath(quiz.hash);
    const during = live.latest(path) as Json;
    expect(during).toMatchObject({ joined: 2, question_no: 1, answered: 1, chosen: {}, recent: ['Bo', 'Ana'] });
    server.clock.advance(40_000);
    server.app.playLive.quizActivity(quiz.id);
    await server.app.playLive.flush();
    expect(live.latest(path)).toMatchObject({ question_no: 1, answered: 1, chosen: { C: 1 } });
    await hostSets(server, admin, quiz.id, { question_no: 2 });
    await hostSets(server, admin, quiz.id, { question_no: 1 });
    await server.app.playLive.flush();
    // Going back shows question 1 as it closed: revealed, its split still out (a closed round never reopens).
    expect(live.latest(path)).toMatchObject({ question_no: 1, answered: 1, chosen: { C: 1 }, reveal_at: t0 + 35_000 });
  });
});
