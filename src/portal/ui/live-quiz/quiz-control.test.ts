import { describe, expect, it } from 'vitest';
import { clickerActionOf, countdownAt, nextStatusOf, stageQuestionKey, steppingKeysHint } from './quiz-control';

describe('the control screen', () => {
  it('finds the question on stage by its number, none outside the list', () => {
    expect(stageQuestionKey([7, 'local-x', 9], 2)).toBe('local-x');
    expect(stageQuestionKey([7], 0)).toBeNull();
    expect(stageQuestionKey([7], 2)).toBeNull();
  });

  it("offers the next status of the mode's order, none after Completed", () => {
    expect(nextStatusOf('MANUAL', 'ANNOUNCED')).toBe('ACTIVATED');
    expect(nextStatusOf('AUTO', 'ANNOUNCED')).toBe('STARTED');
    expect(nextStatusOf('MANUAL', 'STARTED')).toBe('RESULT_AWAITED');
    expect(nextStatusOf('AUTO', 'COMPLETED')).toBeNull();
  });

  it("counts down in the server's time: the alert, then answering, then time up", () => {
    const clock = { question_started_at: 10_000, question_ends_at: 43_000 };
    expect(countdownAt(clock, 3, 10_000)).toEqual({ phase: 'get-ready', seconds: 3 });
    expect(countdownAt(clock, 3, 12_500)).toEqual({ phase: 'get-ready', seconds: 1 });
    expect(countdownAt(clock, 3, 13_000)).toEqual({ phase: 'answering', seconds: 30 });
    expect(countdownAt(clock, 3, 42_001)).toEqual({ phase: 'answering', seconds: 1 });
    expect(countdownAt(clock, 3, 43_000)).toEqual({ phase: 'time-up', seconds: 0 });
    expect(countdownAt({ question_started_at: null, question_ends_at: null }, 3, 0)).toBeNull();
  });

  it("maps a presenter clicker's keys", () => {
    expect(['ArrowRight', 'PageDown', ' '].map(clickerActionOf)).toEqual(['next', 'next', 'next']);
    expect(['ArrowLeft', 'PageUp'].map(clickerActionOf)).toEqual(['previous', 'previous']);
    expect(clickerActionOf('Enter')).toBeNull();
  });
});

describe('the AUTO control screen', () => {
  it('gives the stepping-keys hint only in MANUAL', () => {
    expect(steppingKeysHint('MANUAL')).toContain('Page Down');
    expect(steppingKeysHint('AUTO')).toBeNull();
  });
});
