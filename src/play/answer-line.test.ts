import { describe, expect, it } from 'vitest';
import { answerLine } from './answer-line';

describe('answerLine', () => {
  it('names the correct option with its text when the quiz shows option texts', () => {
    expect(answerLine({ correct_option: 'A', correct_text: 'Paris' })).toBe('The answer was A: Paris');
  });

  it('names the letter alone when the texts are not shown, or a kept state has none', () => {
    expect(answerLine({ correct_option: 'C', correct_text: null })).toBe('The answer was C.');
    expect(answerLine({ correct_option: 'C' })).toBe('The answer was C.');
  });
});
