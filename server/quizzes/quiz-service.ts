import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { invalidPkMessage } from '../../src/lib/contract/question';
import { QUIZ_FILES, quizPayload, type QuizFile, type QuizPatchPayload, type QuizPayload } from '../../src/lib/contract/quiz';
import { STATUS_LABELS, canMoveStatus, canSetQuestionNo, statusOrder, type QuizStatus } from '../../src/lib/quiz-rules';
import type { ServerContext } from '../context';
import { created, toBool, toCount, touched } from '../db/rows';
import type { Database } from '../db/schema';
import { recordDeletions } from '../http/changes';
import { fieldErrors, parseBody } from '../http/errors';
import type { FileChanges } from '../http/form-body';
import { removeFiles, removeReplaced, withStoredFiles } from '../http/stored-files';
import { liveStateOf, loadQuiz, questionIdsOf, quizFieldsOf, type QuizRow } from './quiz-read';
import { manualQuestionTimes, type LiveMoment } from './scheduler-timeline';

// Every quiz write goes through here (routes, and later the live controls), so the rules of docs/decisions.md "Quiz rules"
// hold for all of them and the live publisher hears of each change once, after its transaction commits.

/** A quiz's files: `image` may be an image or an MP4/WebM video (the specification's fields), the sponsor logo is an image. */
export { QUIZ_FILES };
export type QuizFiles = FileChanges<QuizFile>;
const VIDEO_FIELDS = ['image'] as const;

type Deps = Pick<ServerContext, 'db' | 'clock' | 'uploads' | 'quizEvents' | 'log'>;

/** Random, url-safe (base64url, 16 characters = 96 bits); checked for uniqueness anyway. */
async function newQuizHash(db: Kysely<Database>): Promise<string> {
  for (;;) {
    const hash = randomBytes(12).toString('base64url');
    const taken = await db.selectFrom('quizzes').select('id').where('quiz_hash', '=', hash).executeTakeFirst();
    if (!taken) return hash;
  }
}

function columnsOf(quiz: QuizPayload) {
  return {
    name: quiz.name,
    description: quiz.description,
    mode: quiz.mode,
    status: quiz.status,
    active: quiz.active,
    qs_timer: quiz.qs_timer,
    timer_bw_qs: quiz.timer_bw_qs,
    before_qs_timer: quiz.before_qs_timer,
    question_no: quiz.question_no,
    time_based: quiz.time_based,
    show_count_down: quiz.show_count_down,
    show_options: quiz.show_options,
    join_code: quiz.join_code,
    max_attempt_count: quiz.max_attempt_count,
    start_date_time: quiz.start_date_time,
    end_date_time: quiz.end_date_time,
    sponsor_name: quiz.sponsor_name,
    auth_used: quiz.auth_used,
  };
}

/** The stored quiz as write input, so a PATCH is checked as the whole quiz it produces. */
function inputOf(row: QuizRow, questions: number[]) {
  return { ...quizFieldsOf(row), questions };
}

/** The question clock a write leaves: MANUAL steps start it; AUTO quizzes keep the scheduler's. */
function questionTimesOf(
  quiz: QuizPayload,
  current: QuizRow | null,
  now: number,
): Pick<LiveMoment, 'question_started_at' | 'question_ends_at'> {
  if (quiz.mode === 'MANUAL') {
    const previous = current && { ...liveStateOf(current, 0), status: current.status };
    return manualQuestionTimes(quiz, previous, now);
  }
  return current
    ? { question_started_at: current.question_started_at, question_ends_at: current.question_ends_at }
    : { question_started_at: null, question_ends_at: null };
}

function questionNoMessage(questionCount: number): string {
  return `The question number changes only in MANUAL mode while the quiz is Started, between 1 and the question count (${questionCount}).`;
}

function backwardsMessage(from: QuizStatus, to: QuizStatus): string {
  return `The status only moves forward: ${STATUS_LABELS[from]} cannot go back to ${STATUS_LABELS[to]}.`;
}

export function quizService(deps: Deps) {
  const { db, clock, uploads, quizEvents, log } = deps;

  async function checkQuestionsOwned(clientId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const owned = await db
      .selectFrom('questions')
      .select('id')
      .where('client_id', '=', clientId)
      .where('id', 'in', [...ids])
      .execute();
    const known = new Set(owned.map((row) => row.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw fieldErrors({ questions: missing.map((id) => invalidPkMessage(id)) });
  }

  async function checkAuthAllowed(clientId: number, quiz: QuizPayload): Promise<void> {
    if (quiz.auth_used === 'FORM_BASED') return;
    const client = await db.selectFrom('clients').select('social_auth_feature').where('id', '=', clientId).executeTakeFirst();
    if (!toBool(client?.social_auth_feature)) {
      throw fieldErrors({ auth_used: ['Social login is not enabled for this client: only Form Based is available.'] });
    }
  }

  async function replaceQuestions(trx: Transaction<Database>, quizId: number, ids: readonly number[]): Promise<void> {
    await trx.deleteFrom('quiz_questions').where('quiz_id', '=', quizId).execute();
    if (ids.length === 0) return;
    await trx
      .insertInto('quiz_questions')
      .values(ids.map((questionId, position) => ({ quiz_id: quizId, question_id: questionId, position })))
      .execute();
  }

  /** Runs a write with its files stored; the quiz's image may be a video. */
  function withQuizFiles<T>(files: QuizFiles['files'], write: (stored: Partial<Record<QuizFile, string>>) => Promise<T>): Promise<T> {
    return withStoredFiles(uploads, files, write, VIDEO_FIELDS);
  }

  /** Tells the live publisher, after commit; a publisher failure must not turn a saved write into an error. */
  async function announce(row: QuizRow): Promise<void> {
    try {
      const questions = await questionIdsOf(db, [row.id]);
      await quizEvents.onQuizChanged(liveStateOf(row, questions.get(row.id)?.length ?? 0));
    } catch (error) {
      log.error({ err: error, quiz: row.id }, 'quiz change not published');
    }
  }

  return {
    async create(clientId: number, quiz: QuizPayload, { files }: QuizFiles): Promise<QuizRow> {
      if (quiz.question_no !== 1 && !canSetQuestionNo({ ...quiz, question_count: quiz.questions.length }, quiz.question_no)) {
        throw fieldErrors({ question_no: [questionNoMessage(quiz.questions.length)] });
      }
      await checkQuestionsOwned(clientId, quiz.questions);
      await checkAuthAllowed(clientId, quiz);
      const quizHash = await newQuizHash(db);
      const row = await withQuizFiles(files, (stored) =>
        db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('quizzes')
            .values({
              ...columnsOf(quiz),
              ...questionTimesOf(quiz, null, clock.now().getTime()),
              quiz_hash: quizHash,
              image: stored.image ?? null,
              sponsor_logo: stored.sponsor_logo ?? null,
              ...created(clock, clientId),
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await replaceQuestions(trx, inserted.id, quiz.questions);
          return inserted;
        }),
      );
      await announce(row);
      return row;
    },

    async update(clientId: number, current: QuizRow, patch: QuizPatchPayload, { files, clears }: QuizFiles): Promise<QuizRow> {
      const currentQuestions = (await questionIdsOf(db, [current.id])).get(current.id) ?? [];
      const mode = patch.mode ?? current.mode;
      // A mode change keeps the status only if the new mode has it; otherwise the quiz starts over.
      const from: QuizStatus = statusOrder(mode).includes(current.status) ? current.status : 'ANNOUNCED';
      if (patch.status !== undefined && statusOrder(mode).includes(patch.status) && !canMoveStatus(mode, from, patch.status)) {
        throw fieldErrors({ status: [backwardsMessage(from, patch.status)] });
      }
      const quiz = parseBody(quizPayload, { ...inputOf(current, currentQuestions), ...patch, status: patch.status ?? from });
      const questionCount = quiz.questions.length;
      if (quiz.question_no !== toCount(current.question_no)) {
        if (!canSetQuestionNo({ ...quiz, question_count: questionCount }, quiz.question_no)) {
          throw fieldErrors({ question_no: [questionNoMessage(questionCount)] });
        }
      } else if (quiz.question_no > Math.max(questionCount, 1)) {
        throw fieldErrors({ questions: [`The quiz is at question ${quiz.question_no}: keep at least ${quiz.question_no} questions.`] });
      }
      if (patch.questions !== undefined) await checkQuestionsOwned(clientId, quiz.questions);
      if (quiz.auth_used !== current.auth_used) await checkAuthAllowed(clientId, quiz);

      const row = await withQuizFiles(files, (stored) =>
        db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('quizzes')
            .set({
              ...columnsOf(quiz),
              ...questionTimesOf(quiz, current, clock.now().getTime()),
              ...(stored.image ? { image: stored.image } : clears.image ? { image: null } : {}),
              ...(stored.sponsor_logo ? { sponsor_logo: stored.sponsor_logo } : clears.sponsor_logo ? { sponsor_logo: null } : {}),
              ...touched(clock),
            })
            .where('id', '=', current.id)
            .where('client_id', '=', clientId)
            .returningAll()
            .executeTakeFirstOrThrow();
          if (patch.questions !== undefined) await replaceQuestions(trx, current.id, quiz.questions);
          return updated;
        }),
      );
      await removeReplaced(uploads, QUIZ_FILES, current, row);
      await announce(row);
      return row;
    },

    async remove(clientId: number, current: QuizRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('quizzes').where('id', '=', current.id).where('client_id', '=', clientId).execute();
        await recordDeletions(trx, clock, clientId, 'quizzes', [current.id]);
      });
      await removeFiles(uploads, [current.image, current.sponsor_logo]);
      try {
        await quizEvents.onQuizDeleted(current.quiz_hash);
      } catch (error) {
        log.error({ err: error, quiz: current.id }, 'quiz deletion not published');
      }
    },

    /**
     * The AUTO scheduler's move (scheduler-timeline.ts), applied only if the quiz is still the version the
     * scheduler read (an admin edit in between wins; the next tick looks again). Null when it lost.
     */
    async applyLiveMoment(current: QuizRow, moment: LiveMoment): Promise<QuizRow | null> {
      const row = await db
        .updateTable('quizzes')
        .set({ ...moment, ...touched(clock) })
        .where('id', '=', current.id)
        .where('version', '=', current.version)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await announce(row);
      return row;
    },

    /** Republishes quizzes changed outside this service (their questions were deleted). */
    async announceQuizzes(clientId: number, quizIds: readonly number[]): Promise<void> {
      for (const id of quizIds) {
        const row = await loadQuiz(db, clientId, id);
        if (row) await announce(row);
      }
    },

    /** Deletes the quiz's attempts (with their answers, tokens and the quiz's rounds); the quiz gets a new version (its attempts count changed). */
    async resetAttempts(clientId: number, current: QuizRow): Promise<QuizRow> {
      const row = await db.transaction().execute(async (trx) => {
        // Play: answers and participant tokens go with the attempts (foreign keys); the quiz's
        // rounds too, so everyone plays again from a clean slate.
        await trx.deleteFrom('rounds').where('quiz_id', '=', current.id).execute();
        await trx.deleteFrom('attempts').where('quiz_id', '=', current.id).where('client_id', '=', clientId).execute();
        return trx
          .updateTable('quizzes')
          .set(touched(clock))
          .where('id', '=', current.id)
          .where('client_id', '=', clientId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      await announce(row);
      return row;
    },
  };
}

export type QuizService = ReturnType<typeof quizService>;
