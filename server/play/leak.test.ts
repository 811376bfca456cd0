import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import type { LiveWriter } from './live-writer';
import { answer, createPlayQuiz, hostSets, joined, playerForm, stateOf, type SignedIn } from './play-test-support';

// Nothing leaks early: every payload a player can receive during a whole quiz — the answers
// to its requests and every live node written — is recorded with the server time it was sent at, then
// checked against the rounds as they finally were: no question's text before its answer_opens_at, no
// correct option (nor right/wrong, nor points) before its reveal_at, no split of the options chosen before
// the reveal.

interface Seen {
  at: number;
  what: string;
  body: string;
}

let server: TestServer;
let admin: SignedIn;
const seen: Seen[] = [];

const writer: LiveWriter = {
  write(path, value) {
    seen.push({ at: server.clock.now().getTime(), what: `live ${path}`, body: JSON.stringify(value) });
  },
  remove() {},
};

beforeEach(async () => {
  seen.length = 0;
  server = await createTestServer({ liveWriter: writer });
  admin = await signedInTenant(server);
});
afterEach(() => server.close());

function objectsWith(key: string, value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const item of value) objectsWith(key, item, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (key in record) found.push(record);
    for (const item of Object.values(record)) objectsWith(key, item, found);
  }
  return found;
}

describe('what a player receives', () => {
  it('never holds a question before it opens, nor its correct option before its reveal', async () => {
    const quiz = await createPlayQuiz(server, admin, { qs_timer: 20, before_qs_timer: 5, show_options: true }, 3);
    const descriptions = await server.db.selectFrom('questions').select(['id', 'description']).where('id', 'in', quiz.questions).execute();
    const players: { headers: { authorization: string } }[] = [];
    for (let i = 0; i < 3; i += 1) players.push(await joined(server, quiz.hash, playerForm()));
    const record = async (what: string, request: Promise<{ body: string; statusCode: number }>) => {
      const at = server.clock.now().getTime();
      const response = await request;
      seen.push({ at, what, body: response.body });
      return response;
    };
    const look = async () => {
      for (const [index, player] of players.entries()) await record(`state ${index}`, stateOf(server, player.headers));
      await record('quiz', server.app.inject({ url: `/api/v1/play/quizzes/${quiz.hash}/` }));
      await server.app.playLive.flush();
    };

    await look();
    await hostSets(server, admin, quiz.id, { status: 'STARTED' });
    for (const [number, question] of quiz.questions.entries()) {
      if (number > 0) await hostSets(server, admin, quiz.id, { question_no: number + 1 });
      const start = server.clock.now().getTime();
      // Through the alert, the answering time, the grace and the pause, a look every 2.5 s.
      for (let step = 0; step <= 17; step += 1) {
        server.clock.set(new Date(start + step * 2500));
        await look();
        const chooser = players[step % 3];
        if (chooser && step >= 2 && step <= 12) {
          await record(
            `answer ${step}`,
            answer(
              server,
              chooser.headers,
              { question, chosen_option: step % 2 ? 'A' : 'B', chosen_at: server.clock.now().getTime() },
              `k-${number}-${step}`,
            ),
          );
        }
      }
    }
    for (const status of ['RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED']) {
      await hostSets(server, admin, quiz.id, { status });
      await look();
    }

    const rounds = await server.db.selectFrom('rounds').select(['question_id', 'question_no', 'answer_opens_at', 'reveal_at']).execute();
    expect(rounds).toHaveLength(3);
    const roundOf = (questionId: unknown) => rounds.find((round) => round.question_id === questionId);
    const roundNo = (questionNo: unknown) => rounds.find((round) => round.question_no === questionNo);
    let questionsSeen = 0;
    let revealsSeen = 0;
    for (const payload of seen) {
      for (const question of descriptions) {
        if (!payload.body.includes(question.description)) continue;
        questionsSeen += 1;
        expect(payload.at, `${payload.what} shows question ${question.id} early`).toBeGreaterThanOrEqual(
          Number(roundOf(question.id)?.answer_opens_at),
        );
      }
      const parsed = JSON.parse(payload.body) as unknown;
      for (const result of objectsWith('correct_option', parsed)) {
        revealsSeen += 1;
        expect(payload.at, `${payload.what} reveals early`).toBeGreaterThanOrEqual(Number(roundOf(result.question)?.reveal_at));
      }
      if (payload.what.startsWith('live live/quiz-counts')) {
        const node = parsed as { question_no: number; chosen: Record<string, number> };
        if (Object.keys(node.chosen).length > 0) {
          revealsSeen += 1;
          expect(payload.at, 'option counts early').toBeGreaterThanOrEqual(Number(roundNo(node.question_no)?.reveal_at));
        }
      }
    }
    // The inspection saw the questions and the reveals it is about.
    expect(questionsSeen).toBeGreaterThan(10);
    expect(revealsSeen).toBeGreaterThan(3);
    // Acknowledgements tell right or wrong only once the round is revealed.
    for (const payload of seen.filter((entry) => entry.what.startsWith('answer'))) {
      const body = JSON.parse(payload.body) as { correct?: boolean };
      if (body.correct === undefined) continue;
      const step = Number(payload.what.split(' ')[1]);
      const round = rounds.find((candidate) => Number(candidate.answer_opens_at) - 5000 + step * 2500 === payload.at);
      expect(round, payload.what).toBeDefined();
      expect(payload.at).toBeGreaterThanOrEqual(Number(round?.reveal_at));
    }
  }, 90_000);
});
