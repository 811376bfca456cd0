import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFirstReads, takeFirstQuiz, takeFirstState } from './first-reads';

// The entry's first reads of a quiz page: each is handed over once, and only to the page (and token) it was read
// for; a phone that has not joined reads no state.

let paths: string[] = [];

beforeEach(() => {
  localStorage.clear();
  paths = [];
  vi.stubGlobal('fetch', async (input: string) => {
    paths.push(input);
    return new Response(JSON.stringify({ server_time: Date.now() }), { status: 200 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('first reads', () => {
  it('reads only the quiz for a phone that has not joined', async () => {
    startFirstReads('h1');
    expect(paths).toEqual(['/api/v1/play/quizzes/h1/']);
    expect(takeFirstState('h1', 'tok-1')).toBeNull();
    await expect(takeFirstQuiz('h1')).resolves.toMatchObject({ server_time: expect.any(Number) });
  });

  it('hands each read over once, for its own quiz and token', async () => {
    localStorage.setItem('play:quiz:h1:session', JSON.stringify({ token: 'tok-1', attempt: 7 }));
    startFirstReads('h1');
    expect(paths).toEqual(['/api/v1/play/quizzes/h1/', '/api/v1/play/attempt/']);
    expect(takeFirstQuiz('h2')).toBeNull();
    expect(takeFirstState('h1', 'tok-2')).toBeNull();
    await expect(takeFirstState('h1', 'tok-1')).resolves.toBeTruthy();
    expect(takeFirstState('h1', 'tok-1')).toBeNull();
    await expect(takeFirstQuiz('h1')).resolves.toBeTruthy();
    expect(takeFirstQuiz('h1')).toBeNull();
  });

  it('keeps a failed read for its taker without an unhandled rejection', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    startFirstReads('h1');
    // Given time to settle before anyone takes it (an unhandled rejection would fail the run).
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(takeFirstQuiz('h1')).rejects.toMatchObject({ status: 0 });
  });
});
