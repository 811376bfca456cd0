import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveQuizCountsPath, livePollPath } from '../../src/lib/contract/live';
import { PLAY_MESSAGES, attemptsUsedUpMessage } from '../../src/lib/contract/play';
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

// A fair room: nothing a player or a stranger does changes another's result or locks them out. One test per
// rule; each would pass a cheat on the code before these rules (docs/security.md).

let server: TestServer;
let admin: SignedIn;
let live: ReturnType<typeof recordingLiveWriter>;

beforeEach(async () => {
  live = recordingLiveWriter();
  server = await createTestServer({ liveWriter: live });
  admin = await signedInTenant(server, { pollEnabled: true });
});
afterEach(() => server.close());

const detail = (response: { json(): unknown }) => (response.json() as { detail?: string }).detail;
const tokenOf = (response: { json(): unknown }) => (response.json() as { token: string }).token;
const participant = (token: string) => ({ authorization: `Participant ${token}` });

interface StateBody {
  quiz: { question_no: number; closes_at: number | null; reveal_at: number | null };
  question: { id: number } | null;
  my_answer: unknown;
  last_result: { question_no: number; correct_option: string } | null;
  attempt: { score: number };
  server_time: number;
}
const stateBody = async (headers: Record<string, string>) => (await stateOf(server, headers)).json() as StateBody;

describe('a revealed question never opens again', () => {
  it('Previous shows it revealed and refuses answers to it', async () => {
    const quiz = await createPlayQuiz(server, admin, { qs_timer: 20, before_qs_timer: 0 });
    const ana = await joined(server, quiz.hash);
    const idle = await joined(server, quiz.hash);
    const t0 = server.clock.now().getTime();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    const q1 = quiz.questions[0] as number;
    expect((await answer(server, ana.headers, { question: q1, chosen_option: 'A', chosen_at: t0 })).statusCode).toBe(200);
    // The time runs out and the grace passes: "The answer was A".
    server.clock.set(new Date(t0 + 36_000));
    expect((await stateBody(idle.headers)).last_result).toMatchObject({ question_no: 1, correct_option: 'A' });
    await hostSets(server, admin, quiz.id, { question_no: 2 });
    server.clock.advance(2000);
    await hostSets(server, admin, quiz.id, { question_no: 1 });
    const back = await stateBody(idle.headers);
    expect(back.quiz.question_no).toBe(1);
    expect(back.quiz.closes_at).toBe(t0 + 20_000);
    expect(back.quiz.reveal_at).toBe(t0 + 35_000);
    const now = server.clock.now().getTime();
    const refused = await answer(server, idle.headers, { question: q1, chosen_option: 'A', chosen_at: now });
    expect(refused.statusCode).toBe(400);
    expect(detail(refused)).toBe(PLAY_MESSAGES.tooLate);
    expect((await stateBody(idle.headers)).attempt.score).toBe(0);
  });
});

describe('wrong codes never lock out a right one', () => {
  it('30 wrong codes from one address, then the right one joins, and the same address joins other quizzes', async () => {
    const quiz = await createPlayQuiz(server, admin);
    const other = await createPlayQuiz(server, admin);
    for (let i = 0; i < 30; i += 1) {
      const wrong = await joinQuiz(server, quiz.hash, playerForm({ join_code: String(1000 + i) }), '198.51.100.7');
      expect(wrong.statusCode).toBe(400);
    }
    expect((await joinQuiz(server, quiz.hash, playerForm(), '198.51.100.7')).statusCode).toBe(201);
    expect((await joinQuiz(server, other.hash, playerForm(), '198.51.100.7')).statusCode).toBe(201);
  });

  it('wrong codes from many addresses do not shut the quiz for anybody else', async () => {
    const quiz = await createPlayQuiz(server, admin);
    for (let i = 0; i < 250; i += 1) {
      await joinQuiz(server, quiz.hash, playerForm({ join_code: String(i % 1000) }), `203.0.113.${i % 250}`);
    }
    expect((await joinQuiz(server, quiz.hash, playerForm(), '192.0.2.44')).statusCode).toBe(201);
    expect((await joinQuiz(server, quiz.hash, playerForm(), '192.0.2.45')).statusCode).toBe(201);
  });
});

describe('a participant is a device’s token, not an email', () => {
  it('a join naming someone else’s email neither changes their record nor uses their attempts, and tells nothing', async () => {
    const quiz = await createPlayQuiz(server, admin, { max_attempt_count: 2 });
    const ada = playerForm({ first_name: 'Ada', email: 'ada@example.test', mobile: '+44 7700 900001' });
    const first = await joinQuiz(server, quiz.hash, ada);
    expect(first.statusCode).toBe(201);
    const adaId = (first.json() as { participant: { id: number } }).participant.id;
    const strangers = [];
    for (let i = 0; i < 3; i += 1) {
      strangers.push(await joinQuiz(server, quiz.hash, { ...ada, first_name: 'Mallory', mobile: '+44 7700 900666' }, '10.6.6.6'));
    }
    const unplayed = await joinQuiz(server, quiz.hash, { ...ada, email: 'nobody@example.test' }, '10.6.6.6');
    for (const response of [...strangers, unplayed]) {
      expect(response.statusCode).toBe(201);
      const body = response.json() as { participant: { id: number; created_at: string } };
      expect(body.participant.id).not.toBe(adaId);
      expect(Object.keys(body).sort()).toEqual(Object.keys(unplayed.json() as object).sort());
    }
    const record = await server.db
      .selectFrom('viewers')
      .select(['first_name', 'mobile', 'version'])
      .where('id', '=', adaId)
      .executeTakeFirst();
    expect(record).toEqual({ first_name: 'Ada', mobile: '+44 7700 900001', version: 1 });
    // Ada's second attempt is still hers.
    const again = await joinQuiz(server, quiz.hash, ada, undefined, deviceCookieOf(first));
    expect(again.statusCode).toBe(201);
    expect((again.json() as { participant: { id: number } }).participant.id).toBe(adaId);
    const third = await joinQuiz(server, quiz.hash, ada, undefined, deviceCookieOf(first));
    expect(detail(third)).toBe(attemptsUsedUpMessage(2));
  });
});

async function createPoll(overrides: Json = {}): Promise<{ id: number; key: string; choices: number[] }> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/poll-list/',
    payload: { name: 'Best snack', join_code: '4321', show_options: true, show_total_votes: true, active: true, ...overrides },
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  const poll = response.json() as { id: number; link_key: string };
  const choices: number[] = [];
  for (const name of ['Crisps', 'Nuts']) {
    const choice = await server.app.inject({
      method: 'POST',
      url: '/api/v1/poll-choices/',
      payload: { name, question: poll.id },
      headers: admin.headers,
    });
    choices.push((choice.json() as { id: number }).id);
  }
  return { id: poll.id, key: poll.link_key, choices };
}

const joinPoll = (target: TestServer, key: string, ip: string, cookie?: string, code = '4321') =>
  target.app.inject({
    method: 'POST',
    url: `/api/v1/play/polls/${key}/join`,
    payload: { join_code: code },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
const vote = (key: string, token: string, choice: number) =>
  server.app.inject({ method: 'POST', url: `/api/v1/play/polls/${key}/vote`, payload: { choice }, headers: participant(token) });

describe('public live nodes carry only what any player may see', () => {
  it('a poll with hidden counts publishes none', async () => {
    const poll = await createPoll({ show_options: false, show_total_votes: false });
    const token = tokenOf(await joinPoll(server, poll.key, '10.2.0.1'));
    expect((await vote(poll.key, token, poll.choices[0] as number)).statusCode).toBe(200);
    await server.app.playLive.flush();
    expect(live.latest(livePollPath(poll.key))).toMatchObject({ votes: {}, total: 0, active: true });
    const totalOnly = await createPoll({ show_options: false, show_total_votes: true });
    const voter = tokenOf(await joinPoll(server, totalOnly.key, '10.2.0.1'));
    await vote(totalOnly.key, voter, totalOnly.choices[1] as number);
    await server.app.playLive.flush();
    expect(live.latest(livePollPath(totalOnly.key))).toMatchObject({ votes: {}, total: 1 });
  });
});

describe('one person, one vote, within reason', () => {
  it('re-joining from the same device gives its voter back: 20 joins, one vote', async () => {
    const poll = await createPoll();
    const first = await joinPoll(server, poll.key, '10.2.0.9');
    const device = deviceCookieOf(first);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const again = await joinPoll(server, poll.key, '10.2.0.9', device);
      expect(again.statusCode).toBe(201);
      statuses.push((await vote(poll.key, tokenOf(again), poll.choices[0] as number)).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const total = await server.db.selectFrom('poll_votes').select('id').where('poll_id', '=', poll.id).execute();
    expect(total).toHaveLength(1);
  });
});

describe('a stamp is trusted no earlier than the phone’s last contact', () => {
  it('an online phone gains nothing by stamping early; an offline one keeps the moment it chose', async () => {
    const quiz = await createPlayQuiz(server, admin, { qs_timer: 20, before_qs_timer: 0 });
    const online = await joined(server, quiz.hash);
    const offline = await joined(server, quiz.hash);
    await joined(server, quiz.hash);
    const t0 = server.clock.now().getTime();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    const q1 = quiz.questions[0] as number;
    // Both read the question at once. The online phone reads its state as the room moves (every 2 s here);
    // the other loses its connection, and reads its state again only when it is back, just before its answer.
    await stateOf(server, offline.headers);
    for (let at = 0; at <= 8000; at += 2000) {
      server.clock.set(new Date(t0 + at));
      await stateOf(server, online.headers);
    }
    server.clock.set(new Date(t0 + 9000));
    await stateOf(server, offline.headers);
    await answer(server, online.headers, { question: q1, chosen_option: 'A', chosen_at: t0 });
    await answer(server, offline.headers, { question: q1, chosen_option: 'A', chosen_at: t0 + 2000 });
    const points = await server.db.selectFrom('answers').select(['attempt_id', 'points', 'chosen_at']).orderBy('id').execute();
    // 8 s of 20: 1000 - 500 * 8 / 20 = 800, not 1000; the offline phone's 2 s: 950.
    expect(points.map((row) => [Number(row.points), Number(row.chosen_at)])).toEqual([
      [800, t0 + 8000],
      [950, t0 + 2000],
    ]);
  });
});

describe('once a round is revealed it is closed for everyone', () => {
  it('a phone joining after everybody answered sees the question revealed, not open, and cannot answer it', async () => {
    const quiz = await createPlayQuiz(server, admin, { qs_timer: 20, before_qs_timer: 0 });
    const ana = await joined(server, quiz.hash);
    const bo = await joined(server, quiz.hash);
    const t0 = server.clock.now().getTime();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    const q1 = quiz.questions[0] as number;
    server.clock.set(new Date(t0 + 3000));
    await answer(server, ana.headers, { question: q1, chosen_option: 'A', chosen_at: t0 + 3000 });
    await answer(server, bo.headers, { question: q1, chosen_option: 'B', chosen_at: t0 + 3000 });
    server.clock.set(new Date(t0 + 4000));
    const late = await joined(server, quiz.hash);
    const seen = await stateBody(late.headers);
    expect(seen.quiz.reveal_at).toBe(t0 + 3000);
    expect(seen.quiz.closes_at).toBe(t0 + 3000);
    expect(seen.quiz.closes_at).toBeLessThanOrEqual(seen.server_time);
    const refused = await answer(server, late.headers, { question: q1, chosen_option: 'A', chosen_at: t0 + 4000 });
    expect(refused.statusCode).toBe(400);
    expect(detail(refused)).toBe(PLAY_MESSAGES.tooLate);
  });
});

describe('names', () => {
  it('lose their bidi overrides and zero-width characters before any screen shows them', async () => {
    await server.db.updateTable('clients').set({ recent_participant_time: 30 }).where('id', '=', admin.clientId).execute();
    const quiz = await createPlayQuiz(server, admin);
    const response = await joinQuiz(server, quiz.hash, playerForm({ first_name: '\u202Egnp.exe\u200B', last_name: 'Z\u2060ed' }));
    expect(response.statusCode).toBe(201);
    expect((response.json() as { participant: Json }).participant).toMatchObject({ first_name: 'gnp.exe', last_name: 'Zed' });
    await server.app.playLive.flush();
    expect(live.latest(liveQuizCountsPath(quiz.hash))).toMatchObject({ recent: ['gnp.exe'] });
    const blank = await joinQuiz(server, quiz.hash, playerForm({ first_name: '\u200B\u202E' }));
    expect(blank.statusCode).toBe(400);
  });
});
