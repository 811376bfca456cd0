import { describe, expect, it } from 'vitest';
import type { PlayQuiz, PlayState } from '../lib/contract/play';
import { chosenFor, deriveScreen, pageReducer, type ChosenAnswer, type PageState } from './screen';

const QUESTION = {
  id: 42,
  question_no: 2,
  description: 'Capital of France?',
  hint: '',
  image: null,
  options: [
    { letter: 'A' as const, text: 'Paris' },
    { letter: 'B' as const, text: 'Rome' },
  ],
};

function state(quiz: Partial<PlayState['quiz']> = {}, rest: Partial<PlayState> = {}): PlayState {
  return {
    attempt: { id: 7, score: 0, time_taken: 0, rank: null, status: 'STARTED' },
    quiz: {
      quiz_hash: 'h',
      status: 'STARTED',
      mode: 'MANUAL',
      time_based: false,
      question_no: 2,
      question_count: 3,
      opened_at: 1_000,
      answer_opens_at: 6_000,
      closes_at: 36_000,
      reveal_at: 51_000,
      ...quiz,
    },
    question: null,
    my_answer: null,
    last_result: null,
    top_ten: null,
    server_time: 1_000,
    ...rest,
  };
}

const SENDING: ChosenAnswer = { question: 42, option: 'A', status: 'sending', message: null };

describe('deriveScreen, a timed quiz', () => {
  it('shows the lobby before the start and before the first round', () => {
    expect(deriveScreen(state({ status: 'ANNOUNCED' }), 0, [])).toEqual({ kind: 'lobby' });
    expect(deriveScreen(state({ status: 'ACTIVATED' }), 0, [])).toEqual({ kind: 'lobby' });
    expect(deriveScreen(state({ opened_at: null, answer_opens_at: null, closes_at: null, reveal_at: null }), 0, [])).toEqual({
      kind: 'lobby',
    });
  });

  it('counts down the alert until answering opens', () => {
    expect(deriveScreen(state(), 2_000, [])).toEqual({ kind: 'alert', questionNo: 2, answerOpensAt: 6_000 });
  });

  it('keeps the alert while the opened question has not been read yet', () => {
    expect(deriveScreen(state(), 6_100, [])).toMatchObject({ kind: 'alert' });
  });

  it("shows the open question with this phone's answer", () => {
    const open = state({}, { question: QUESTION });
    expect(deriveScreen(open, 10_000, [])).toEqual({ kind: 'question', question: QUESTION, closesAt: 36_000, chosen: null });
    expect(deriveScreen(open, 10_000, [SENDING])).toMatchObject({ kind: 'question', chosen: SENDING });
  });

  it('says time is up after closing, until the reveal', () => {
    const closed = state({}, { question: QUESTION });
    expect(deriveScreen(closed, 36_000, [SENDING])).toEqual({ kind: 'closed', chosen: SENDING });
    expect(deriveScreen(state(), 40_000, [])).toEqual({ kind: 'closed', chosen: null });
  });

  it('shows right or wrong and the points once revealed', () => {
    const result = { question_no: 2, question: 42, correct_option: 'A' as const, chosen_option: 'A' as const, correct: true, points: 930 };
    expect(deriveScreen(state({}, { last_result: result }), 52_000, [])).toEqual({ kind: 'result', result, next: false });
    // An answer the server refused (too late) says why next to the result.
    const late: ChosenAnswer = { question: 42, option: 'A', status: 'refused', message: 'Too late.' };
    const missed = { ...result, chosen_option: null, correct: false, points: 0 };
    expect(deriveScreen(state({}, { last_result: missed }), 52_000, [late])).toEqual({
      kind: 'result',
      result: missed,
      next: false,
      refused: late,
    });
    // The previous question's result is not this question's.
    expect(deriveScreen(state({}, { last_result: { ...result, question_no: 1, question: 41 } }), 40_000, [])).toMatchObject({
      kind: 'closed',
    });
  });

  it('follows the end of the quiz', () => {
    expect(deriveScreen(state({ status: 'RESULT_AWAITED' }), 0, [])).toEqual({ kind: 'awaited' });
    expect(deriveScreen(state({ status: 'RESULT_ANNOUNCED' }), 0, [])).toEqual({ kind: 'announced' });
    expect(deriveScreen(state({ status: 'COMPLETED' }), 0, [])).toEqual({ kind: 'completed' });
  });
});

describe('deriveScreen, a self-paced quiz', () => {
  const selfPaced = (quiz: Partial<PlayState['quiz']> = {}, rest: Partial<PlayState> = {}) =>
    state({ mode: 'AUTO', time_based: false, ...quiz }, rest);
  const result = { question_no: 2, question: 42, correct_option: 'B' as const, chosen_option: 'A' as const, correct: false, points: 0 };

  it('waits for Start before the first question', () => {
    expect(deriveScreen(selfPaced({ opened_at: null, answer_opens_at: null, closes_at: null, reveal_at: null }), 0, [])).toEqual({
      kind: 'start',
    });
  });

  it('offers Next after a result, and finishes after the last question', () => {
    expect(deriveScreen(selfPaced({}, { last_result: result }), 20_000, [])).toEqual({ kind: 'result', result, next: true });
    expect(deriveScreen(selfPaced({ question_no: 3 }, { last_result: { ...result, question_no: 3 } }), 20_000, [])).toEqual({
      kind: 'finished',
      result: { ...result, question_no: 3 },
    });
  });
});

describe('chosenFor', () => {
  it("takes the server's word over the phone's once it has it", () => {
    const counted = state({}, { my_answer: { question: 42, chosen_option: 'A', chosen_at: 9_000, counted: true } });
    expect(chosenFor(42, counted, [SENDING])).toEqual({ question: 42, option: 'A', status: 'counted', message: null });
    expect(chosenFor(42, state(), [SENDING])).toEqual(SENDING);
    expect(chosenFor(43, state(), [SENDING])).toBeNull();
  });
});

describe('pageReducer', () => {
  const quiz = { name: 'Demo' } as PlayQuiz;
  const session = { token: 't', attempt: 7 };

  it('goes from loading to the join form, or straight to playing with a kept session', () => {
    expect(pageReducer({ step: 'loading' }, { type: 'quizLoaded', quiz, session: null })).toEqual({
      step: 'join',
      quiz,
      message: null,
      busy: false,
    });
    expect(pageReducer({ step: 'loading' }, { type: 'quizLoaded', quiz, session })).toEqual({
      step: 'playing',
      quiz,
      session,
      state: null,
      message: null,
    });
  });

  it("shows a refused join's message and joins", () => {
    let page: PageState = { step: 'join', quiz, message: null, busy: false };
    page = pageReducer(page, { type: 'joining' });
    expect(page).toMatchObject({ busy: true });
    page = pageReducer(page, { type: 'joinRefused', message: 'That join code is not right.' });
    expect(page).toEqual({ step: 'join', quiz, message: 'That join code is not right.', busy: false });
    page = pageReducer(page, { type: 'joined', session });
    expect(page).toEqual({ step: 'playing', quiz, session, state: null, message: null });
  });

  it('keeps the newest play state and learns the attempt from it', () => {
    const newer = state({}, { server_time: 2_000 });
    let page: PageState = { step: 'playing', quiz, session: { token: 't', attempt: null }, state: null, message: null };
    page = pageReducer(page, { type: 'stateLoaded', state: newer });
    expect(page).toMatchObject({ session: { token: 't', attempt: 7 }, state: newer });
    expect(pageReducer(page, { type: 'stateLoaded', state: state({}, { server_time: 1_500 }) })).toBe(page);
  });

  it('goes back to the join form when the place ended, and keeps playing when the quiz cannot be read', () => {
    const playing: PageState = { step: 'playing', quiz, session, state: null, message: null };
    expect(pageReducer(playing, { type: 'placeEnded', message: 'ended' })).toEqual({ step: 'join', quiz, message: 'ended', busy: false });
    expect(pageReducer(playing, { type: 'quizMissing', message: 'No connection to the server.' })).toMatchObject({
      step: 'playing',
      message: 'No connection to the server.',
    });
    expect(pageReducer({ step: 'loading' }, { type: 'quizMissing', message: 'This quiz link is not valid.' })).toEqual({
      step: 'gone',
      message: 'This quiz link is not valid.',
    });
  });
});
