import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livePollPath } from '../../src/lib/contract/live';
import { tooManyJoinCodesMessage, tooManyVotersMessage } from '../../src/lib/contract/play';
import { JOIN_CODE_LIMITS, VOTER_LIMIT, networkOf } from '../http/throttle';
import { toCount } from '../db/rows';
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
  type PlayQuizSetup,
  type SignedIn,
} from './play-test-support';

// The players' side under generated hostile traffic (fast-check): joins with wrong codes from many networks,
// forged names, other people's emails and foreign cookies; answers with any stamp, replays, other quizzes'
// questions and tokens, while the host steps back and forth; votes with other polls' tokens and choices. No
// request gets a 5xx, and the fair-room rules hold after every run (docs/security.md). Then the venue: a room
// of 300 phones behind one address, typos among them, all join, even while strangers hammer the quiz.

let server: TestServer;
let admin: SignedIn;
let live: ReturnType<typeof recordingLiveWriter>;
let quiz: PlayQuizSetup;
let foreign: PlayQuizSetup;
let players: { headers: { authorization: string }; email: string }[];
let foreignPlayer: { headers: { authorization: string } };
let polls: { id: number; key: string; choices: number[] }[];

const RIGHT_CODE = '1234';

async function createPoll(as: SignedIn, overrides: Record<string, unknown>): Promise<{ id: number; key: string; choices: number[] }> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/poll-list/',
    payload: { name: 'Hostile poll', join_code: '4321', show_options: true, show_total_votes: true, active: true, ...overrides },
    headers: as.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  const poll = response.json() as { id: number; link_key: string };
  const choices: number[] = [];
  for (const name of ['Yes', 'No']) {
    const choice = await server.app.inject({
      method: 'POST',
      url: '/api/v1/poll-choices/',
      payload: { name, question: poll.id },
      headers: as.headers,
    });
    choices.push((choice.json() as { id: number }).id);
  }
  return { id: poll.id, key: poll.link_key, choices };
}

beforeAll(async () => {
  live = recordingLiveWriter();
  server = await createTestServer({ liveWriter: live });
  admin = await signedInTenant(server, { pollEnabled: true });
  const other = await signedInTenant(server, { pollEnabled: true });
  quiz = await createPlayQuiz(server, admin, { qs_timer: 20, before_qs_timer: 0, max_attempt_count: 3 });
  foreign = await createPlayQuiz(server, other, { qs_timer: 20, before_qs_timer: 0 });
  players = [];
  for (let i = 0; i < 3; i += 1) {
    const form = playerForm({ first_name: `Honest${i}`, last_name: 'Player', mobile: '+44 7700 900000' });
    players.push({ ...(await joined(server, quiz.hash, form)), email: String(form.email) });
  }
  foreignPlayer = await joined(server, foreign.hash);
  await hostSets(server, admin, quiz.id, { status: 'STARTED' });
  await hostSets(server, other, foreign.id, { status: 'STARTED' });
  polls = [await createPoll(admin, { show_options: false, show_total_votes: false }), await createPoll(other, {})];
}, 60_000);
afterAll(() => server.close());

function expectNo5xx(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500);
  expect(() => response.json() as unknown, what).not.toThrow();
}

const network = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 1, max: 254 })).map(([a, b]) => `10.77.${a}.${b}`),
  fc
    .tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 0xffff }))
    .map(([net, host]) => `2001:db8:${net}:1::${host.toString(16)}`),
  fc.integer({ min: 1, max: 254 }).map((host) => `::ffff:10.78.0.${host}`),
);
const wrongCode = fc
  .oneof(
    fc.integer({ min: 0, max: 9999 }).map(String),
    fc.string({ maxLength: 6 }),
    fc.constantFrom('', ' 1234 ', '01234', '12345', '1234\u200B'),
  )
  .filter((code) => code.trim() !== RIGHT_CODE);
const hostileName = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('\u202Egnp.exe\u200B', '\u2066Admin\u2069', '\u3164', 'Zo\u00EB\u200D', '<b>x</b>', 'a\u0000b', '\uD800'),
);

describe('generated hostile traffic', () => {
  it('joins: wrong codes from many networks, forged names, other people’s emails, foreign cookies', async () => {
    const judgedWrong = new Map<string, number>();
    const before = await server.db.selectFrom('viewers').select(['id', 'first_name', 'mobile', 'version']).orderBy('id').execute();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            address: network,
            code: fc.oneof({ weight: 4, arbitrary: wrongCode }, { weight: 1, arbitrary: fc.constant(RIGHT_CODE) }),
            name: hostileName,
            email: fc.oneof(fc.constantFrom(...players.map((player) => player.email)), fc.emailAddress()),
            cookie: fc.oneof(
              fc.constant(undefined),
              fc.constant(`play_quiz_${quiz.hash}=${players[0]?.headers.authorization.split(' ')[1] ?? ''}`),
              fc.constant(`play_quiz_${quiz.hash}=${foreignPlayer.headers.authorization.split(' ')[1] ?? ''}`),
              fc.string({ maxLength: 60 }),
            ),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (attempts) => {
          for (const attempt of attempts) {
            const response = await joinQuiz(
              server,
              quiz.hash,
              playerForm({ join_code: attempt.code, first_name: attempt.name, email: attempt.email }),
              attempt.address,
              attempt.cookie?.replace(/[\r\n]/g, ''),
            );
            expectNo5xx(response, `join ${JSON.stringify(attempt)}`);
            if (response.statusCode === 201) {
              expect(attempt.code).toBe(RIGHT_CODE);
              const joinedAs = (response.json() as { participant: { first_name: string } }).participant.first_name;
              expect(joinedAs).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\u3164\p{Cc}]/u);
            }
            if (response.statusCode === 400 && attempt.code !== RIGHT_CODE && /^\d{1,4}$/.test(attempt.code.trim())) {
              const key = networkOf(attempt.address);
              judgedWrong.set(key, (judgedWrong.get(key) ?? 0) + 1);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
    // No network had more wrong codes judged than its free ones (the clock stood still: no wait ran out).
    for (const [key, count] of judgedWrong) expect(count, key).toBeLessThanOrEqual(JOIN_CODE_LIMITS.freeMisses);
    // Nobody's record was changed by a join naming their email (the first player's cookie is their own device:
    // whoever holds it is them, so only the others are compared).
    const after = await server.db
      .selectFrom('viewers')
      .select(['id', 'first_name', 'mobile', 'version'])
      .where(
        'id',
        'in',
        before.map((row) => row.id),
      )
      .orderBy('id')
      .execute();
    const others = (rows: typeof before) => rows.filter((row) => /^Honest[12]$/.test(row.first_name));
    expect(others(after)).toEqual(others(before));
    expect(others(before)).toHaveLength(2);
    // And the right code from a network that never missed still joins at once.
    expect((await joinQuiz(server, quiz.hash, playerForm(), '192.0.2.200')).statusCode).toBe(201);
  });

  it('answers: any stamp, replays, other quizzes’ questions and tokens, while the host steps back and forth', async () => {
    const tokens = [
      ...players.map((player) => player.headers),
      foreignPlayer.headers,
      { authorization: 'Participant 00' },
      { authorization: 'Token abc' },
    ];
    const questions = [...quiz.questions, ...foreign.questions, 0, -1, 2 ** 31];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('answer' as const),
              who: fc.nat({ max: tokens.length - 1 }),
              question: fc.constantFrom(...questions),
              option: fc.constantFrom('A', 'B', 'C', 'D', 'E', '', 'a'),
              offset: fc.oneof(fc.integer({ min: -60_000, max: 60_000 }), fc.constantFrom(-1e15, 1e15, 0)),
              key: fc.option(fc.constantFrom('k1', 'k2', 'k3'), { nil: undefined }),
            }),
            fc.record({ kind: fc.constant('step' as const), question_no: fc.integer({ min: 1, max: 3 }) }),
            fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 8000 }) }),
          ),
          { minLength: 1, maxLength: 10 },
        ),
        async (commands) => {
          for (const command of commands) {
            const closedBefore = await closedRounds();
            if (command.kind === 'wait') server.clock.advance(command.ms);
            else if (command.kind === 'step') await hostSets(server, admin, quiz.id, { question_no: command.question_no });
            else {
              const headers = tokens[command.who] as Record<string, string>;
              const response = await answer(
                server,
                headers,
                { question: command.question, chosen_option: command.option, chosen_at: server.clock.now().getTime() + command.offset },
                command.key,
              );
              expectNo5xx(response, `answer ${JSON.stringify(command)}`);
            }
            // A closed round keeps its times whatever happens next.
            const closedAfter = new Map((await closedRounds()).map((round) => [round.id, round]));
            for (const round of closedBefore) expect(closedAfter.get(round.id), `round ${round.id}`).toEqual(round);
          }
        },
      ),
      { numRuns: 40 },
    );
    const stored = await server.db
      .selectFrom('answers')
      .innerJoin('rounds', 'rounds.id', 'answers.round_id')
      .innerJoin('attempts', 'attempts.id', 'answers.attempt_id')
      .select([
        'answers.chosen_at',
        'answers.received_at',
        'answers.points',
        'answers.quiz_id',
        'attempts.quiz_id as attempt_quiz',
        'rounds.answer_opens_at',
        'rounds.closes_at',
        'rounds.reveal_at',
      ])
      .execute();
    for (const row of stored) {
      const chosen = toCount(row.chosen_at);
      const received = toCount(row.received_at);
      expect(row.quiz_id).toBe(row.attempt_quiz);
      expect(chosen).toBeGreaterThanOrEqual(toCount(row.answer_opens_at));
      expect(chosen).toBeLessThanOrEqual(received);
      expect(received - chosen).toBeLessThanOrEqual(15_000);
      if (row.closes_at !== null) expect(chosen).toBeLessThanOrEqual(toCount(row.closes_at));
      const points = toCount(row.points);
      expect(points === 0 || (points >= 500 && points <= 1000)).toBe(true);
    }
  });

  it('votes: other polls’ tokens and choices, re-joins; counts stay exact and hidden counts stay hidden', async () => {
    const tokens: string[] = ['00', 'not-hex'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('join' as const), poll: fc.nat({ max: 1 }), address: network, sameDevice: fc.boolean() }),
            fc.record({
              kind: fc.constant('vote' as const),
              poll: fc.nat({ max: 1 }),
              token: fc.nat({ max: 50 }),
              choice: fc.oneof(fc.constantFrom(...polls.flatMap((poll) => poll.choices)), fc.integer({ min: -5, max: 2 ** 31 })),
            }),
          ),
          { minLength: 1, maxLength: 10 },
        ),
        async (commands) => {
          for (const command of commands) {
            const poll = polls[command.poll] as { key: string };
            if (command.kind === 'join') {
              const previous = tokens[tokens.length - 1];
              const response = await server.app.inject({
                method: 'POST',
                url: `/api/v1/play/polls/${poll.key}/join`,
                payload: { join_code: '4321' },
                remoteAddress: command.address,
                headers: command.sameDevice && previous ? { cookie: `play_poll_${poll.key}=${previous}` } : {},
              });
              expectNo5xx(response, `poll join ${JSON.stringify(command)}`);
              if (response.statusCode === 201) tokens.push((response.json() as { token: string }).token);
            } else {
              const token = tokens[command.token % tokens.length] as string;
              const response = await server.app.inject({
                method: 'POST',
                url: `/api/v1/play/polls/${poll.key}/vote`,
                payload: { choice: command.choice },
                headers: { authorization: `Participant ${token}` },
              });
              expectNo5xx(response, `vote ${JSON.stringify(command)}`);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
    for (const poll of polls) {
      const choices = await server.db.selectFrom('poll_choices').select(['id', 'votes']).where('poll_id', '=', poll.id).execute();
      for (const choice of choices) {
        const counted = await server.db.selectFrom('poll_votes').select('id').where('choice_id', '=', choice.id).execute();
        expect(toCount(choice.votes)).toBe(counted.length);
      }
    }
    await server.app.playLive.flush();
    const hidden = polls[0] as { key: string };
    const node = live.latest(livePollPath(hidden.key)) as { votes?: object; total?: number } | undefined;
    if (node) expect(node).toMatchObject({ votes: {}, total: 0 });
  });
});

async function closedRounds() {
  const now = server.clock.now().getTime();
  const rows = await server.db
    .selectFrom('rounds')
    .select(['id', 'opened_at', 'answer_opens_at', 'closes_at', 'reveal_at'])
    .where('quiz_id', '=', quiz.id)
    .where('closes_at', '<=', now)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, opened_at: toCount(row.opened_at), closes_at: toCount(row.closes_at) }));
}

describe('the venue: 300 phones behind one address', () => {
  async function room(target: PlayQuizSetup, address: string, typos: Set<number>) {
    const statuses: number[] = [];
    let waits = 0;
    for (let i = 0; i < 300 + typos.size; i += 1) {
      const code = typos.has(i) ? String((Number(RIGHT_CODE) + 1 + (i % 97)) % 10_000) : RIGHT_CODE;
      let response = await joinQuiz(server, target.hash, playerForm({ join_code: code }), address);
      // A phone told to wait shows the wait; its player taps Join again once it has passed.
      while (response.statusCode === 429) {
        expect((response.json() as { detail: string }).detail).toBe(tooManyJoinCodesMessage(Number(response.headers['retry-after'])));
        waits += 1;
        server.clock.advance(Number(response.headers['retry-after']) * 1000);
        response = await joinQuiz(server, target.hash, playerForm({ join_code: code }), address);
      }
      statuses.push(response.statusCode);
    }
    return { joined: statuses.filter((status) => status === 201).length, typos: statuses.filter((status) => status === 400).length, waits };
  }

  it('all join at once, 40 typos among them, wherever the typos fall', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.nat({ max: 339 }), { minLength: 40, maxLength: 40 }), async (positions) => {
        const target = await createPlayQuiz(server, admin, { max_attempt_count: 1 }, 1);
        const result = await room(target, '198.51.100.1', new Set(positions));
        expect(result).toEqual({ joined: 300, typos: 40, waits: 0 });
      }),
      { numRuns: 2 },
    );
  }, 60_000);

  it('all join while strangers hammer the quiz from 250 networks; nobody outside holds the room back for long', async () => {
    const target = await createPlayQuiz(server, admin, { max_attempt_count: 1 }, 1);
    for (let i = 0; i < 250; i += 1) {
      const response = await joinQuiz(server, target.hash, playerForm({ join_code: String(5000 + i) }), `203.0.113.${i % 250}`);
      expect(response.statusCode).toBe(400);
    }
    const typos = new Set(Array.from({ length: 40 }, (_, index) => index * 8 + 3));
    const result = await room(target, '198.51.100.2', typos);
    expect(result.joined).toBe(300);
    expect(result.typos).toBe(40);
    expect(result.waits).toBe(0);
  }, 60_000);

  it('a room of 300 votes behind one address; one address adds no more than the limit of new voters an hour', async () => {
    const poll = await createPoll(admin, {});
    const join = () =>
      server.app.inject({
        method: 'POST',
        url: `/api/v1/play/polls/${poll.key}/join`,
        payload: { join_code: '4321' },
        remoteAddress: '198.51.100.3',
      });
    for (let i = 0; i < 300; i += 1) {
      const voter = await join();
      expect(voter.statusCode).toBe(201);
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/play/polls/${poll.key}/vote`,
        payload: { choice: poll.choices[i % 2] },
        headers: { authorization: `Participant ${(voter.json() as { token: string }).token}` },
      });
      expect(response.statusCode).toBe(200);
    }
    for (let i = 300; i < VOTER_LIMIT.points; i += 1) expect((await join()).statusCode).toBe(201);
    const over = await join();
    expect(over.statusCode).toBe(429);
    expect((over.json() as { detail: string }).detail).toBe(tooManyVotersMessage(Number(over.headers['retry-after'])));
    const device = deviceCookieOf(
      await server.app.inject({
        method: 'POST',
        url: `/api/v1/play/polls/${poll.key}/join`,
        payload: { join_code: '4321' },
        remoteAddress: '198.51.100.4',
      }),
    );
    expect(device).toMatch(/^play_poll_/);
  }, 60_000);
});
