import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { QuizEvents } from '../live/quiz-events';
import { playCacheOf } from './play-cache';
import type { PlayLive } from './play-live';
import { syncRounds } from './rounds';

/**
 * Play hears every quiz change the live publisher hears (host steps, status changes, the AUTO scheduler,
 * Reset Attempts), after it commits: the rounds follow the quiz, then the counts and the top ten are
 * written, then the quiz's own node. A failure here is logged and never fails the quiz's write.
 */
export function withPlayEvents(
  events: QuizEvents,
  deps: { db: Kysely<Database>; clock: Clock; live: PlayLive; log: Pick<FastifyBaseLogger, 'error'> },
): QuizEvents {
  const { db, clock, live, log } = deps;
  return {
    async onQuizChanged(quiz) {
      try {
        const row = await db.selectFrom('quizzes').selectAll().where('id', '=', quiz.id).executeTakeFirst();
        if (row) {
          await syncRounds(db, clock, row);
          await live.quizMoved(row);
        }
      } catch (error) {
        log.error({ err: error, quiz: quiz.id }, 'play: quiz change not followed');
      }
      await events.onQuizChanged(quiz);
    },
    async onQuizDeleted(quizHash) {
      playCacheOf(db).forgetQuizHash(quizHash);
      live.quizDeleted(quizHash);
      await events.onQuizDeleted(quizHash);
    },
  };
}
