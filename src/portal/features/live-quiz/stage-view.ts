import type { LiveQuiz, LiveQuizCounts, LiveQuizTopTen } from '../../../lib/contract/live';
import { OPTION_LETTERS, isOptionLetter, type OptionLetter } from '../../../lib/options-codec';
import type { QuizMode, QuizStatus } from '../../../lib/quiz-rules';
import { ranksOf } from '../../../lib/scoring';

// The stage's pure part (docs/decisions.md "Stage"): what the big screen shows for a given live state and server time.
// The stage is signed in and its mirror holds every question's correct option, so this is where the rule
// "never reveal before reveal_at" is kept: the correct option and the split of answers come out of here only
// for a revealed round, and only from a counts node written at or after its reveal.

/** Where the quiz is, from its live node or (without one) the mirrored row. */
export interface StageQuizState {
  mode: QuizMode;
  status: QuizStatus;
  question_no: number;
  question_count: number;
  question_started_at: number | null;
  question_ends_at: number | null;
}

export interface StageRow {
  mode: QuizMode;
  status: QuizStatus;
  question_no?: number | null;
  questions: readonly unknown[];
  updated_at?: string | null;
}

/** The live node when it is at least as new as the mirrored row, else the row (no question clock then). */
export function stageStateOf(row: StageRow, live: LiveQuiz | null | undefined): StageQuizState {
  const rowUpdated = row.updated_at ? Date.parse(row.updated_at) : 0;
  if (live && live.updated_at >= rowUpdated) {
    return {
      mode: live.mode,
      status: live.status,
      question_no: live.question_no,
      question_count: live.question_count,
      question_started_at: live.question_started_at,
      question_ends_at: live.question_ends_at,
    };
  }
  return {
    mode: row.mode,
    status: row.status,
    question_no: row.question_no ?? 1,
    question_count: row.questions.length,
    question_started_at: null,
    question_ends_at: null,
  };
}

/** How many chose each option, with the correct one: only for a revealed round. */
export interface Distribution {
  counts: Record<OptionLetter, number>;
  total: number;
  correct: OptionLetter | null;
}

export type StageView =
  /** Before the first question: the QR code, the join code, who joined. */
  | { kind: 'lobby' }
  /** The before_qs_timer alert: the question shows at answerOpensAt. */
  | { kind: 'alert'; questionNo: number; answerOpensAt: number }
  /** The question and its options; `closesAt` null for a question without a timer. */
  | { kind: 'question'; questionNo: number; closesAt: number | null }
  /** Answering time is over; the answers are shown at the reveal. */
  | { kind: 'closed'; questionNo: number }
  /** The round is revealed: the split of answers and the correct option, then the top ten. */
  | { kind: 'revealed'; questionNo: number; distribution: Distribution }
  | { kind: 'awaited' }
  /** RESULT_ANNOUNCED: the podium of three. */
  | { kind: 'podium'; ranking: LiveQuizTopTen['ranking'] }
  /** COMPLETED: the final ranking. */
  | { kind: 'final'; ranking: LiveQuizTopTen['ranking'] };

export interface StageInput {
  state: StageQuizState;
  before_qs_timer: number;
  counts: LiveQuizCounts | null | undefined;
  topTen: LiveQuizTopTen | null | undefined;
  /** The current question's correct option from the mirror (the stage is the admin's screen). */
  correctOption: string | null | undefined;
  /** The server's clock now (epoch ms). */
  serverNow: number;
}

/**
 * Whether the counts node tells the current round's result: it is of this question, the round has a reveal
 * moment that has come (in server time), and the node was written at or after it (earlier writes withhold the
 * split of answers, so an empty `chosen` then means "not told yet", not "nobody chose").
 */
export function isRevealed(counts: LiveQuizCounts | null | undefined, questionNo: number, serverNow: number): boolean {
  if (!counts || counts.question_no !== questionNo || counts.reveal_at === null) return false;
  return serverNow >= counts.reveal_at && counts.sent_at >= counts.reveal_at;
}

export function distributionOf(counts: LiveQuizCounts, correctOption: string | null | undefined): Distribution {
  const shown = {} as Record<OptionLetter, number>;
  let total = 0;
  for (const letter of OPTION_LETTERS) {
    shown[letter] = counts.chosen[letter] ?? 0;
    total += shown[letter];
  }
  const correct = correctOption && isOptionLetter(correctOption.toUpperCase()) ? (correctOption.toUpperCase() as OptionLetter) : null;
  return { counts: shown, total, correct };
}

export function stageViewOf({ state, before_qs_timer, counts, topTen, correctOption, serverNow }: StageInput): StageView {
  switch (state.status) {
    case 'ANNOUNCED':
    case 'ACTIVATED':
      return { kind: 'lobby' };
    case 'RESULT_AWAITED':
      return { kind: 'awaited' };
    case 'RESULT_ANNOUNCED':
      return { kind: 'podium', ranking: topTen?.ranking ?? [] };
    case 'COMPLETED':
      return { kind: 'final', ranking: topTen?.ranking ?? [] };
    case 'STARTED':
      break;
  }
  const questionNo = state.question_no;
  // A self-paced AUTO quiz has no shared round: the stage shows the lobby (who joined) while phones play.
  if (state.question_started_at === null)
    return state.mode === 'AUTO' ? { kind: 'lobby' } : { kind: 'question', questionNo, closesAt: null };
  if (counts && isRevealed(counts, questionNo, serverNow)) {
    return { kind: 'revealed', questionNo, distribution: distributionOf(counts, correctOption) };
  }
  const ofThisRound = counts && counts.question_no === questionNo && counts.answer_opens_at !== null;
  const answerOpensAt = ofThisRound ? (counts.answer_opens_at as number) : state.question_started_at + before_qs_timer * 1000;
  if (serverNow < answerOpensAt) return { kind: 'alert', questionNo, answerOpensAt };
  const closesAt = state.question_ends_at;
  if (closesAt === null || serverNow < closesAt) return { kind: 'question', questionNo, closesAt };
  return { kind: 'closed', questionNo };
}

/** An attempt as the stage ranks it between questions. */
export interface Standing {
  first_name: string;
  last_name: string;
  score: number;
  time_taken: number;
}

/** The ten best by score then time (ties share a rank), names as the server's top ten writes them. */
export function topTenOf(standings: readonly Standing[]): LiveQuizTopTen['ranking'] {
  const ranks = ranksOf(standings);
  return standings
    .map((standing, index) => ({
      rank: ranks[index] as number,
      name: shortName(standing.first_name, standing.last_name),
      score: standing.score,
      time_taken: standing.time_taken,
    }))
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name))
    .slice(0, 10);
}

export function shortName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}

/** The choices' bars of a poll: votes (from the live node, else the mirror) and the share of the total. */
export interface PollBar {
  key: string;
  name: string;
  votes: number;
  /** 0..100, of the total votes. */
  percent: number;
}

export function pollBarsOf(
  choices: readonly { key: string; serverId: number | null; name: string; votes?: number | null }[],
  liveVotes: Readonly<Record<string, number>> | null | undefined,
): { bars: PollBar[]; total: number } {
  const withVotes = choices.map((choice) => ({
    key: choice.key,
    name: choice.name,
    votes: (choice.serverId !== null ? liveVotes?.[String(choice.serverId)] : undefined) ?? choice.votes ?? 0,
  }));
  const total = withVotes.reduce((sum, choice) => sum + choice.votes, 0);
  return {
    bars: withVotes.map((choice) => ({ ...choice, percent: total === 0 ? 0 : Math.round((choice.votes / total) * 100) })),
    total,
  };
}
