import { SqliteAdapter, type Kysely, type Selectable } from 'kysely';
import { PLAY_MESSAGES } from '../../src/lib/contract/play';
import type { Clock } from '../clock';
import { toCount } from '../db/rows';
import type { AttemptTable, Database, RoundTable } from '../db/schema';
import { HttpError } from '../http/errors';
import type { JoinThrottle } from '../http/throttle';
import { questionIdsOf, type QuizRow } from '../quizzes/quiz-read';
import { answerWriter, type AnswerWriter } from './answer-writer';
import { groupCommit } from './group-commit';
import { playCacheOf, type CachedRound, type PlayCache } from './play-cache';
import type { ParticipantSeat } from './participant-auth';
import type { PlayLive } from './play-live';
import { isSelfPaced, syncRounds } from './rounds';

// What the parts of play (play-join.ts, play-state.ts, play-answer.ts) share: one context built once per
// service (play-service.ts), and the reads more than one part makes.

export type RoundRow = Selectable<RoundTable>;
export type AttemptRow = Selectable<AttemptTable>;

export interface PlayDeps {
  db: Kysely<Database>;
  clock: Clock;
  throttle: JoinThrottle;
  live: PlayLive;
}

export interface PlayContext extends PlayDeps {
  /** The clock's time in ms. */
  now: () => number;
  /** The answers' group commit (answer-writer.ts). */
  answers: AnswerWriter;
  /** What the answer path keeps of seats, rounds and quizzes (play-cache.ts). */
  cache: PlayCache;
  /**
   * The reads of a quiz's shared round under way, by round key. When a question opens, every phone answers at
   * once and all of them miss the cache before the first read returns: on PostgreSQL each would read the
   * round, a hundred reads queued on the pool's ten connections (bench play: the first answers' acknowledgement
   * took 3-4 times the others', the whole p99). They wait for the first read instead.
   */
  roundReads: Map<string, Promise<CachedRound | undefined>>;
  /** The joins' group commit on SQLite (group-commit.ts). */
  joins: ReturnType<typeof groupCommit>;
  onPostgres: boolean;
}

export function playContextOf(deps: PlayDeps): PlayContext {
  const { db, clock } = deps;
  return {
    ...deps,
    now: () => clock.now().getTime(),
    answers: answerWriter(db, clock),
    cache: playCacheOf(db),
    roundReads: new Map(),
    joins: groupCommit(db),
    onPostgres: !(db.getExecutor().adapter instanceof SqliteAdapter),
  };
}

export const refused = (status: number, detail: string) => new HttpError(status, { detail });

/** How many questions the quiz has. */
export async function questionCountOf(ctx: PlayContext, quizId: number): Promise<number> {
  return (await questionIdsOf(ctx.db, [quizId])).get(quizId)?.length ?? 0;
}

export async function attemptOf(ctx: PlayContext, seat: ParticipantSeat): Promise<AttemptRow> {
  const attempt = await ctx.db.selectFrom('attempts').selectAll().where('id', '=', seat.attemptId).executeTakeFirst();
  if (!attempt) throw refused(401, PLAY_MESSAGES.placeEnded);
  return attempt;
}

export async function quizOfAttempt(ctx: PlayContext, attempt: AttemptRow): Promise<QuizRow> {
  return ctx.db.selectFrom('quizzes').selectAll().where('id', '=', attempt.quiz_id).executeTakeFirstOrThrow();
}

/** The round the participant is in now: the quiz's current one, or their own (self-paced). */
export async function currentRound(ctx: PlayContext, quiz: QuizRow, attemptId: number): Promise<RoundRow | undefined> {
  const { db, clock } = ctx;
  if (quiz.status !== 'STARTED') return undefined;
  if (isSelfPaced(quiz)) {
    return db
      .selectFrom('rounds')
      .selectAll()
      .where('quiz_id', '=', quiz.id)
      .where('scope', '=', attemptId)
      .orderBy('question_no', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
  const questionNo = toCount(quiz.question_no);
  const find = () =>
    db
      .selectFrom('rounds')
      .selectAll()
      .where('quiz_id', '=', quiz.id)
      .where('scope', '=', 0)
      .where('question_no', '=', questionNo)
      .executeTakeFirst();
  const round = await find();
  const closed = round?.closes_at != null && toCount(round.closes_at) <= ctx.now();
  if (round && (quiz.question_started_at === null || closed || toCount(round.opened_at) === toCount(quiz.question_started_at))) {
    return round;
  }
  await syncRounds(db, clock, quiz);
  return find();
}

/** Score and time over the rounds revealed by `at` (what the participant may know). */
export async function revealedStanding(ctx: PlayContext, attemptId: number, at: number): Promise<{ score: number; time_taken: number }> {
  const row = await ctx.db
    .selectFrom('answers')
    .innerJoin('rounds', 'rounds.id', 'answers.round_id')
    .select((eb) => [eb.fn.sum<number>('answers.points').as('score'), eb.fn.sum<number>('answers.seconds').as('seconds')])
    .where('answers.attempt_id', '=', attemptId)
    .where('rounds.reveal_at', '<=', at)
    .executeTakeFirst();
  return { score: toCount(row?.score), time_taken: Number(row?.seconds ?? 0) };
}
