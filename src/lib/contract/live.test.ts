import { describe, expect, it } from 'vitest';
import { liveQuizCounts, liveQuizCountsPath, liveQuizPath, liveQuizTopTen, liveQuizTopTenPath, livePoll, livePollPath } from './live';

describe('the live contract', () => {
  it('places each node under /live, keyed by the quiz or poll hash', () => {
    expect([liveQuizPath('abc'), liveQuizCountsPath('abc'), liveQuizTopTenPath('abc'), livePollPath('p1')]).toEqual([
      'live/quizzes/abc',
      'live/quiz-counts/abc',
      'live/quiz-top-ten/abc',
      'live/polls/p1',
    ]);
  });

  it('restores what Firebase drops: empty counts and an empty ranking', () => {
    expect(liveQuizCounts.parse({ joined: 0, question_no: 1 })).toEqual({
      joined: 0,
      question_no: 1,
      answered: 0,
      chosen: {},
      answer_opens_at: null,
      reveal_at: null,
      recent: [],
      sent_at: 0,
    });
    expect(liveQuizTopTen.parse({})).toEqual({ ranking: [], sent_at: 0 });
    expect(livePoll.parse({})).toEqual({ votes: {}, total: 0, active: false, sent_at: 0 });
  });

  it("reads a poll's votes back when Firebase turned choice ids into an array's indexes", () => {
    // eslint-disable-next-line no-sparse-arrays -- what the Firebase SDK gives for { 1: 3, 2: 0, 3: 5 }
    expect(livePoll.parse({ votes: [, 3, 0, 5] }).votes).toEqual({ 1: 3, 2: 0, 3: 5 });
    expect(livePoll.parse({ votes: [null, 3, null, 5] }).votes).toEqual({ 1: 3, 3: 5 });
  });

  it('refuses counts that are not whole and positive, and options other than A-D', () => {
    expect(liveQuizCounts.safeParse({ joined: -1, question_no: 1 }).success).toBe(false);
    expect(liveQuizCounts.safeParse({ joined: 1, question_no: 1, chosen: { E: 1 } }).success).toBe(false);
    expect(livePoll.safeParse({ votes: { 12: 1.5 } }).success).toBe(false);
  });
});
