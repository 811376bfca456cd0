import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  liveQuizCountsPath,
  liveQuizTopTenPath,
  livePollPath,
  type LivePoll,
  type LiveQuizCounts,
  type LiveQuizTopTen,
} from '../../src/lib/contract/live';
import { isOptionLetter } from '../../src/lib/options-codec';
import type { Clock } from '../clock';
import { toBool, toCount } from '../db/rows';
import type { Database } from '../db/schema';
import type { QuizRow } from '../quizzes/quiz-read';
import type { LiveWriter } from './live-writer';
import { isFinished, isSelfPaced } from './rounds';

// Play's live aggregates (docs/decisions.md "Play"), written through the live writer: per quiz the joined count, the
// open question's answered count and, once it is revealed, how many chose each option (never before: the
// split of answers would hint at the right one); the top ten at RESULT_ANNOUNCED and COMPLETED; per poll
// the votes of each choice. Counts are coalesced: at most one write per node every 250 ms, the last one
// always written. Public nodes carry only what any player may see: a poll's hidden counts are not published.

declare module 'fastify' {
  interface FastifyInstance {
    /** Play's live aggregates of this app (tests flush them). */
    playLive: PlayLive;
  }
}

export const COUNTS_MIN_INTERVAL_MS = 250;
const RECENT_LIMIT = 20;
/** The longest a reveal write is scheduled ahead (a timer, not a database row: a restart rewrites on the next change). */
const MAX_REVEAL_WAIT_MS = 10 * 60 * 1000;

export interface PlayLive {
  /** A join or an answer changed the quiz's counts. */
  quizActivity(quizId: number): void;
  /** The quiz moved (step, status, reset): counts now, the top ten when results are out. */
  quizMoved(quiz: QuizRow): Promise<void>;
  /** The quiz is gone: so are its nodes. */
  quizDeleted(quizHash: string): void;
  /** A vote, or the portal opened or closed the poll. */
  pollChanged(pollId: number): void;
  /**
   * Boot: every quiz's counts and top ten and every poll's votes, written again. The local live channel keeps
   * nothing across restarts and a real one may have missed writes while the server was down; without this a
   * stage would show nobody joined until the next join or answer.
   */
  republishAll(): Promise<void>;
  /** Resolves once every write due has been made (tests, shutdown). */
  flush(): Promise<void>;
  close(): void;
}

interface Coalesced {
  lastAt: number;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  run: () => void;
}

export function topTenName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}

export async function topTenOf(db: Kysely<Database>, quizId: number): Promise<LiveQuizTopTen['ranking']> {
  const rows = await db
    .selectFrom('attempts')
    .innerJoin('viewers', 'viewers.id', 'attempts.viewer_id')
    .select(['attempts.score', 'attempts.time_taken', 'viewers.first_name', 'viewers.last_name'])
    .where('attempts.quiz_id', '=', quizId)
    .orderBy('attempts.score', 'desc')
    .orderBy('attempts.time_taken', 'asc')
    .orderBy('attempts.id', 'asc')
    .limit(10)
    .execute();
  const ranking: LiveQuizTopTen['ranking'] = [];
  rows.forEach((row, index) => {
    const previous = ranking[index - 1];
    const score = toCount(row.score);
    const time = Number(row.time_taken);
    const tied = previous && previous.score === score && previous.time_taken === time;
    ranking.push({ rank: tied ? previous.rank : index + 1, name: topTenName(row.first_name, row.last_name), score, time_taken: time });
  });
  return ranking;
}

export function playLive(deps: {
  db: Kysely<Database>;
  clock: Clock;
  writer: LiveWriter;
  log: Pick<FastifyBaseLogger, 'error'>;
}): PlayLive {
  const { db, clock, writer, log } = deps;
  const nodes = new Map<string, Coalesced>();
  const revealTimers = new Map<number, NodeJS.Timeout>();
  let closed = false;

  /** Runs `write` for `key` now or later, never twice within the interval, never two at once. */
  function coalesce(key: string, write: () => Promise<void>): void {
    if (closed) return;
    let node = nodes.get(key);
    if (!node) {
      const created: Coalesced = {
        lastAt: 0,
        timer: null,
        running: null,
        again: false,
        run: () => {
          created.timer = null;
          created.lastAt = Date.now();
          created.running = write()
            .catch((error: unknown) => log.error({ err: error }, `live ${key} not written`))
            .finally(() => {
              created.running = null;
              if (created.again) {
                created.again = false;
                coalesce(key, write);
              }
            });
        },
      };
      node = created;
      nodes.set(key, node);
    }
    if (node.timer) return;
    if (node.running) {
      node.again = true;
      return;
    }
    const wait = node.lastAt + COUNTS_MIN_INTERVAL_MS - Date.now();
    if (wait <= 0) node.run();
    else node.timer = setTimeout(node.run, wait).unref();
  }

  async function writeCounts(quizId: number): Promise<void> {
    const quiz = await db.selectFrom('quizzes').selectAll().where('id', '=', quizId).executeTakeFirst();
    if (!quiz) return;
    const client = await db.selectFrom('clients').select('recent_participant_time').where('id', '=', quiz.client_id).executeTakeFirst();
    const now = clock.now().getTime();
    const recentSince = new Date(now - toCount(client?.recent_participant_time) * 1000).toISOString();
    const [joined, recent] = await Promise.all([
      db
        .selectFrom('attempts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('quiz_id', '=', quizId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('attempts')
        .innerJoin('viewers', 'viewers.id', 'attempts.viewer_id')
        .select('viewers.first_name')
        .where('attempts.quiz_id', '=', quizId)
        .where('attempts.created_at', '>=', recentSince)
        .orderBy('attempts.id', 'desc')
        .limit(RECENT_LIMIT)
        .execute(),
    ]);
    const questionNo = toCount(quiz.question_no);
    const round =
      quiz.status === 'STARTED' && !isSelfPaced(quiz)
        ? await db
            .selectFrom('rounds')
            .select(['id', 'answer_opens_at', 'reveal_at'])
            .where('quiz_id', '=', quizId)
            .where('scope', '=', 0)
            .where('question_no', '=', questionNo)
            .executeTakeFirst()
        : undefined;
    const node: LiveQuizCounts = {
      joined: toCount(joined.count),
      question_no: questionNo,
      answered: 0,
      chosen: {},
      answer_opens_at: round ? toCount(round.answer_opens_at) : null,
      reveal_at: round?.reveal_at == null ? null : toCount(round.reveal_at),
      recent: recent.map((row) => row.first_name),
      sent_at: now,
    };
    if (round) {
      const chosen = await db
        .selectFrom('answers')
        .select(['chosen_option', (eb) => eb.fn.countAll<number>().as('count')])
        .where('round_id', '=', round.id)
        .groupBy('chosen_option')
        .execute();
      const revealed = node.reveal_at !== null && node.reveal_at <= now;
      for (const row of chosen) {
        node.answered += toCount(row.count);
        if (revealed && isOptionLetter(row.chosen_option)) node.chosen[row.chosen_option] = toCount(row.count);
      }
      if (!revealed && node.reveal_at !== null) scheduleReveal(quizId, node.reveal_at - now);
    }
    writer.write(liveQuizCountsPath(quiz.quiz_hash), node);
  }

  function scheduleReveal(quizId: number, inMs: number): void {
    if (closed || inMs > MAX_REVEAL_WAIT_MS) return;
    const previous = revealTimers.get(quizId);
    if (previous) clearTimeout(previous);
    revealTimers.set(
      quizId,
      setTimeout(
        () => {
          revealTimers.delete(quizId);
          coalesce(`counts:${quizId}`, () => writeCounts(quizId));
        },
        Math.max(inMs, 0) + 50,
      ).unref(),
    );
  }

  async function writePoll(pollId: number): Promise<void> {
    const poll = await db
      .selectFrom('polls')
      .select(['link_key', 'active', 'show_options', 'show_total_votes'])
      .where('id', '=', pollId)
      .executeTakeFirst();
    if (!poll) return;
    const choices = await db.selectFrom('poll_choices').select(['id', 'votes']).where('poll_id', '=', pollId).execute();
    // The node is public (anyone with the link may subscribe): it carries only what a voter's phone may show
    // (poll-play-service.ts get): each choice's votes with show_options, the total with show_total_votes.
    const showVotes = toBool(poll.show_options);
    const showTotal = toBool(poll.show_total_votes);
    const node: LivePoll = { votes: {}, total: 0, active: toBool(poll.active), sent_at: clock.now().getTime() };
    for (const choice of choices) {
      if (showVotes) node.votes[String(choice.id)] = toCount(choice.votes);
      if (showTotal) node.total += toCount(choice.votes);
    }
    writer.write(livePollPath(poll.link_key), node);
  }

  const live: PlayLive = {
    quizActivity(quizId) {
      coalesce(`counts:${quizId}`, () => writeCounts(quizId));
    },
    async quizMoved(quiz) {
      coalesce(`counts:${quiz.id}`, () => writeCounts(quiz.id));
      const announced = isFinished(quiz) && quiz.status !== 'RESULT_AWAITED';
      if (announced) {
        const node: LiveQuizTopTen = { ranking: await topTenOf(db, quiz.id), sent_at: clock.now().getTime() };
        writer.write(liveQuizTopTenPath(quiz.quiz_hash), node);
      } else if (quiz.status === 'ANNOUNCED' || quiz.status === 'STARTED') {
        // A reset or a new run: yesterday's ranking is not this run's.
        writer.remove(liveQuizTopTenPath(quiz.quiz_hash));
      }
    },
    async republishAll() {
      const quizzes = await db.selectFrom('quizzes').selectAll().execute();
      for (const quiz of quizzes) await live.quizMoved(quiz);
      const polls = await db.selectFrom('polls').select('id').execute();
      for (const poll of polls) live.pollChanged(poll.id);
    },
    quizDeleted(quizHash) {
      writer.remove(liveQuizCountsPath(quizHash));
      writer.remove(liveQuizTopTenPath(quizHash));
    },
    pollChanged(pollId) {
      coalesce(`poll:${pollId}`, () => writePoll(pollId));
    },
    async flush() {
      for (;;) {
        const busy = [...nodes.values()].filter((node) => node.timer || node.running);
        if (busy.length === 0) return;
        for (const node of busy) {
          if (node.timer && !node.running) {
            clearTimeout(node.timer);
            node.run();
          }
        }
        await Promise.all(busy.map((node) => node.running));
      }
    },
    close() {
      closed = true;
      for (const node of nodes.values()) if (node.timer) clearTimeout(node.timer);
      for (const timer of revealTimers.values()) clearTimeout(timer);
      nodes.clear();
      revealTimers.clear();
    },
  };
  return live;
}
