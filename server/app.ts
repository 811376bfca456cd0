import path from 'node:path';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock';
import type { Config } from './config';
import type { ServerContext } from './context';
import type { Database } from './db/schema';
import { installContract } from './http/contract';
import { installErrorHandling, jsonNotFound } from './http/errors';
import { portalFallback, registerPortal } from './http/portal';
import { registerSecurityHeaders } from './http/security-headers';
import { UploadStore, registerMediaRoute } from './http/uploads';
import type { Mailer } from './mail/mailer';
import { noQuizEvents, type QuizEvents } from './quizzes/quiz-events';
import { resourceRoutes } from './routes';
import { testHookRoutes } from './routes/test-hooks';

export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  /** Told of every quiz change after it commits (the live publisher hooks in here); no-op by default. */
  quizEvents?: QuizEvents;
  /** Origins the portal's live channel connects to, allowed by its Content-Security-Policy (liveConnectSources). */
  liveConnectSources?: readonly string[];
  /** Fastify's logger option; tests leave it off. */
  logger?: FastifyServerOptions['logger'];
}

/** Builds the API server (and the portal's static serving when built) without listening, so tests can inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({ logger: deps.logger ?? false, trustProxy: false });
  const ctx: ServerContext = {
    ...deps,
    quizEvents: deps.quizEvents ?? noQuizEvents,
    uploads: new UploadStore(path.join(config.dataDir, 'uploads')),
    log: app.log,
  };

  app.decorateRequest('user', null);
  app.decorateRequest('idempotencyKeyId', null);
  app.decorateRequest('form', null);
  installContract(app);
  installErrorHandling(app, { uploadMaxBytes: config.uploadMaxBytes });
  registerSecurityHeaders(app, { connectSources: deps.liveConnectSources });

  await app.register(fastifyCors, {
    origin: config.allowedOrigins,
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-Match'],
    exposedHeaders: ['ETag', 'Idempotent-Replayed', 'Content-Disposition'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  // fields: a quiz sends one `questions` field per question id, so thousands must fit; the text of all
  // fields together stays within the JSON body limit (readForm), files within uploadMaxBytes each.
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 10, fields: 5000, parts: 5010, fieldSize: 1024 * 1024 },
  });

  app.get('/api/health', async () => ({ status: 'ok' }));
  registerMediaRoute(app, ctx.uploads);
  for (const routes of resourceRoutes) await app.register(routes, ctx);
  if (config.e2eTestHooks) await app.register(testHookRoutes, ctx);

  app.setNotFoundHandler((await registerPortal(app, config.staticDir)) ? portalFallback : jsonNotFound);
  return app;
}
