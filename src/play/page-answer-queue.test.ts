import { expect, it, vi } from 'vitest';
import type * as AnswerQueueModule from './answer-queue';
import { answerQueue } from './page-answer-queue';

// The queue's chunk fails to load once (the network dropped before the worker had cached it), then loads. Vitest
// wraps the factory's error in its own.
const chunk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./answer-queue', async (importOriginal) => {
  chunk.loads += 1;
  if (chunk.loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal<typeof AnswerQueueModule>();
});

it("asks for the queue's chunk again after a failed load, then keeps the one queue", async () => {
  await expect(answerQueue()).rejects.toThrow();
  const queue = await answerQueue();
  expect(await answerQueue()).toBe(queue);
  expect(chunk.loads).toBe(2);
});
