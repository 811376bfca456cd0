import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import { toBool, toCount } from '../db/rows';
import type { Database } from '../db/schema';
import { liveStateOf, questionIdsOf, type QuizRow } from './quiz-read';
import { quizCommands } from './quiz-commands';
import type { QuizService } from './quiz-service';
import { SchedulerLock } from './scheduler-lock';
import { nextAutoMove, type QuizTimers } from './scheduler-timeline';

// The AUTO scheduler (docs/decisions.md "Live quiz state"): each tick, the instance holding the lease moves every unfinished
// AUTO quiz to where its timers say it should be (scheduler-timeline.ts). Moves are the quiz commands'
// (quiz-commands.ts) over the quiz service, so they bump the version, reach mirrors via updated_after and are
// published live.

export const SCHEDULER_LOCK = 'auto-quiz-scheduler';

export interface SchedulerDeps {
  db: Kysely<Database>;
  clock: Clock;
  quizzes: QuizService;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Who holds the lease; random per instance by default. */
  holder?: string;
  /** How long a lease lasts without renewal; a dead holder blocks others this long. */
  leaseMs?: number;
}

function timersOf(row: QuizRow): QuizTimers {
  return {
    time_based: toBool(row.time_based),
    before_qs_timer: toCount(row.before_qs_timer),
    qs_timer: toCount(row.qs_timer),
    timer_bw_qs: toCount(row.timer_bw_qs),
    start_date_time: row.start_date_time,
    end_date_time: row.end_date_time,
  };
}

export interface AutoScheduler {
  /** One pass; resolves with the number of quizzes moved (0 when another instance holds the lease). */
  tick(): Promise<number>;
  /** Ticks every intervalMs (never two at once) until stop(), which also gives the lease up. */
  start(intervalMs?: number): { stop(): Promise<void> };
}

export function autoScheduler(deps: SchedulerDeps): AutoScheduler {
  const { db, clock, log } = deps;
  const commands = quizCommands(deps.quizzes);
  const lock = new SchedulerLock(db, clock, SCHEDULER_LOCK, deps.holder ?? randomBytes(8).toString('hex'), deps.leaseMs ?? 10_000);

  async function tick(): Promise<number> {
    if (!(await lock.acquire())) return 0;
    const rows = await db.selectFrom('quizzes').selectAll().where('mode', '=', 'AUTO').where('status', '!=', 'COMPLETED').execute();
    const questions = await questionIdsOf(
      db,
      rows.map((row) => row.id),
    );
    const now = clock.now().getTime();
    let moved = 0;
    for (const row of rows) {
      const count = questions.get(row.id)?.length ?? 0;
      const move = nextAutoMove(liveStateOf(row, count), timersOf(row), count, now);
      if (move && (await commands.followTimers(row, move))) moved += 1;
    }
    return moved;
  }

  return {
    tick,
    start(intervalMs = 1000) {
      let running: Promise<unknown> | null = null;
      const timer = setInterval(() => {
        // A slow tick (a busy database) is not queued behind: the next one starts from the new now.
        if (running) return;
        running = tick()
          .catch((error: unknown) => log.error({ err: error }, 'AUTO scheduler tick failed'))
          .finally(() => (running = null));
      }, intervalMs);
      return {
        async stop() {
          clearInterval(timer);
          await running;
          await lock.release();
        },
      };
    },
  };
}
