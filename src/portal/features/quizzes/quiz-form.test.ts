import { END_BEFORE_START_MESSAGE } from '../../../lib/contract/quiz';
import {
  BEFORE_QUIZ_START_MESSAGE,
  END_DATE_BEFORE_START_MESSAGE,
  QUESTION_NO_MINIMUM_MESSAGE,
  REQUIRED_MESSAGE,
  START_BEFORE_TODAY_MESSAGE,
  TIMER_MINIMUM_MESSAGE,
  combineDateTime,
  emptyQuizForm,
  formFieldErrors,
  quizPayloadOf,
  statusChoices,
  validateQuizForm,
  type QuizFormValues,
} from './quiz-form';

const today = new Date(2026, 5, 10, 9, 30);

function filled(changes: Partial<QuizFormValues> = {}): QuizFormValues {
  return {
    ...emptyQuizForm(),
    name: 'Friday quiz',
    mode: 'AUTO',
    qs_timer: 30,
    timer_bw_qs: 5,
    before_qs_timer: 3,
    join_code: '1234',
    start_date: '2026-06-10',
    start_time: '18:00',
    end_date: '2026-06-10',
    end_time: '20:00',
    ...changes,
  };
}

describe('quiz form rules', () => {
  it('accepts a complete AUTO quiz starting today', () => {
    expect(validateQuizForm(filled(), today)).toEqual({});
  });

  it('requires name, mode, timers, join code, attempts and the four date and time inputs', () => {
    const errors = validateQuizForm({ ...emptyQuizForm(), max_attempt_count: '' }, today);
    for (const field of [
      'name',
      'mode',
      'qs_timer',
      'before_qs_timer',
      'join_code',
      'max_attempt_count',
      'start_date',
      'start_time',
      'end_date',
      'end_time',
    ]) {
      expect(errors[field], field).toBe(REQUIRED_MESSAGE);
    }
  });

  it('asks timer_bw_qs only in AUTO and question_no (>= 1) only in MANUAL; timers are >= 0', () => {
    expect(validateQuizForm(filled({ timer_bw_qs: '' }), today).timer_bw_qs).toBe(REQUIRED_MESSAGE);
    expect(validateQuizForm(filled({ mode: 'MANUAL', timer_bw_qs: '' }), today).timer_bw_qs).toBeUndefined();
    expect(validateQuizForm(filled({ mode: 'MANUAL', question_no: 0 }), today).question_no).toBe(QUESTION_NO_MINIMUM_MESSAGE);
    expect(validateQuizForm(filled({ question_no: 0 }), today).question_no).toBeUndefined();
    expect(validateQuizForm(filled({ qs_timer: -1 }), today).qs_timer).toBe(TIMER_MINIMUM_MESSAGE);
  });

  it('starts no earlier than today, ends no earlier than the start (date, then date and time)', () => {
    expect(validateQuizForm(filled({ start_date: '2026-06-09' }), today).start_date).toBe(START_BEFORE_TODAY_MESSAGE);
    expect(validateQuizForm(filled({ end_date: '2026-06-09' }), today).end_date).toBe(END_DATE_BEFORE_START_MESSAGE);
    expect(validateQuizForm(filled({ end_time: '17:59' }), today).end_time).toBe(END_BEFORE_START_MESSAGE);
  });

  it("on edit, the quiz's own start replaces today as the earliest date", () => {
    const savedStart = new Date(2026, 5, 1, 18, 0).toISOString();
    const started = filled({ start_date: '2026-06-01', end_date: '2026-06-02' });
    expect(validateQuizForm(started, today, savedStart)).toEqual({});
    expect(validateQuizForm(filled({ start_date: '2026-05-31' }), today, savedStart).start_date).toBe(BEFORE_QUIZ_START_MESSAGE);
    expect(validateQuizForm(filled({ start_date: '2026-06-01', end_date: '2026-05-31' }), today, savedStart).end_date).toBe(
      BEFORE_QUIZ_START_MESSAGE,
    );
  });

  it('offers the mode lookup (AUTO when none), and on edit only the saved status and later ones', () => {
    expect(statusChoices(null)).toEqual(['ANNOUNCED', 'STARTED', 'RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED']);
    expect(statusChoices('MANUAL')).toContain('ACTIVATED');
    expect(statusChoices('MANUAL', { mode: 'MANUAL', status: 'STARTED' })).toEqual([
      'STARTED',
      'RESULT_AWAITED',
      'RESULT_ANNOUNCED',
      'COMPLETED',
    ]);
    expect(statusChoices('AUTO', { mode: 'MANUAL', status: 'STARTED' })).toHaveLength(5);
  });
});

describe('quiz payload', () => {
  it('sends the fields of its mode, ISO dates, the Selected order and the join code on create', () => {
    const payload = quizPayloadOf(filled({ time_based: true, question_no: 4 }), ['local-b', 's-3'], undefined);
    expect(payload).toMatchObject({ mode: 'AUTO', timer_bw_qs: 5, time_based: true, join_code: '1234', questions: ['local-b', 's-3'] });
    expect(payload).not.toHaveProperty('question_no');
    expect(payload.start_date_time).toBe(combineDateTime('2026-06-10', '18:00')?.toISOString());
    const manual = quizPayloadOf(filled({ mode: 'MANUAL', time_based: true }), [], undefined);
    expect(manual).toMatchObject({ question_no: 1, time_based: false });
    expect(manual).not.toHaveProperty('timer_bw_qs');
  });

  it('on edit leaves out the join code and an unchanged status or question number; a sponsor URL is never sent', () => {
    const saved = { mode: 'MANUAL' as const, status: 'STARTED' as const, question_no: 2 };
    const unchanged = quizPayloadOf(
      filled({ mode: 'MANUAL', status: 'STARTED', question_no: 2, sponsor_logo: 'http://x/logo.png' }),
      [],
      saved,
    );
    expect(unchanged).not.toHaveProperty('join_code');
    expect(unchanged).not.toHaveProperty('status');
    expect(unchanged).not.toHaveProperty('question_no');
    expect(unchanged).not.toHaveProperty('sponsor_logo');
    const moved = quizPayloadOf(filled({ mode: 'MANUAL', status: 'COMPLETED', question_no: 3 }), [], saved);
    expect(moved).toMatchObject({ status: 'COMPLETED', question_no: 3 });
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    expect(quizPayloadOf(filled({ sponsor_logo: logo }), [], undefined).sponsor_logo).toBe(logo);
  });

  it('on edit sends sponsor_logo_clear when a saved sponsor logo was removed, nothing when there was none', () => {
    const saved = { mode: 'AUTO' as const, status: 'ANNOUNCED' as const, question_no: 1, sponsor_logo: 'http://x/logo.png' };
    expect(quizPayloadOf(filled({ sponsor_logo: null }), [], saved)).toMatchObject({ sponsor_logo: null, sponsor_logo_clear: true });
    const kept = quizPayloadOf(filled({ sponsor_logo: 'http://x/logo.png' }), [], saved);
    expect(kept).not.toHaveProperty('sponsor_logo');
    expect(kept).not.toHaveProperty('sponsor_logo_clear');
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    const replaced = quizPayloadOf(filled({ sponsor_logo: logo }), [], saved);
    expect(replaced.sponsor_logo).toBe(logo);
    expect(replaced).not.toHaveProperty('sponsor_logo_clear');
    const none = quizPayloadOf(filled({ sponsor_logo: null }), [], { ...saved, sponsor_logo: null });
    expect(none).not.toHaveProperty('sponsor_logo_clear');
    expect(quizPayloadOf(filled({ sponsor_logo: null }), [], undefined)).not.toHaveProperty('sponsor_logo_clear');
  });

  it("puts the server's field errors under the form's fields, the dates under their date input", () => {
    expect(formFieldErrors({ name: ['Taken.'], end_date_time: ['Too early.'], other: ['x'] })).toEqual({
      name: 'Taken.',
      end_date: 'Too early.',
    });
  });
});
