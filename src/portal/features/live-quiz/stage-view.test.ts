import { describe, expect, it } from 'vitest';
import type { LiveQuizCounts } from '../../../lib/contract/live';
import { isRevealed, pollBarsOf, stageStateOf, stageViewOf, topTenOf, type StageQuizState } from './stage-view';

const STARTED_AT = 1_000_000;
const OPENS = STARTED_AT + 5_000;
const CLOSES = OPENS + 20_000;
const REVEAL = CLOSES + 15_000;

const started: StageQuizState = {
  mode: 'MANUAL',
  status: 'STARTED',
  question_no: 2,
  question_count: 3,
  question_started_at: STARTED_AT,
  question_ends_at: CLOSES,
};

function counts(overrides: Partial<LiveQuizCounts> = {}): LiveQuizCounts {
  return {
    joined: 2,
    question_no: 2,
    answered: 2,
    chosen: {},
    answer_opens_at: OPENS,
    reveal_at: REVEAL,
    recent: [],
    sent_at: OPENS + 3_000,
    ...overrides,
  };
}

const view = (serverNow: number, node: LiveQuizCounts | null = counts(), state: StageQuizState = started) =>
  stageViewOf({ state, before_qs_timer: 5, counts: node, topTen: null, correctOption: 'B', serverNow });

describe('stageViewOf', () => {
  it('shows the lobby before the start and the podium, the final ranking and the wait after the questions', () => {
    const ranking = [{ rank: 1, name: 'Ana P.', score: 900, time_taken: 3 }];
    const topTen = { ranking, sent_at: 1 };
    const of = (status: StageQuizState['status']) =>
      stageViewOf({ state: { ...started, status }, before_qs_timer: 5, counts: null, topTen, correctOption: 'A', serverNow: 0 });
    expect(of('ANNOUNCED')).toEqual({ kind: 'lobby' });
    expect(of('ACTIVATED')).toEqual({ kind: 'lobby' });
    expect(of('RESULT_AWAITED')).toEqual({ kind: 'awaited' });
    expect(of('RESULT_ANNOUNCED')).toEqual({ kind: 'podium', ranking });
    expect(of('COMPLETED')).toEqual({ kind: 'final', ranking });
  });

  it('runs the alert, the question and the close in server time', () => {
    expect(view(STARTED_AT + 1_000)).toEqual({ kind: 'alert', questionNo: 2, answerOpensAt: OPENS });
    expect(view(OPENS)).toEqual({ kind: 'question', questionNo: 2, closesAt: CLOSES });
    expect(view(CLOSES)).toEqual({ kind: 'closed', questionNo: 2 });
  });

  it('never reveals before reveal_at, even with the split of answers at hand', () => {
    // A node claiming a split before its reveal moment (it cannot be trusted to be the whole story).
    const early = counts({ chosen: { A: 1, B: 1 }, sent_at: REVEAL - 1 });
    expect(view(REVEAL - 1, early).kind).toBe('closed');
    expect(view(REVEAL + 5_000, early).kind).toBe('closed');
    // A node written at the reveal, seen by a stage whose clock is still before it.
    const atReveal = counts({ chosen: { A: 1, B: 1 }, sent_at: REVEAL });
    expect(view(REVEAL - 1, atReveal).kind).toBe('closed');
    expect(view(REVEAL, atReveal)).toEqual({
      kind: 'revealed',
      questionNo: 2,
      distribution: { counts: { A: 1, B: 1, C: 0, D: 0 }, total: 2, correct: 'B' },
    });
  });

  it('reveals early when everybody answered (reveal_at before the close)', () => {
    const node = counts({ reveal_at: OPENS + 4_000, sent_at: OPENS + 4_000, chosen: { B: 2 } });
    expect(view(OPENS + 4_500, node).kind).toBe('revealed');
  });

  it('never shows the counts of another question as the current one', () => {
    const previous = counts({ question_no: 1, chosen: { A: 2 }, sent_at: REVEAL + 10, reveal_at: REVEAL });
    expect(view(REVEAL + 100, previous).kind).toBe('closed');
    expect(isRevealed(previous, 2, REVEAL + 100)).toBe(false);
    // The previous round's opening time is not used either: the live node's clock is.
    expect(view(STARTED_AT + 100, counts({ question_no: 1, answer_opens_at: 1 }))).toEqual({
      kind: 'alert',
      questionNo: 2,
      answerOpensAt: STARTED_AT + 5_000,
    });
  });

  it('a MANUAL question without a timer stays open; a self-paced AUTO quiz shows the lobby', () => {
    const noTimer = { ...started, question_ends_at: null };
    expect(view(CLOSES + 60_000, counts({ reveal_at: null }), noTimer)).toEqual({ kind: 'question', questionNo: 2, closesAt: null });
    expect(view(0, null, { ...started, mode: 'AUTO', question_started_at: null, question_ends_at: null })).toEqual({ kind: 'lobby' });
  });
});

describe('stageStateOf', () => {
  const row = {
    mode: 'MANUAL' as const,
    status: 'ANNOUNCED' as const,
    question_no: 1,
    questions: [1, 2, 3],
    updated_at: '2026-01-01T00:00:00Z',
  };
  it('takes the live node when it is as new as the row, else the row without a clock', () => {
    const live = { ...started, updated_at: Date.parse(row.updated_at) };
    expect(stageStateOf(row, live)).toEqual(started);
    expect(stageStateOf(row, { ...live, updated_at: live.updated_at - 1 })).toEqual({
      mode: 'MANUAL',
      status: 'ANNOUNCED',
      question_no: 1,
      question_count: 3,
      question_started_at: null,
      question_ends_at: null,
    });
  });
});

describe('topTenOf and pollBarsOf', () => {
  it('ranks by score then time, ties share, ten at most', () => {
    const standings = Array.from({ length: 12 }, (_, index) => ({
      first_name: `P${index}`,
      last_name: 'smith',
      score: index < 2 ? 1000 : 100 * index,
      time_taken: 5,
    }));
    const ranking = topTenOf(standings);
    expect(ranking).toHaveLength(10);
    expect(ranking.slice(0, 3).map((entry) => [entry.rank, entry.name])).toEqual([
      [1, 'P11 S.'],
      [2, 'P0 S.'],
      [2, 'P1 S.'],
    ]);
  });
  it('takes the live votes by choice server id over the mirrored counts', () => {
    const { bars, total } = pollBarsOf(
      [
        { key: 'a', serverId: 10, name: 'Yes', votes: 1 },
        { key: 'b', serverId: 11, name: 'No', votes: 5 },
        { key: 'c', serverId: null, name: 'Maybe', votes: 0 },
      ],
      { '10': 3, '11': 1 },
    );
    expect(total).toBe(4);
    expect(bars.map((bar) => [bar.name, bar.votes, bar.percent])).toEqual([
      ['Yes', 3, 75],
      ['No', 1, 25],
      ['Maybe', 0, 0],
    ]);
  });
});
