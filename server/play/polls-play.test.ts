import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { livePollPath } from '../../src/lib/contract/live';
import { PLAY_MESSAGES } from '../../src/lib/contract/play';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { recordingLiveWriter } from './live-writer';
import type { Json, SignedIn } from './play-test-support';

// Polls on the phone: join code, one vote per device and poll, counted atomically, only
// while active; the portal's choice votes are the real counts; opening and closing reaches the live node.

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

async function createPoll(overrides: Json = {}, as = admin): Promise<{ id: number; key: string; hash: string; choices: number[] }> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/poll-list/',
    payload: { name: 'Best snack', join_code: '4321', show_options: true, show_total_votes: true, active: true, ...overrides },
    headers: as.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  const poll = response.json() as { id: number; poll_hash: string; link_key: string };
  const choices: number[] = [];
  for (const name of ['Crisps', 'Nuts', 'Olives']) {
    const choice = await server.app.inject({
      method: 'POST',
      url: '/api/v1/poll-choices/',
      payload: { name, question: poll.id },
      headers: as.headers,
    });
    expect(choice.statusCode, choice.body).toBe(201);
    choices.push((choice.json() as { id: number }).id);
  }
  return { id: poll.id, key: poll.link_key, hash: poll.poll_hash, choices };
}

const joinPoll = (key: string, code = '4321', ip = '10.2.0.1') =>
  server.app.inject({ method: 'POST', url: `/api/v1/play/polls/${key}/join`, payload: { join_code: code }, remoteAddress: ip });
const vote = (key: string, token: string, choice: number) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1/play/polls/${key}/vote`,
    payload: { choice },
    headers: { authorization: `Participant ${token}` },
  });

describe('a poll on the phone', () => {
  it('joins with the code, votes once, and the portal counts the real votes', async () => {
    const poll = await createPoll();
    const open = await server.app.inject({ url: `/api/v1/play/polls/${poll.key}/` });
    expect(open.json()).toMatchObject({
      name: 'Best snack',
      active: true,
      total_votes: 0,
      my_choice: null,
      choices: [{ name: 'Crisps', votes: 0 }, {}, {}],
    });
    expect(open.body).not.toContain('4321');

    const wrong = await joinPoll(poll.key, '1111');
    expect(wrong.statusCode).toBe(400);
    expect(detail(wrong)).toBe(PLAY_MESSAGES.wrongJoinCode);

    const tokens: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const joined = await joinPoll(poll.key);
      expect(joined.statusCode).toBe(201);
      tokens.push((joined.json() as { token: string }).token);
    }
    // Five devices vote at once, on two choices; then each tries again.
    const votes = await Promise.all(tokens.map((token, index) => vote(poll.key, token, poll.choices[index % 2] as number)));
    expect(votes.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(votes[0]?.json()).toMatchObject({ my_choice: poll.choices[0] });
    const again = await Promise.all(tokens.map((token) => vote(poll.key, token, poll.choices[2] as number)));
    expect(again.map((response) => response.statusCode)).toEqual([409, 409, 409, 409, 409]);
    expect(detail(again[0] as { json(): unknown })).toBe(PLAY_MESSAGES.alreadyVoted);

    const portal = (await server.app.inject({ url: `/api/v1/poll-list/${poll.id}/`, headers: admin.headers })).json() as {
      options: { votes: number }[];
    };
    expect(portal.options.map((choice) => choice.votes)).toEqual([3, 2, 0]);
    const mine = await server.app.inject({
      url: `/api/v1/play/polls/${poll.key}/`,
      headers: { authorization: `Participant ${tokens[1]}` },
    });
    expect(mine.json()).toMatchObject({ my_choice: poll.choices[1], total_votes: 5 });
    await server.app.playLive.flush();
    expect(live.latest(livePollPath(poll.key))).toMatchObject({
      votes: { [String(poll.choices[0])]: 3, [String(poll.choices[1])]: 2, [String(poll.choices[2])]: 0 },
      total: 5,
      active: true,
    });
  });

  it('votes only while active; the portal opens and closes it, live', async () => {
    const poll = await createPoll({ active: false });
    const token = ((await joinPoll(poll.key)).json() as { token: string }).token;
    const closed = await vote(poll.key, token, poll.choices[0] as number);
    expect(closed.statusCode).toBe(403);
    expect(detail(closed)).toBe(PLAY_MESSAGES.pollClosed);
    const opened = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${poll.id}/`,
      payload: { active: true },
      headers: admin.headers,
    });
    expect(opened.statusCode).toBe(200);
    await server.app.playLive.flush();
    expect(live.latest(livePollPath(poll.key))).toMatchObject({ active: true, total: 0 });
    expect((await vote(poll.key, token, poll.choices[0] as number)).statusCode).toBe(200);
  });

  it('refuses other polls’ choices and tokens, participant-less votes, unknown links and hidden counts', async () => {
    const poll = await createPoll({ show_options: false, show_total_votes: false });
    const other = await createPoll();
    const token = ((await joinPoll(poll.key)).json() as { token: string }).token;
    const foreignChoice = await vote(poll.key, token, other.choices[0] as number);
    expect(foreignChoice.statusCode).toBe(400);
    expect(detail(foreignChoice)).toBe(PLAY_MESSAGES.choiceNotInPoll);
    const foreignToken = await vote(other.key, token, other.choices[0] as number);
    expect(foreignToken.statusCode).toBe(401);
    expect(detail(foreignToken)).toBe(PLAY_MESSAGES.voterOnly);
    const adminVote = await server.app.inject({
      method: 'POST',
      url: `/api/v1/play/polls/${poll.key}/vote`,
      payload: { choice: poll.choices[0] },
      headers: admin.headers,
    });
    expect(adminVote.statusCode).toBe(401);
    const unknown = await server.app.inject({ url: '/api/v1/play/polls/nope/' });
    expect(unknown.statusCode).toBe(404);
    expect(detail(unknown)).toBe(PLAY_MESSAGES.unknownPoll);
    const hidden = (await server.app.inject({ url: `/api/v1/play/polls/${poll.key}/` })).json() as {
      total_votes: unknown;
      choices: { votes: unknown }[];
    };
    expect(hidden.total_votes).toBeNull();
    expect(hidden.choices.every((choice) => choice.votes === null)).toBe(true);
    for (const payload of [{}, { choice: 'x' }, { choice: -1 }]) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/play/polls/${poll.key}/vote`,
        payload,
        headers: { authorization: `Participant ${token}` },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('is found by its link key only, never by the poll hash the admin typed', async () => {
    const poll = await createPoll({ poll_hash: 'guessable' });
    const other = await signedInTenant(server, { pollEnabled: true });
    const theirs = await createPoll({ poll_hash: 'guessable', name: 'Their snack' }, other);
    expect(poll.key).not.toBe('guessable');
    for (const response of [
      await server.app.inject({ url: '/api/v1/play/polls/guessable/' }),
      await joinPoll('guessable'),
      await vote('guessable', 'any-token', poll.choices[0] as number),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(detail(response)).toBe(PLAY_MESSAGES.unknownPoll);
    }
    const mine = (await server.app.inject({ url: `/api/v1/play/polls/${poll.key}/` })).json() as { name: string; link_key: string };
    const their = (await server.app.inject({ url: `/api/v1/play/polls/${theirs.key}/` })).json() as { name: string; link_key: string };
    expect(mine).toMatchObject({ name: 'Best snack', link_key: poll.key });
    expect(their).toMatchObject({ name: 'Their snack', link_key: theirs.key });
    expect(JSON.stringify(mine)).not.toContain('guessable');
    const token = ((await joinPoll(poll.key)).json() as { token: string }).token;
    expect((await vote(poll.key, token, poll.choices[1] as number)).statusCode).toBe(200);
    await server.app.playLive.flush();
    expect(live.latest(livePollPath(poll.key))).toMatchObject({ total: 1 });
    expect(live.writes.some((write) => write.path === livePollPath('guessable'))).toBe(false);
  });

  it('is not found while the client has polls off', async () => {
    const poll = await createPoll();
    await server.db.updateTable('clients').set({ poll_enabled: false }).where('id', '=', admin.clientId).execute();
    expect((await server.app.inject({ url: `/api/v1/play/polls/${poll.key}/` })).statusCode).toBe(404);
    expect((await joinPoll(poll.key)).statusCode).toBe(404);
  });
});
