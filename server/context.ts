import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { BackgroundTasks } from './http/background-tasks';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { UploadStore } from './http/uploads';
import type { Mailer } from './mail/mailer';
import type { QuizEvents } from './live/quiz-events';

/** What a portal route tells Play's live nodes. */
export interface PollWatcher {
  pollChanged(pollId: number): void;
}

/** What every route plugin receives (as its plugin options): `app.register(quizRoutes, ctx)`. */
export interface ServerContext {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  quizEvents: QuizEvents;
  uploads: UploadStore;
  log: FastifyBaseLogger;
  /** Work after the answer (password-reset mails); the app waits for it on close. */
  background: BackgroundTasks;
  /**
   * Play's live aggregates (server/play/play-live.ts), as far as a portal route needs them: a poll opened or
   * closed rewrites its votes' node. Absent where no player route runs. The routes of Play get the whole of it.
   */
  playLive?: PollWatcher;
}
