import type { PlayQuestion, PlayQuiz, PlayState } from '../lib/contract/play';
import type { OptionLetter } from '../lib/options-codec';

// What the phone shows, computed from what it knows: the server's play state (read again on every live change
// and at the round's moments), the server clock now, and the answers kept on this phone. Pure, so every screen
// of the quiz can be tested without a browser or a server.

/** An answer as the phone shows it: saved here and sending, counted, or refused (with the server's message). */
export interface ChosenAnswer {
  question: number;
  option: OptionLetter;
  status: 'sending' | 'counted' | 'refused';
  message: string | null;
}

export type LastResult = NonNullable<PlayState['last_result']>;

export type Screen =
  /** Before the first question (and between questions of a MANUAL quiz before the next opens). */
  | { kind: 'lobby' }
  /** The before_qs_timer alert: the question shows at answerOpensAt. */
  | { kind: 'alert'; questionNo: number; answerOpensAt: number }
  /** The question is open for answers until closesAt. */
  | { kind: 'question'; question: PlayQuestion; closesAt: number | null; chosen: ChosenAnswer | null }
  /** Answering time is over; right or wrong comes at the reveal. */
  | { kind: 'closed'; chosen: ChosenAnswer | null }
  /** Right or wrong and the points; `next`: a self-paced quiz waits for the Next button; `refused`: this phone's
   * answer the server did not count (too late), with its message. */
  | { kind: 'result'; result: LastResult; next: boolean; refused?: ChosenAnswer }
  /** A self-paced quiz before its first question: the Start button. */
  | { kind: 'start' }
  /** A self-paced quiz with every question answered: waiting for the end. */
  | { kind: 'finished'; result: LastResult | null }
  | { kind: 'awaited' }
  | { kind: 'announced' }
  | { kind: 'completed' };

/** The answer to show for a question: the server's word wins over what the phone still sends. */
export function chosenFor(question: number | null, state: PlayState, local: readonly ChosenAnswer[]): ChosenAnswer | null {
  if (question === null) return null;
  const mine = state.my_answer;
  const kept = local.find((answer) => answer.question === question) ?? null;
  if (mine && mine.question === question) {
    if (kept && kept.status === 'refused') return kept;
    return { question, option: mine.chosen_option, status: mine.counted ? 'counted' : 'refused', message: kept?.message ?? null };
  }
  return kept;
}

export function deriveScreen(state: PlayState, now: number, local: readonly ChosenAnswer[]): Screen {
  const { quiz } = state;
  switch (quiz.status) {
    case 'ANNOUNCED':
    case 'ACTIVATED':
      return { kind: 'lobby' };
    case 'RESULT_AWAITED':
      return { kind: 'awaited' };
    case 'RESULT_ANNOUNCED':
      return { kind: 'announced' };
    case 'COMPLETED':
      return { kind: 'completed' };
    case 'STARTED':
      break;
  }
  const result = state.last_result;
  const refusedOf = (shown: LastResult) => {
    const refused = local.find((answer) => answer.question === shown.question && answer.status === 'refused');
    return refused ? { refused } : {};
  };
  const questionId = state.question?.id ?? state.my_answer?.question ?? null;
  const revealed = result !== null && result.question_no === quiz.question_no && (questionId === null || result.question === questionId);

  if (!quiz.time_based && quiz.mode === 'AUTO') {
    // Self-paced: each participant's own rounds, opened by Start / Next.
    if (quiz.opened_at === null)
      return result ? { kind: 'result', result, next: result.question_no < quiz.question_count } : { kind: 'start' };
    if (revealed) {
      return result.question_no >= quiz.question_count
        ? { kind: 'finished', result }
        : { kind: 'result', result, next: true, ...refusedOf(result) };
    }
  } else {
    if (quiz.opened_at === null) return { kind: 'lobby' };
    if (revealed) return { kind: 'result', result, next: false, ...refusedOf(result) };
  }

  if (quiz.answer_opens_at !== null && now < quiz.answer_opens_at) {
    return { kind: 'alert', questionNo: quiz.question_no, answerOpensAt: quiz.answer_opens_at };
  }
  const open = quiz.closes_at === null || now < quiz.closes_at;
  if (open && state.question) {
    return { kind: 'question', question: state.question, closesAt: quiz.closes_at, chosen: chosenFor(state.question.id, state, local) };
  }
  // The window opened but the question has not been read yet: a moment's wait, as during the alert.
  if (open && quiz.answer_opens_at !== null) return { kind: 'alert', questionNo: quiz.question_no, answerOpensAt: quiz.answer_opens_at };
  return { kind: 'closed', chosen: chosenFor(questionId, state, local) };
}

// The page's own state around the screens: which step of joining it is at, and what it last heard.

export interface PlaySession {
  token: string;
  /** The attempt's id; null after a sign-in until the first play state names it. */
  attempt: number | null;
}

export type PageState =
  | { step: 'loading' }
  /** The link is no quiz, or the quiz cannot be reached: only a message. */
  | { step: 'gone'; message: string }
  /** Not joined: the join form (with the message of a refused join, if any). */
  | { step: 'join'; quiz: PlayQuiz; message: string | null; busy: boolean }
  /** Joined: the screens of the quiz. `state` null until the first play state arrives. */
  | { step: 'playing'; quiz: PlayQuiz | null; session: PlaySession; state: PlayState | null; message: string | null };

export type PageAction =
  | { type: 'quizLoaded'; quiz: PlayQuiz; session: PlaySession | null }
  | { type: 'quizMissing'; message: string }
  | { type: 'joining' }
  | { type: 'joinRefused'; message: string }
  | { type: 'joined'; session: PlaySession }
  | { type: 'stateLoaded'; state: PlayState }
  /** The place ended (token refused): back to the join form with the server's message. */
  | { type: 'placeEnded'; message: string }
  /** A message that does not change the screen (a failed Next, no connection). */
  | { type: 'notice'; message: string | null };

export function pageReducer(page: PageState, action: PageAction): PageState {
  switch (action.type) {
    case 'quizLoaded':
      if (page.step === 'playing') return { ...page, quiz: action.quiz };
      if (action.session) return { step: 'playing', quiz: action.quiz, session: action.session, state: null, message: null };
      return { step: 'join', quiz: action.quiz, message: page.step === 'join' ? page.message : null, busy: false };
    case 'quizMissing':
      // A phone already playing keeps its screens (its last state) when the quiz cannot be read.
      return page.step === 'playing' ? { ...page, message: action.message } : { step: 'gone', message: action.message };
    case 'joining':
      return page.step === 'join' ? { ...page, busy: true, message: null } : page;
    case 'joinRefused':
      return page.step === 'join' ? { ...page, busy: false, message: action.message } : page;
    case 'joined':
      return {
        step: 'playing',
        quiz: page.step === 'join' || page.step === 'playing' ? page.quiz : null,
        session: action.session,
        state: null,
        message: null,
      };
    case 'stateLoaded':
      if (page.step !== 'playing') return page;
      // An older answer arriving after a newer one (two reads crossing) does not roll the screen back.
      if (page.state && action.state.server_time < page.state.server_time) return page;
      return { ...page, session: { ...page.session, attempt: action.state.attempt.id }, state: action.state, message: null };
    case 'placeEnded':
      if (page.step === 'playing' && page.quiz) return { step: 'join', quiz: page.quiz, message: action.message, busy: false };
      return { step: 'gone', message: action.message };
    case 'notice':
      return page.step === 'playing'
        ? { ...page, message: action.message }
        : page.step === 'join'
          ? { ...page, message: action.message }
          : page;
  }
}
