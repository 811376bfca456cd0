import type { PlayState } from '../lib/contract/play';

/** The line under a revealed result: the correct letter, with its text when the quiz shows option texts. */
export function answerLine(result: Pick<NonNullable<PlayState['last_result']>, 'correct_option' | 'correct_text'>): string {
  return result.correct_text
    ? `The answer was ${result.correct_option}: ${result.correct_text}`
    : `The answer was ${result.correct_option}.`;
}
