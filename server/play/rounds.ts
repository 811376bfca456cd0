import type { Kysely } from 'kysely';
import { ANSWER_GRACE_MS } from '../../src/lib/contract/play';
import { statusOrder } from '../../src/lib/quiz-rules';
import { revealAt } from '../../src/lib/scoring';
import type { Clock } from '../clock';
import { toBool, toCount } from '../db/rows';
import type { Database } from '../db/schema';
import { questionIdsOf, type QuizRow } from '../quizzes/quiz-read';
import { playCacheOf } from './play-cache';

// Question rounds (docs/decisions.md "Play"), derived from the quiz's live state (question_no, question_started_at,
// question_ends_at) that the host's steps and the AUTO scheduler write. A round opens when its question is
// shown, answering opens after the before_qs_timer alert, closes at question_ends_at (or when the host moves
// on, for a question without a timer), and is revealed 15 s after it closed, or once everybody answered (which
// closes it too). A closed round never opens again, so a question whose answer is out cannot be answered anew.
// Self-paced quizzes (AUTO, time_based off) have one round per attempt and question, opened by `next`.

const SECOND = 1000;

export function isSelfPaced(quiz: Pick<QuizRow, 'mode' | 'time_based'>): boolean {
  return quiz.mode === 'AUTO' && !toBool(quiz.time_based);
}

/** Whether the quiz is past its questions (RESULT_AWAITED or later). */
export function isFinished(quiz: Pick<QuizRow, 'mode' | 'status'>): boolean {
  const order = statusOrder(quiz.mode);
  return order.indexOf(quiz.status) > order.indexOf('STARTED');
}

/** Closes the quiz's rounds still open at `now` (all of them, or the shared ones but the current question). */
async function closeRounds(db: Kysely<Database>, quizId: number, now: number, keepQuestionNo: number | null): Promise<void> {
  let query = db
    .updateTable('rounds')
    .set((eb) => ({
      closes_at: now,
      reveal_at: eb
        .case()
        .when(eb.and([eb('reveal_at', 'is not', null), eb('reveal_at', '<', now + ANSWER_GRACE_MS)]))
        .then(eb.ref('reveal_at'))
        .else(now + ANSWER_GRACE_MS)
        .end(),
    }))
    .where('quiz_id', '=', quizId)
    .where((eb) => eb.or([eb('closes_at', 'is', null), eb('closes_at', '>', now)]));
  if (keepQuestionNo !== null) query = query.where('scope', '=', 0).where('question_no', '!=', keepQuestionNo);
  await query.execute();
}

/** Ranks the quiz's attempts as RANK() by score, then time taken (ties share), in the stored column. */
export async function rankAttempts(db: Kysely<Database>, quizId: number): Promise<void> {
  await db
    .updateTable('attempts')
    .set((eb) => ({
      rank: eb
        .selectFrom('attempts as other')
        .select((inner) => inner(inner.fn.countAll<number>(), '+', 1).as('place'))
        .whereRef('other.quiz_id', '=', 'attempts.quiz_id')
        .where((inner) =>
          inner.or([
            inner('other.score', '>', inner.ref('attempts.score')),
            inner.and([
              inner('other.score', '=', inner.ref('attempts.score')),
              inner('other.time_taken', '<', inner.ref('attempts.time_taken')),
            ]),
          ]),
        ),
    }))
    .where('quiz_id', '=', quizId)
    .execute();
}

/**
 * Brings the quiz's shared rounds in line with its live state: opens the current question's round (again with
 * the new times when the host went back to one still open; a closed round stays as it closed), closes the others; once the questions are over, closes every
 * round, completes the attempts and ranks them. Idempotent: called after every quiz change and before reads.
 */
export async function syncRounds(db: Kysely<Database>, clock: Clock, quiz: QuizRow): Promise<void> {
  // The rounds this instance kept for answers are read again (before and after: an answer may read one meanwhile).
  const cache = playCacheOf(db);
  cache.forgetQuiz(quiz.id);
  try {
    await followQuiz(db, clock, quiz);
  } finally {
    cache.forgetQuiz(quiz.id);
  }
}

async function followQuiz(db: Kysely<Database>, clock: Clock, quiz: QuizRow): Promise<void> {
  const now = clock.now().getTime();
  if (isFinished(quiz)) {
    await closeRounds(db, quiz.id, now, null);
    await db
      .updateTable('attempts')
      .set({ status: 'COMPLETED' })
      .where('quiz_id', '=', quiz.id)
      .where('status', '=', 'IN_PROGRESS')
      .execute();
    await rankAttempts(db, quiz.id);
    return;
  }
  if (quiz.status !== 'STARTED' || isSelfPaced(quiz) || quiz.question_started_at === null) {
    await closeRounds(db, quiz.id, now, quiz.status === 'STARTED' ? toCount(quiz.question_no) : null);
    return;
  }
  const questionNo = toCount(quiz.question_no);
  const questionId = (await questionIdsOf(db, [quiz.id])).get(quiz.id)?.[questionNo - 1];
  if (questionId !== undefined) {
    const openedAt = toCount(quiz.question_started_at);
    const closesAt = quiz.question_ends_at === null ? null : toCount(quiz.question_ends_at);
    const times = {
      question_id: questionId,
      opened_at: openedAt,
      answer_opens_at: openedAt + toCount(quiz.before_qs_timer) * SECOND,
      closes_at: closesAt,
      reveal_at: revealAt(closesAt, null),
      qs_timer: closesAt === null ? 0 : toCount(quiz.qs_timer),
    };
    await db
      .insertInto('rounds')
      .values({ quiz_id: quiz.id, scope: 0, attempt_id: null, question_no: questionNo, ...times })
      .onConflict((conflict) =>
        conflict
          .columns(['quiz_id', 'scope', 'question_no'])
          .doUpdateSet(times)
          .where((eb) =>
            eb.or([
              eb('rounds.question_id', '!=', questionId),
              // A round that closed never opens again (its answer may be out): Previous shows it closed.
              eb.and([
                eb('rounds.opened_at', '!=', openedAt),
                eb.or([eb('rounds.closes_at', 'is', null), eb('rounds.closes_at', '>', now)]),
              ]),
            ]),
          ),
      )
      .execute();
  }
  await closeRounds(db, quiz.id, now, questionNo);
}

/** Reset Attempts: the quiz's shared rounds go with the attempts (their answers and tokens cascade). */
export async function clearRounds(db: Kysely<Database>, quizId: number): Promise<void> {
  await db.deleteFrom('rounds').where('quiz_id', '=', quizId).execute();
  playCacheOf(db).forgetQuiz(quizId);
}
