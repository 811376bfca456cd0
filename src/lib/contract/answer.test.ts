import { answerAcknowledgement, answerPayload } from './answer';

// Play's answer: one option letter, stamped with the moment it was chosen in server time.

describe('answerPayload', () => {
  it('takes a question id, an option letter A to D and a whole epoch-ms stamp', () => {
    const answer = { question: 12, chosen_option: 'C', chosen_at: 1_767_225_600_000 };
    expect(answerPayload.parse(answer)).toEqual(answer);
  });

  it('refuses another letter, a fractional or negative stamp and a missing question', () => {
    for (const wrong of [
      { question: 12, chosen_option: 'E', chosen_at: 1 },
      { question: 12, chosen_option: 'a', chosen_at: 1 },
      { question: 12, chosen_option: 'A', chosen_at: 1.5 },
      { question: 12, chosen_option: 'A', chosen_at: -1 },
      { chosen_option: 'A', chosen_at: 1 },
    ]) {
      expect(answerPayload.safeParse(wrong).success, JSON.stringify(wrong)).toBe(false);
    }
  });
});

describe('answerAcknowledgement', () => {
  it('tells whether the answer counted, and its correctness and points only once the question closed', () => {
    expect(answerAcknowledgement.parse({ counted: true, score: 0 })).toEqual({ counted: true, score: 0 });
    expect(answerAcknowledgement.parse({ counted: true, correct: true, points: 850, score: 850 })).toMatchObject({ points: 850 });
  });
});
