import { describe, expect, it } from 'vitest';
import {
  STATUS_LABELS,
  canMoveStatus,
  canSetQuestionNo,
  canStep,
  isJoinCode,
  normaliseJoinCode,
  statusOrder,
  statusesFrom,
  type SteppableQuiz,
} from './quiz-rules';

describe('status order', () => {
  it('is keyed by mode, with AUTO when no mode is chosen', () => {
    expect(statusOrder('AUTO')).toEqual(['ANNOUNCED', 'STARTED', 'RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED']);
    expect(statusOrder('MANUAL')).toEqual(['ANNOUNCED', 'ACTIVATED', 'STARTED', 'RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED']);
    expect(statusOrder(null)).toEqual(statusOrder('AUTO'));
    expect(statusOrder(undefined)).toEqual(statusOrder('AUTO'));
  });

  it('labels every status as the spec words it', () => {
    expect(statusOrder('MANUAL').map((status) => STATUS_LABELS[status])).toEqual([
      'Announced',
      'Activated',
      'Started',
      'Result Awaited',
      'Result Announced',
      'Completed',
    ]);
  });

  it('offers the current status and the later ones', () => {
    expect(statusesFrom('MANUAL', 'STARTED')).toEqual(['STARTED', 'RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED']);
    expect(statusesFrom('AUTO', 'COMPLETED')).toEqual(['COMPLETED']);
    expect(statusesFrom(null, 'ANNOUNCED')).toEqual(statusOrder('AUTO'));
  });

  it('treats a status the mode lacks as the start of the order', () => {
    expect(statusesFrom('AUTO', 'ACTIVATED')).toEqual(statusOrder('AUTO'));
    expect(statusesFrom('MANUAL', null)).toEqual(statusOrder('MANUAL'));
  });

  it('lets a status stay or move forward, never back, and only within the mode', () => {
    expect(canMoveStatus('MANUAL', 'ACTIVATED', 'ACTIVATED')).toBe(true);
    expect(canMoveStatus('MANUAL', 'ACTIVATED', 'COMPLETED')).toBe(true);
    expect(canMoveStatus('MANUAL', 'STARTED', 'ACTIVATED')).toBe(false);
    expect(canMoveStatus('AUTO', 'ANNOUNCED', 'ACTIVATED')).toBe(false);
    expect(canMoveStatus('AUTO', 'RESULT_AWAITED', 'STARTED')).toBe(false);
  });
});

describe('question stepping', () => {
  const quiz = (overrides: Partial<SteppableQuiz> = {}): SteppableQuiz => ({
    mode: 'MANUAL',
    status: 'STARTED',
    question_no: 2,
    question_count: 3,
    ...overrides,
  });

  it('steps both ways inside 1..question count while a MANUAL quiz is STARTED', () => {
    expect(canStep(quiz(), 'previous')).toBe(true);
    expect(canStep(quiz(), 'next')).toBe(true);
  });

  it('stops at the first and the last question', () => {
    expect(canStep(quiz({ question_no: 1 }), 'previous')).toBe(false);
    expect(canStep(quiz({ question_no: 3 }), 'next')).toBe(false);
    expect(canStep(quiz({ question_no: 1, question_count: 0 }), 'next')).toBe(false);
  });

  it('never steps in AUTO mode or outside STARTED', () => {
    expect(canStep(quiz({ mode: 'AUTO' }), 'next')).toBe(false);
    expect(canStep(quiz({ status: 'ACTIVATED' }), 'next')).toBe(false);
    expect(canStep(quiz({ status: 'RESULT_AWAITED' }), 'previous')).toBe(false);
  });

  it('sets a question number only within range under the same conditions', () => {
    expect(canSetQuestionNo(quiz(), 3)).toBe(true);
    expect(canSetQuestionNo(quiz(), 4)).toBe(false);
    expect(canSetQuestionNo(quiz(), 0)).toBe(false);
    expect(canSetQuestionNo(quiz(), 1.5)).toBe(false);
    expect(canSetQuestionNo(quiz({ status: 'ANNOUNCED' }), 1)).toBe(false);
  });
});

describe('join code', () => {
  it('keeps digits only, at most 4, ignoring further input', () => {
    expect(normaliseJoinCode('12a3')).toBe('123');
    expect(normaliseJoinCode('123456')).toBe('1234');
    expect(normaliseJoinCode(' 9 8-7 ')).toBe('987');
    expect(normaliseJoinCode('abc')).toBe('');
  });

  it('is 1 to 4 digits', () => {
    expect(isJoinCode('0042')).toBe(true);
    expect(isJoinCode('7')).toBe(true);
    expect(isJoinCode('')).toBe(false);
    expect(isJoinCode('12345')).toBe(false);
    expect(isJoinCode('12a')).toBe(false);
  });
});
