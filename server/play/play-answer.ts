import type { AnswerAcknowledgement, AnswerPayload } from '../../src/lib/contract/answer';
import { PLAY_MESSAGES, type PlayState } from '../../src/lib/contract/play';
import type { OptionLetter } from '../../src/lib/options-codec';
import { judgeAnswer, pointsFor, revealAt } from '../../src/lib/scoring';
import { toBool, toCount } from '../db/rows';
import { HttpError, badRequest } from '../http/errors';
import type { MediaUrls } from '../http/media-urls';
import { questionIdsOf } from '../quizzes/quiz-read';
import { roundKey, type CachedRound } from './play-cache';
import { attemptOf, currentRound, quizOfAttempt, refused, revealedStanding, type PlayContext } from './play-context';
import { stateForPhone } from './play-state';
import type { ParticipantSeat } from './participant-auth';
import { isFinished, isSelfPaced, syncRounds } from './rounds';

// A player's answer, judged against its round's window (src/lib/scoring.ts) and written in a batch
// (answer-writer.ts), and the self-paced step to the participant's next question.

const SECOND = 1000;

async function acknowledgement(ctx: PlayContext, attemptId: number, roundId: number, at: number): Promise<AnswerAcknowledgement> {
  const row = await ctx.db
    .selectFrom('answers')
    .innerJoin('rounds', 'rounds.id', 'answers.round_id')
    .select(['answers.correct', 'answers.points', 'rounds.reveal_at'])
    .where('answers.attempt_id', '=', attemptId)
    .where('answers.round_id', '=', roundId)
    .executeTakeFirstOrThrow();
  const revealed = row.reveal_at !== null && toCount(row.reveal_at) <= at;
  const { score } = await revealedStanding(ctx, attemptId, at);
  return revealed ? { counted: true, correct: toBool(row.correct), points: toCount(row.points), score } : { counted: true, score };
}

/**
 * The round a question of this quiz is answered in (with the question's correct option), or the refusal.
 * A live quiz's shared round is kept a moment (play-cache.ts) unless `fresh`: the answer's insert checks
 * it again in the database.
 */
async function roundForAnswer(ctx: PlayContext, seatOfRequest: ParticipantSeat, questionId: number, fresh: boolean): Promise<CachedRound> {
  const { db, clock, cache, roundReads } = ctx;
  const { quizId, attemptId } = seatOfRequest;
  const key = roundKey(quizId, questionId);
  if (!fresh) {
    const cached = cache.rounds.get(key);
    if (cached) return cached;
    // Only a shared round serves another attempt; a round of the first reader's own is read again.
    const shared = await roundReads.get(key);
    if (shared?.scope === 0) return shared;
  }
  const find = () =>
    db
      .selectFrom('rounds')
      .innerJoin('questions', 'questions.id', 'rounds.question_id')
      .selectAll('rounds')
      .select('questions.correct_option')
      .where('rounds.quiz_id', '=', quizId)
      .where((eb) => eb.or([eb('rounds.scope', '=', 0), eb('rounds.scope', '=', attemptId)]))
      .where('rounds.question_id', '=', questionId)
      .orderBy('rounds.opened_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  const keep = (round: CachedRound) => {
    if (round.scope === 0) cache.rounds.set(key, round);
    else cache.rounds.delete(key);
    return round;
  };
  let round: CachedRound | undefined;
  if (fresh || roundReads.has(key)) round = await find();
  else {
    const reading = find();
    roundReads.set(key, reading);
    try {
      round = await reading;
    } finally {
      roundReads.delete(key);
    }
  }
  if (round) return keep(round);
  const quiz = await db.selectFrom('quizzes').selectAll().where('id', '=', quizId).executeTakeFirst();
  if (!quiz) throw refused(401, PLAY_MESSAGES.placeEnded);
  const inQuiz = ((await questionIdsOf(db, [quiz.id])).get(quiz.id) ?? []).includes(questionId);
  if (!inQuiz) throw badRequest(PLAY_MESSAGES.questionNotInQuiz);
  if (quiz.status !== 'STARTED' || isSelfPaced(quiz)) throw badRequest(PLAY_MESSAGES.questionNotOpen);
  // The quiz's change may not have been followed yet (its events run after the host's write).
  await syncRounds(db, clock, quiz);
  const synced = await find();
  if (!synced) throw badRequest(PLAY_MESSAGES.questionNotOpen);
  return keep(synced);
}

/** An answer, judged and written (see answer()). */
async function answerAs(
  ctx: PlayContext,
  seatOfRequest: ParticipantSeat,
  payload: AnswerPayload,
  idempotencyKey: string | null,
): Promise<AnswerAcknowledgement> {
  const { db, cache, live } = ctx;
  // The hot path of a live quiz (every phone at once): the seat and the round usually come from the cache
  // and the answer is written in a batch with the others (answer-writer.ts), so most answers read nothing.
  const receivedAt = ctx.now();
  const { attemptId, quizId, clientId } = seatOfRequest;
  const trustedFrom = cache.contacts.trustedFrom(seatOfRequest.tokenHash, receivedAt);
  const replay = (row: { idempotency_key: string | null; chosen_option: string }) =>
    (idempotencyKey !== null && row.idempotency_key === idempotencyKey) ||
    (idempotencyKey === null && row.chosen_option === payload.chosen_option);
  /** A delivery of an answer already stored: acknowledged again when it is the same one. */
  const again = async (): Promise<AnswerAcknowledgement | null> => {
    const stored = await db
      .selectFrom('answers')
      .select(['idempotency_key', 'chosen_option', 'round_id'])
      .where('attempt_id', '=', attemptId)
      .where('question_id', '=', payload.question)
      .executeTakeFirst();
    if (!stored) return null;
    if (replay(stored)) return acknowledgement(ctx, attemptId, stored.round_id, receivedAt);
    throw refused(409, PLAY_MESSAGES.alreadyAnswered);
  };

  // Judged against the kept round first; whatever it refuses, or the insert does not write, is looked at
  // again against the database's.
  for (let fresh = false; ; fresh = true) {
    const round = await roundForAnswer(ctx, seatOfRequest, payload.question, fresh);
    const opensAt = toCount(round.answer_opens_at);
    const judged = judgeAnswer(
      {
        answer_opens_at: opensAt,
        closes_at: round.closes_at === null ? null : toCount(round.closes_at),
        reveal_at: round.reveal_at === null ? null : toCount(round.reveal_at),
        qs_timer: toCount(round.qs_timer),
      },
      payload.chosen_at,
      receivedAt,
      trustedFrom,
    );
    if (!judged.counted) {
      if (!fresh) continue;
      // A repeat of an answer counted in time is acknowledged, however late the repeat arrives.
      const repeated = await again();
      if (repeated) return repeated;
      throw badRequest(judged.reason === 'tooLate' ? PLAY_MESSAGES.tooLate : PLAY_MESSAGES.questionNotOpen);
    }
    const correct = round.correct_option === payload.chosen_option;
    const points = pointsFor(correct, { answer_opens_at: opensAt, qs_timer: toCount(round.qs_timer) }, judged.chosen_at);
    const written = await ctx.answers.write(
      {
        client_id: clientId,
        quiz_id: quizId,
        attempt_id: attemptId,
        round_id: round.id,
        question_id: payload.question,
        question_no: round.question_no,
        chosen_option: payload.chosen_option as OptionLetter,
        chosen_at: judged.chosen_at,
        received_at: receivedAt,
        correct,
        points,
        seconds: judged.seconds,
        idempotency_key: idempotencyKey,
      },
      toCount(round.opened_at),
    );
    if (written.inserted) {
      live.quizActivity(quizId);
      const revealed = written.revealAt !== null && written.revealAt <= written.at;
      return revealed ? { counted: true, correct, points, score: written.score } : { counted: true, score: written.score };
    }
    // Already answered (or two deliveries of one answer at once: the loser reads what the winner stored),
    // the round moved on since it was read, or the attempt was reset (answer() tells).
    const repeated = await again();
    if (repeated) return repeated;
    if (fresh) throw badRequest(PLAY_MESSAGES.tooLate);
  }
}

/** A player's answer, acknowledged (with the points once revealed) or refused. */
export async function answer(
  ctx: PlayContext,
  seatOfRequest: ParticipantSeat,
  payload: AnswerPayload,
  idempotencyKey: string | null,
): Promise<AnswerAcknowledgement> {
  const { db, cache } = ctx;
  try {
    const acknowledged = await answerAs(ctx, seatOfRequest, payload, idempotencyKey);
    cache.contacts.record(seatOfRequest.tokenHash, ctx.now());
    return acknowledged;
  } catch (error) {
    // The seat may have been kept after a reset (play-cache.ts): whatever the refusal, a place that has
    // ended says so.
    if (error instanceof HttpError && error.statusCode !== 401) {
      const attempt = await db.selectFrom('attempts').select('id').where('id', '=', seatOfRequest.attemptId).executeTakeFirst();
      if (!attempt) {
        cache.seats.delete(seatOfRequest.tokenHash);
        throw refused(401, PLAY_MESSAGES.placeEnded);
      }
    }
    throw error;
  }
}

/** Self-paced: opens the participant's next question. */
export async function nextQuestion(ctx: PlayContext, seatOfRequest: ParticipantSeat, media: MediaUrls): Promise<PlayState> {
  const { db } = ctx;
  const at = ctx.now();
  const attempt = await attemptOf(ctx, seatOfRequest);
  const quiz = await quizOfAttempt(ctx, attempt);
  if (!isSelfPaced(quiz)) throw badRequest(PLAY_MESSAGES.notSelfPaced);
  if (quiz.status !== 'STARTED') throw badRequest(isFinished(quiz) ? PLAY_MESSAGES.quizClosed : PLAY_MESSAGES.questionNotOpen);
  const current = await currentRound(ctx, quiz, attempt.id);
  if (current) {
    const answered = await db.selectFrom('answers').select('id').where('round_id', '=', current.id).executeTakeFirst();
    const closed = current.closes_at !== null && toCount(current.closes_at) < at;
    if (!answered && !closed) throw badRequest(PLAY_MESSAGES.finishQuestionFirst);
  }
  const ids = (await questionIdsOf(db, [quiz.id])).get(quiz.id) ?? [];
  const questionNo = (current?.question_no ?? 0) + 1;
  const questionId = ids[questionNo - 1];
  if (questionId === undefined) throw badRequest(PLAY_MESSAGES.noMoreQuestions);
  const opens = at + toCount(quiz.before_qs_timer) * SECOND;
  const end = Date.parse(quiz.end_date_time);
  const closes = toCount(quiz.qs_timer) > 0 ? Math.min(opens + toCount(quiz.qs_timer) * SECOND, end) : end;
  await db
    .insertInto('rounds')
    .values({
      quiz_id: quiz.id,
      scope: attempt.id,
      attempt_id: attempt.id,
      question_no: questionNo,
      question_id: questionId,
      opened_at: at,
      answer_opens_at: opens,
      closes_at: closes,
      reveal_at: revealAt(closes, null),
      // Self-paced: a correct answer scores 1000 whatever the time (docs/decisions.md "Play").
      qs_timer: 0,
    })
    .onConflict((conflict) => conflict.columns(['quiz_id', 'scope', 'question_no']).doNothing())
    .execute();
  return stateForPhone(ctx, seatOfRequest, quiz, attempt, media);
}
