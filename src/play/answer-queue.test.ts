import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerAcknowledgement } from '../lib/contract/answer';
import { PLAY_MESSAGES } from '../lib/contract/play-messages';
import { AnswerQueue, PlayDatabase, retryDelay, type NewAnswer, type QueuedAnswer } from './answer-queue';
import { PlayError } from './http';

// fake-indexeddb (src/test-setup.ts) stands in for the phone's IndexedDB; a new PlayDatabase of the same name is
// what a reloaded page opens. Retries run on a manual clock: no test waits for real time.

const ANSWER: NewAnswer = { quizHash: 'q1', attempt: 7, token: 't', question: 42, chosen_option: 'B', chosen_at: 1_000_000 };
const COUNTED: AnswerAcknowledgement = { counted: true, score: 0 };

function manualClock() {
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  return {
    timers,
    schedule: (run: () => void, ms: number) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    /** Fires the pending retry, as its time would have come. */
    fire() {
      const timer = timers.filter((t) => !t.cancelled).at(-1);
      if (!timer) throw new Error('no retry scheduled');
      timer.cancelled = true;
      timer.run();
    },
    pending: () => timers.filter((t) => !t.cancelled).length,
  };
}

/** A server that answers from a script: each call takes the next outcome. */
function scriptedServer(outcomes: Array<AnswerAcknowledgement | PlayError>) {
  const calls: Array<Pick<QueuedAnswer, 'key' | 'question' | 'chosen_option' | 'chosen_at'>> = [];
  const send = async (answer: QueuedAnswer) => {
    calls.push({ key: answer.key, question: answer.question, chosen_option: answer.chosen_option, chosen_at: answer.chosen_at });
    const outcome = outcomes.shift() ?? COUNTED;
    if (outcome instanceof PlayError) throw outcome;
    return outcome;
  };
  return { calls, send };
}

let databases: PlayDatabase[] = [];
let counter = 0;
function openDatabase(name: string) {
  const db = new PlayDatabase(name);
  databases.push(db);
  return db;
}
const keys = () => `key-${++counter}`;

afterEach(async () => {
  for (const db of databases) await db.delete();
  databases = [];
});

describe('AnswerQueue', () => {
  it('keeps the answer, sends it with its Idempotency-Key and marks it counted', async () => {
    const db = openDatabase('queue-counted');
    const server = scriptedServer([COUNTED]);
    const queue = new AnswerQueue(db, { send: server.send, newKey: keys });
    const kept = await queue.choose(ANSWER);
    expect(kept).toMatchObject({ state: 'sending', chosen_at: 1_000_000, key: kept.key });
    await queue.flush();
    expect(server.calls).toEqual([{ key: kept.key, question: 42, chosen_option: 'B', chosen_at: 1_000_000 }]);
    expect(await db.answers.get(kept.key)).toMatchObject({ state: 'counted', ack: COUNTED });
  });

  it('retries with the same key and the same stamp until acknowledged', async () => {
    const db = openDatabase('queue-retry');
    const clock = manualClock();
    const server = scriptedServer([new PlayError(0, 'offline'), new PlayError(503, 'busy'), COUNTED]);
    const queue = new AnswerQueue(db, { send: server.send, schedule: clock.schedule, newKey: keys });
    const kept = await queue.choose(ANSWER);
    await queue.flush();
    expect((await db.answers.get(kept.key))?.state).toBe('sending');
    expect(clock.pending()).toBe(1);
    clock.fire();
    await queue.flush();
    clock.fire();
    await queue.flush();
    expect(server.calls.map((call) => call.key)).toEqual([kept.key, kept.key, kept.key]);
    expect(new Set(server.calls.map((call) => call.chosen_at))).toEqual(new Set([1_000_000]));
    expect(await db.answers.get(kept.key)).toMatchObject({ state: 'counted', tries: 3 });
    expect(clock.pending()).toBe(0);
  });

  it('survives a reload: a new page sends the waiting answer once, with the key it was given', async () => {
    const clock = manualClock();
    const before = new AnswerQueue(openDatabase('queue-reload'), {
      send: scriptedServer([new PlayError(0, 'offline')]).send,
      schedule: clock.schedule,
      newKey: keys,
    });
    const kept = await before.choose(ANSWER);
    await before.flush();
    before.stop();
    databases[0]!.close();

    const server = scriptedServer([COUNTED]);
    const reloaded = openDatabase('queue-reload');
    const after = new AnswerQueue(reloaded, { send: server.send, newKey: keys });
    expect(await after.answersOf(7)).toMatchObject([{ key: kept.key, state: 'sending' }]);
    await after.flush();
    await after.flush();
    expect(server.calls).toEqual([{ key: kept.key, question: 42, chosen_option: 'B', chosen_at: 1_000_000 }]);
    expect(await after.answersOf(7)).toMatchObject([{ state: 'counted' }]);
  });

  it('keeps one answer per question: a second choice returns the first', async () => {
    const db = openDatabase('queue-one');
    const server = scriptedServer([]);
    const queue = new AnswerQueue(db, { send: server.send, newKey: keys });
    const first = await queue.choose(ANSWER);
    const second = await queue.choose({ ...ANSWER, chosen_option: 'C', chosen_at: 1_000_500 });
    expect(second).toEqual(first);
    await queue.flush();
    expect(await queue.answersOf(7)).toHaveLength(1);
    expect(server.calls).toHaveLength(1);
  });

  it("stops on a refusal and keeps the server's message", async () => {
    const db = openDatabase('queue-refused');
    const clock = manualClock();
    const server = scriptedServer([new PlayError(400, PLAY_MESSAGES.tooLate)]);
    const queue = new AnswerQueue(db, { send: server.send, schedule: clock.schedule, newKey: keys });
    const kept = await queue.choose(ANSWER);
    await queue.flush();
    expect(await db.answers.get(kept.key)).toMatchObject({ state: 'refused', message: PLAY_MESSAGES.tooLate });
    expect(clock.pending()).toBe(0);
    expect(server.calls).toHaveLength(1);
  });

  it('tells its listeners of each change', async () => {
    const db = openDatabase('queue-listen');
    const queue = new AnswerQueue(db, { send: scriptedServer([]).send, newKey: keys });
    let changes = 0;
    const stop = queue.subscribe(() => changes++);
    await queue.choose(ANSWER);
    await queue.flush();
    stop();
    expect(changes).toBeGreaterThanOrEqual(2);
  });
});

describe('retryDelay', () => {
  it('grows from half a second and never passes 5 s, well inside the 15-s late window', () => {
    expect([1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
  });
});
