import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { BackgroundTasks } from './accounts/background-tasks';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { UploadStore } from './http/uploads';
import type { Mailer } from './mail/mailer';
import type { PlayLive } from './play/play-live';
import type { QuizEvents } from './quizzes/quiz-events';

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
  /** Play's live aggregates (server/play/play-live.ts); absent where no player route runs. */
  playLive?: PlayLive;
}
