import { statusOrder, type QuizStatus } from '../../src/lib/quiz-rules';

// Where a quiz's live state should be at a given instant (docs/decisions.md "Live quiz state"), computed from its settings
// alone so a restarted scheduler resumes at the right point. Times are epoch milliseconds.
//
// question_started_at is when the current question opened (its before_qs_timer alert begins);
// question_ends_at is when its answering time ends (alert + qs_timer). Screens derive the phases:
// alert until started + before_qs_timer, answering until ends_at, then the pause (timer_bw_qs).

export interface QuizTimers {
  time_based: boolean;
  before_qs_timer: number;
  qs_timer: number;
  timer_bw_qs: number;
  start_date_time: string;
  end_date_time: string;
}

export interface LiveMoment {
  status: QuizStatus;
  question_no: number;
  question_started_at: number | null;
  question_ends_at: number | null;
}

const SECOND = 1000;

function idle(status: QuizStatus, questionNo: number): LiveMoment {
  return { status, question_no: questionNo, question_started_at: null, question_ends_at: null };
}

/** The STARTED moment at `now`: the question running (or pausing) then, the last one once all ran. */
function startedAt(quiz: QuizTimers, questionCount: number, now: number): LiveMoment {
  const start = Date.parse(quiz.start_date_time);
  if (!quiz.time_based) {
    return { status: 'STARTED', question_no: 1, question_started_at: start, question_ends_at: Date.parse(quiz.end_date_time) };
  }
  const open = (quiz.before_qs_timer + quiz.qs_timer) * SECOND;
  const period = open + quiz.timer_bw_qs * SECOND;
  const last = Math.max(questionCount, 1) - 1;
  const index = period > 0 ? Math.min(Math.max(Math.floor((now - start) / period), 0), last) : last;
  const opened = start + index * period;
  return { status: 'STARTED', question_no: index + 1, question_started_at: opened, question_ends_at: opened + open };
}

/** When the questions are over: the last answering time ends (time based) or end_date_time (self-paced). */
function questionsEndOf(quiz: QuizTimers, questionCount: number): number {
  const start = Date.parse(quiz.start_date_time);
  if (!quiz.time_based) return Date.parse(quiz.end_date_time);
  if (questionCount === 0) return start;
  const open = (quiz.before_qs_timer + quiz.qs_timer) * SECOND;
  return start + (questionCount - 1) * (open + quiz.timer_bw_qs * SECOND) + open;
}

/** The AUTO quiz's state at `now` as its timers say, regardless of its stored state. */
export function autoMomentAt(quiz: QuizTimers, questionCount: number, now: number): LiveMoment {
  const lastQuestion = Math.max(questionCount, 1);
  if (now < Date.parse(quiz.start_date_time)) return idle('ANNOUNCED', 1);
  const questionsEnd = questionsEndOf(quiz, questionCount);
  if (now < questionsEnd) return startedAt(quiz, questionCount, now);
  const resultsAt = questionsEnd + quiz.timer_bw_qs * SECOND;
  if (now < resultsAt) return idle('RESULT_AWAITED', lastQuestion);
  if (now < Math.max(Date.parse(quiz.end_date_time), resultsAt)) return idle('RESULT_ANNOUNCED', lastQuestion);
  return idle('COMPLETED', lastQuestion);
}

/**
 * The scheduler's next move from the stored state, or null when there is none. Statuses only move
 * forward and one at a time (each is published, even one whose time has already passed, so screens see
 * RESULT_ANNOUNCED before COMPLETED); within STARTED it goes straight to the question of the moment.
 */
export function nextAutoMove(current: LiveMoment, quiz: QuizTimers, questionCount: number, now: number): LiveMoment | null {
  const order = statusOrder('AUTO');
  const from = Math.max(order.indexOf(current.status), 0);
  const target = autoMomentAt(quiz, questionCount, now);
  const to = order.indexOf(target.status);
  if (to < from) return null;
  let move = target;
  if (to > from + 1) {
    const status = order[from + 1] as QuizStatus;
    move = status === 'STARTED' ? startedAt(quiz, questionCount, now) : idle(status, Math.max(questionCount, 1));
  }
  const same =
    move.status === current.status &&
    move.question_no === current.question_no &&
    move.question_started_at === current.question_started_at &&
    move.question_ends_at === current.question_ends_at;
  return same ? null : move;
}

/**
 * MANUAL quizzes: the host steps, so a question's clock starts when it is shown (the status becomes
 * STARTED or question_no changes); other edits keep it. Outside STARTED there is no current question.
 * time_based is an AUTO setting (the contract keeps it off for MANUAL): the qs_timer alone says whether
 * a question has an answering time.
 */
export function manualQuestionTimes(
  next: { status: QuizStatus; question_no: number; before_qs_timer: number; qs_timer: number },
  previous: (LiveMoment & { status: QuizStatus }) | null,
  now: number,
): Pick<LiveMoment, 'question_started_at' | 'question_ends_at'> {
  if (next.status !== 'STARTED') return { question_started_at: null, question_ends_at: null };
  if (previous && previous.status === 'STARTED' && previous.question_no === next.question_no && previous.question_started_at !== null) {
    return { question_started_at: previous.question_started_at, question_ends_at: previous.question_ends_at };
  }
  const ends = next.qs_timer > 0 ? now + (next.before_qs_timer + next.qs_timer) * SECOND : null;
  return { question_started_at: now, question_ends_at: ends };
}
