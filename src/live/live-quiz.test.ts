import { describe, expect, it } from 'vitest';
import type { LiveQuiz, StoredLiveQuiz } from '../lib/contract/live';
import { parseLiveQuiz } from './live-quiz';

describe('parseLiveQuiz', () => {
  const node = {
    status: 'STARTED',
    mode: 'AUTO',
    question_no: 2,
    question_count: 5,
    question_started_at: 1000,
    question_ends_at: 16000,
    updated_at: 900,
  } satisfies LiveQuiz;

  it('reads a published node', () => {
    expect(parseLiveQuiz(node)).toEqual(node);
  });

  it('restores the question clock Firebase drops when it is null', () => {
    const stored = { status: 'ANNOUNCED', mode: 'MANUAL', question_no: 1, question_count: 0, updated_at: 5 } satisfies StoredLiveQuiz;
    expect(parseLiveQuiz(stored)).toEqual({ ...stored, question_started_at: null, question_ends_at: null });
  });

  it('keeps only the fields of the contract', () => {
    expect(parseLiveQuiz({ ...node, joined: 3 })).toEqual(node);
  });

  it('reads no node, or a malformed one, as null', () => {
    expect(parseLiveQuiz(null)).toBeNull();
    expect(parseLiveQuiz('STARTED')).toBeNull();
    expect(parseLiveQuiz({ ...node, status: 'PAUSED' })).toBeNull();
    expect(parseLiveQuiz({ ...node, question_no: '2' })).toBeNull();
    expect(parseLiveQuiz({ ...node, question_started_at: 'soon' })).toBeNull();
    expect(parseLiveQuiz({ ...node, updated_at: undefined })).toBeNull();
  });
});
