import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { livePollPath, liveQuizCountsPath } from '../../src/lib/contract/live';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { recordingLiveWriter } from './live-writer';
import { COUNTS_MIN_INTERVAL_MS } from './play-live';
import { createPlayQuiz, joinQuiz } from './play-test-support';

// The counts node is written at most 4 times a second: a burst of activity is coalesced into
// one write now and one after the interval, the last state always written.

let server: TestServer;
let live: ReturnType<typeof recordingLiveWriter>;
beforeEach(async () => {
  live = recordingLiveWriter();
  server = await createTestServer({ liveWriter: live });
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

it('coalesces a burst of joins and answers into at most one write per interval', async () => {
  const admin = await signedInTenant(server);
  const quiz = await createPlayQuiz(server, admin);
  await server.app.playLive.flush();
  const path = liveQuizCountsPath(quiz.hash);
  const writes = () => live.writes.filter((write) => write.path === path).length;
  const before = writes();
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  for (let i = 0; i < 50; i += 1) server.app.playLive.quizActivity(quiz.id);
  await vi.waitFor(() => expect(writes()).toBe(before + 1));
  // The rest waits for the interval (the clock is frozen): nothing more is written until it passes.
  for (let i = 0; i < 50; i += 1) server.app.playLive.quizActivity(quiz.id);
  await Promise.resolve();
  expect(writes()).toBe(before + 1);
  await vi.advanceTimersByTimeAsync(COUNTS_MIN_INTERVAL_MS);
  await server.app.playLive.flush();
  expect(writes()).toBe(before + 2);
  expect(COUNTS_MIN_INTERVAL_MS).toBeGreaterThanOrEqual(250);
});

it('writes every quiz’s counts and every poll’s votes again on boot, so a stage after a restart shows who joined', async () => {
  const admin = await signedInTenant(server);
  const quiz = await createPlayQuiz(server, admin, { status: 'ANNOUNCED' });
  expect((await joinQuiz(server, quiz.hash)).statusCode).toBe(201);
  await server.app.playLive.flush();
  live.writes.length = 0;

  await server.app.playLive.republishAll();
  await server.app.playLive.flush();
  expect(live.latest(liveQuizCountsPath(quiz.hash))).toMatchObject({ joined: 1 });
  const pollWrites = live.writes.filter((write) => write.path.startsWith('live/polls/'));
  const polls = await server.db.selectFrom('polls').select('link_key').execute();
  expect(pollWrites.map((write) => write.path).sort()).toEqual(polls.map((poll) => livePollPath(poll.link_key)).sort());
});
