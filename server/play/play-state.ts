import type { PlayAttempt, PlayQuestion, PlayState } from '../../src/lib/contract/play';
import { decodeOptions, isOptionLetter } from '../../src/lib/options-codec';
import { toBool, toCount } from '../db/rows';
import type { MediaUrls } from '../http/media-urls';
import type { QuizRow } from '../quizzes/quiz-read';
import type { ParticipantSeat } from './participant-auth';
import {
  attemptOf,
  currentRound,
  questionCountOf,
  quizOfAttempt,
  revealedStanding,
  type AttemptRow,
  type PlayContext,
  type RoundRow,
} from './play-context';
import { topTenOf } from './play-live';
import { isFinished, isSelfPaced } from './rounds';

// The play state a phone reads (GET /api/v1/play/attempt/). Nothing leaks early: a question is sent from its
// answer_opens_at on, its correct option and the points from its reveal_at on; a score counts only revealed rounds.

async function playAttemptOf(ctx: PlayContext, quiz: QuizRow, attempt: AttemptRow, at: number): Promise<PlayAttempt> {
  const standing = await revealedStanding(ctx, attempt.id, at);
  const ranked = isFinished(quiz) && quiz.status !== 'RESULT_AWAITED';
  return {
    id: attempt.id,
    score: standing.score,
    time_taken: standing.time_taken,
    rank: ranked && attempt.rank !== null ? toCount(attempt.rank) : null,
    status: attempt.status,
  };
}

async function questionOf(ctx: PlayContext, quiz: QuizRow, round: RoundRow, media: MediaUrls): Promise<PlayQuestion | null> {
  const question = await ctx.db
    .selectFrom('questions')
    .select(['id', 'description', 'hint', 'image', 'options'])
    .where('id', '=', round.question_id)
    .executeTakeFirst();
  if (!question) return null;
  const showTexts = toBool(quiz.show_options);
  return {
    id: question.id,
    question_no: round.question_no,
    description: question.description,
    hint: question.hint,
    image: media(question.image),
    options: decodeOptions(question.options).map((option) => ({ letter: option.letter, text: showTexts ? option.text : null })),
  };
}

/** The participant's answer in a round, if any. */
async function answerIn(ctx: PlayContext, attemptId: number, roundId: number) {
  return ctx.db
    .selectFrom('answers')
    .select(['question_id', 'chosen_option', 'chosen_at', 'correct', 'points'])
    .where('attempt_id', '=', attemptId)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
}

async function lastResult(ctx: PlayContext, quiz: QuizRow, attemptId: number, at: number): Promise<PlayState['last_result']> {
  const { db } = ctx;
  const round = await db
    .selectFrom('rounds')
    .innerJoin('questions', 'questions.id', 'rounds.question_id')
    .select(['rounds.id', 'rounds.question_no', 'rounds.question_id', 'questions.correct_option', 'questions.options'])
    .where('rounds.quiz_id', '=', quiz.id)
    .where((eb) => eb.or([eb('rounds.scope', '=', 0), eb('rounds.scope', '=', attemptId)]))
    .where('rounds.reveal_at', '<=', at)
    .orderBy('rounds.reveal_at', 'desc')
    .orderBy('rounds.question_no', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!round || !isOptionLetter(round.correct_option)) return null;
  const answer = await answerIn(ctx, attemptId, round.id);
  const chosen = answer && isOptionLetter(answer.chosen_option) ? answer.chosen_option : null;
  const correctText = decodeOptions(round.options).find((option) => option.letter === round.correct_option)?.text ?? null;
  return {
    question_no: round.question_no,
    question: round.question_id,
    correct_option: round.correct_option,
    correct_text: toBool(quiz.show_options) ? correctText : null,
    chosen_option: chosen,
    correct: toBool(answer?.correct),
    points: toCount(answer?.points),
  };
}

/** The participant's state in the quiz now. */
async function stateOf(ctx: PlayContext, quiz: QuizRow, attempt: AttemptRow, media: MediaUrls): Promise<PlayState> {
  const { db } = ctx;
  const at = ctx.now();
  const round = await currentRound(ctx, quiz, attempt.id);
  const open = round !== undefined && at >= toCount(round.answer_opens_at);
  const mine = round && (await answerIn(ctx, attempt.id, round.id));
  const results = isFinished(quiz) && quiz.status !== 'RESULT_AWAITED';
  return {
    attempt: await playAttemptOf(ctx, quiz, attempt, at),
    quiz: {
      quiz_hash: quiz.quiz_hash,
      status: quiz.status,
      mode: quiz.mode,
      time_based: toBool(quiz.time_based),
      question_no: round ? round.question_no : isSelfPaced(quiz) ? 0 : toCount(quiz.question_no),
      question_count: await questionCountOf(ctx, quiz.id),
      opened_at: round ? toCount(round.opened_at) : null,
      answer_opens_at: round ? toCount(round.answer_opens_at) : null,
      closes_at: round?.closes_at == null ? null : toCount(round.closes_at),
      reveal_at: round?.reveal_at == null ? null : toCount(round.reveal_at),
    },
    question: round && open ? await questionOf(ctx, quiz, round, media) : null,
    my_answer:
      mine && isOptionLetter(mine.chosen_option)
        ? { question: mine.question_id, chosen_option: mine.chosen_option, chosen_at: toCount(mine.chosen_at), counted: true }
        : null,
    last_result: await lastResult(ctx, quiz, attempt.id, at),
    top_ten: results ? await topTenOf(db, quiz.id) : null,
    server_time: at,
  };
}

/** The state a phone is answered with; the request is the phone's latest contact (play-cache.ts `contacts`). */
export async function stateForPhone(
  ctx: PlayContext,
  seat: ParticipantSeat,
  quiz: QuizRow,
  attempt: AttemptRow,
  media: MediaUrls,
): Promise<PlayState> {
  const state = await stateOf(ctx, quiz, attempt, media);
  ctx.cache.contacts.record(seat.tokenHash, state.server_time);
  return state;
}

/** The state a phone reads. */
export async function playState(ctx: PlayContext, seat: ParticipantSeat, media: MediaUrls): Promise<PlayState> {
  const attempt = await attemptOf(ctx, seat);
  return stateForPhone(ctx, seat, await quizOfAttempt(ctx, attempt), attempt, media);
}
