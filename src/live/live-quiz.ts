import { liveQuiz, type LiveQuiz } from '../lib/contract/live';

export type { LiveQuiz };

/**
 * A value read at /live/quizzes/{quiz_hash} as screens use it (src/lib/contract/live.ts): the question clock
 * Firebase drops when it is null comes back as null; no node, or a malformed one, reads as null.
 */
export function parseLiveQuiz(value: unknown): LiveQuiz | null {
  const node = liveQuiz.safeParse(value);
  return node.success ? node.data : null;
}
