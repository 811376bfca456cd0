import { sameQuizEntry, sameQuizEntries, visibleQuizzes, type QuizEntry, type QuizRow } from './quiz-rows';
import {
  NOT_SYNCED_REASON,
  OFFLINE_REASON,
  liveStateOf,
  playerCountsOf,
  questionCellText,
  quizControls,
} from '../../ui/live-quiz/quiz-live-state';
import { viewerLink } from '../../ui/use-client-profile';

function quiz(changes: Partial<QuizRow> = {}): QuizRow {
  return {
    localId: 's-1',
    serverId: 1,
    syncState: 'synced',
    serverCopy: null,
    name: 'Quiz',
    mode: 'MANUAL',
    status: 'STARTED',
    question_no: 2,
    questions: [11, 12, 13],
    qs_timer: 30,
    before_qs_timer: 3,
    join_code: '1234',
    quiz_hash: 'abc',
    attempts_count: 0,
    start_date_time: '2026-06-10T18:00:00.000Z',
    end_date_time: '2026-06-10T20:00:00.000Z',
    updated_at: '2026-06-10T18:00:00.000Z',
    ...changes,
  };
}

describe('List Quiz rows', () => {
  it('orders newest first with unsynced quizzes on top, and a cleared search shows all', () => {
    const rows = [
      quiz({ localId: 's-1', serverId: 1, name: 'Old' }),
      quiz({ localId: 's-5', serverId: 5, name: 'New' }),
      quiz({ localId: 'local-x', serverId: null, name: 'Offline' }),
    ];
    expect(visibleQuizzes(rows, '').map((row) => row.name)).toEqual(['Offline', 'New', 'Old']);
    expect(visibleQuizzes(rows, 'new').map((row) => row.name)).toEqual(['New']);
    expect(visibleQuizzes(rows, '  ')).toHaveLength(3);
  });

  it('steps only a STARTED MANUAL quiz within 1..count, online and synced', () => {
    const state = liveStateOf(quiz());
    expect(quizControls(quiz(), state, true)).toMatchObject({ previous: true, next: true, disabledReason: null });
    const last = quiz({ question_no: 3 });
    expect(quizControls(last, liveStateOf(last), true)).toMatchObject({ previous: true, next: false });
    const first = quiz({ question_no: 1, status: 'ACTIVATED' });
    expect(quizControls(first, liveStateOf(first), true)).toMatchObject({ previous: false, next: false });
    expect(quizControls(quiz(), state, false)).toMatchObject({ previous: false, next: false, disabledReason: OFFLINE_REASON });
    const local = quiz({ localId: 'local-1', serverId: null });
    expect(quizControls(local, liveStateOf(local), true).disabledReason).toBe(NOT_SYNCED_REASON);
  });

  it('offers only the current status and the later ones; Reset Attempts only with attempts', () => {
    const state = liveStateOf(quiz());
    expect(quizControls(quiz(), state, true).statuses).toEqual(['STARTED', 'RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED']);
    expect(quizControls(quiz(), state, true).resetAttempts).toBe(false);
    expect(quizControls(quiz({ attempts_count: 4 }), state, true).resetAttempts).toBe(true);
    expect(quizControls(quiz({ attempts_count: 4 }), state, false).resetAttempts).toBe(false);
  });

  it('shows N/A outside MANUAL, and the live node when it is at least as new as the row', () => {
    expect(questionCellText(liveStateOf(quiz({ mode: 'AUTO' })))).toBe('N/A');
    expect(questionCellText(liveStateOf(quiz()))).toBe('2 / 3');
    const node = { mode: 'MANUAL' as const, status: 'STARTED' as const, question_no: 3, question_count: 3 };
    expect(liveStateOf(quiz(), { ...node, updated_at: Date.parse('2026-06-10T18:00:01Z') }).question_no).toBe(3);
    expect(liveStateOf(quiz(), { ...node, updated_at: Date.parse('2026-06-10T17:00:00Z') }).question_no).toBe(2);
  });

  it('builds the viewer link from the viewer app URL and the hash, or none without a URL', () => {
    expect(viewerLink('https://viewer.example/', 'abc')).toBe('https://viewer.example/abc');
    expect(viewerLink('', 'abc')).toBeNull();
    expect(viewerLink(null, 'abc')).toBeNull();
  });

  it('treats a rebuilt row as the same unless something it shows or acts on changed', () => {
    const entry = (changes: Partial<QuizRow> = {}, online = true, link: string | null = null): QuizEntry => {
      const row = quiz(changes);
      const state = liveStateOf(row);
      return { row, state, controls: quizControls(row, state, online), viewerLink: link };
    };
    expect(sameQuizEntry(entry(), entry())).toBe(true);
    // Fields no cell shows do not count.
    expect(sameQuizEntry(entry(), entry({ description: 'Changed', updated_at: '2026-06-10T18:00:05.000Z' }))).toBe(true);
    for (const changes of [
      { name: 'Renamed' },
      { syncState: 'pending' as const },
      { serverId: 2 },
      { quiz_hash: 'xyz' },
      { start_date_time: '2026-06-11T18:00:00.000Z' },
      { end_date_time: '2026-06-11T20:00:00.000Z' },
      { attempts_count: 3 },
      { status: 'RESULT_AWAITED' as const },
      { question_no: 3 },
      { mode: 'AUTO' as const },
      { questions: [11, 12] },
    ]) {
      expect(sameQuizEntry(entry(), entry(changes)), JSON.stringify(changes)).toBe(false);
    }
    expect(sameQuizEntry(entry(), entry({}, false))).toBe(false);
    expect(sameQuizEntry(entry(), entry({}, true, 'https://viewer.example/abc'))).toBe(false);
  });

  it('treats a rebuilt page as the same when its rows are the same ones, in the same order, each rendering the same', () => {
    const entry = (changes: Partial<QuizRow> = {}): QuizEntry => {
      const row = quiz(changes);
      const state = liveStateOf(row);
      return { row, state, controls: quizControls(row, state, true), viewerLink: null };
    };
    const first = () => entry({ localId: 'a', serverId: 1 });
    const second = () => entry({ localId: 'b', serverId: 2, name: 'Second' });
    expect(sameQuizEntries([], [])).toBe(true);
    expect(sameQuizEntries([first(), second()], [first(), second()])).toBe(true);
    expect(sameQuizEntries([first(), second()], [second(), first()])).toBe(false);
    expect(sameQuizEntries([first(), second()], [first()])).toBe(false);
    expect(sameQuizEntries([first()], [first(), second()])).toBe(false);
    expect(sameQuizEntries([first(), second()], [first(), entry({ localId: 'b', serverId: 2, name: 'Renamed' })])).toBe(false);
  });
});

describe('player counts', () => {
  const counts = { joined: 5, answered: 3, question_no: 2 };
  it('are unknown until the counts node arrives, and zero when the quiz has none', () => {
    expect(playerCountsOf(undefined, { question_no: 2 })).toBeNull();
    expect(playerCountsOf(null, { question_no: 2 })).toEqual({ joined: 0, answered: 0 });
  });

  it("count the answers of the screen's question only: after a step, none until the new question's counts come", () => {
    expect(playerCountsOf(counts, { question_no: 2 })).toEqual({ joined: 5, answered: 3 });
    expect(playerCountsOf(counts, { question_no: 3 })).toEqual({ joined: 5, answered: 0 });
  });

  it('past the questions keep the last answered count seen while Started, or say it is not known, never a false 0', () => {
    const after = { joined: 5, answered: 0, question_no: 3 };
    for (const status of ['RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED'] as const) {
      expect(playerCountsOf(after, { question_no: 3, status }, 4)).toEqual({ joined: 5, answered: 4 });
      expect(playerCountsOf(after, { question_no: 3, status })).toEqual({ joined: 5, answered: undefined });
    }
    expect(playerCountsOf(counts, { question_no: 2, status: 'STARTED' }, 1)).toEqual({ joined: 5, answered: 3 });
  });
});

describe('viewer links (docs/decisions.md "Play")', () => {
  it("with the default viewer app URL ({origin}/play/) are the player app's quiz and poll pages", () => {
    expect(viewerLink('http://127.0.0.1:3000/play/', 'demo-live-quiz')).toBe('http://127.0.0.1:3000/play/demo-live-quiz');
    expect(viewerLink('http://127.0.0.1:3000/play/', 'poll/demo-live-poll')).toBe('http://127.0.0.1:3000/play/poll/demo-live-poll');
  });
});
