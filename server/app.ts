import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { BackgroundTasks } from './http/background-tasks';
import type { Clock } from './clock';
import type { Config } from './config';
import type { ServerContext } from './context';
import type { Database } from './db/schema';
import { installContract } from './http/contract';
import { frameworkError, installErrorHandling, jsonNotFound } from './http/errors';
import { registerHealthRoutes } from './http/health';
import { RequestLines } from './http/logging';
import { portalFallbackFor, registerPortal } from './http/portal';
import { registerPublicUrl } from './http/public-url';
import { registerSecurityHeaders } from './http/security-headers';
import { installRequestLimits } from './http/request-limits';
import { FORM_LIMITS, UploadStore } from './http/uploads';
import type { Mailer } from './mail/mailer';
import { registerMetricsRoute, registerRequestMetrics } from './metrics/metrics-route';
import { noQuizEvents, type QuizEvents } from './live/quiz-events';
import { resourceRoutes } from './routes';
import { playRoutes } from './routes/play';
import { noLiveWriter, type LiveWriter } from './play/live-writer';
import { playLive as createPlayLive } from './play/play-live';
import { withPlayEvents } from './play/play-events';
import { testHookRoutes } from './routes/test-hooks';
import { openMediaStorage } from './storage/open-storage';

export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  /** Told of every quiz change after it commits (the live publisher hooks in here); no-op by default. */
  quizEvents?: QuizEvents;
  /** Origins the portal's live channel connects to, allowed by its Content-Security-Policy (liveConnectSources). */
  liveConnectSources?: readonly string[];
  /** Where uploads go; by default the configured storage (S3_BUCKET or DATA_DIR/uploads), closed with the app. */
  uploads?: UploadStore;
  /** Resolves when the live channel is reachable (GET /api/ready); without it readiness does not ask. */
  liveReachable?: () => Promise<void>;
  /** Where Play's live nodes (counts, top ten, polls) are written; nowhere by default. */
  liveWriter?: LiveWriter;
  /** Fastify's logger option; tests leave it off. */
  logger?: FastifyServerOptions['logger'];
  /** One readable line per request instead of Fastify's two records (LOG_FORMAT=lines, http/logging.ts). */
  requestLines?: boolean;
}

/**
 * Client address, protocol and host come from X-Forwarded-* only when the peer is a trusted proxy. Fastify
 * takes a list of addresses as it is; a hop count becomes "the nearest n hops are proxies" (Fastify itself
 * no longer accepts a number), which is safe only where clients cannot reach the server but through them.
 */
function fastifyTrustProxy(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Builds the API server (and the portal's static serving when built) without listening, so tests can inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    ...(deps.requestLines ? { logController: new RequestLines() } : {}),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: frameworkError,
    // A slow or idle sender cannot hold a connection. Node checks the header and request timeouts
    // every connectionsCheckingInterval (30 s by default, longer than the header timeout itself).
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(config.headersTimeoutMs / 2))),
    },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    maxRequestsPerSocket: config.maxRequestsPerSocket,
  });
  const uploads = deps.uploads ?? new UploadStore(openMediaStorage(config));
  if (!deps.uploads) app.addHook('onClose', () => uploads.storage.close());
  const playLive = createPlayLive({ db: deps.db, clock: deps.clock, writer: deps.liveWriter ?? noLiveWriter, log: app.log });
  app.decorate('playLive', playLive);
  app.addHook('onClose', async () => {
    await playLive.flush();
    playLive.close();
  });
  const background = new BackgroundTasks(app.log);
  app.decorate('background', background);
  app.addHook('onClose', () => background.idle());
  const ctx: ServerContext = {
    ...deps,
    quizEvents: withPlayEvents(deps.quizEvents ?? noQuizEvents, { db: deps.db, clock: deps.clock, live: playLive, log: app.log }),
    uploads,
    log: app.log,
    background,
    playLive,
  };

  registerPublicUrl(app, config);
  registerRequestMetrics(app);
  app.decorateRequest('user', null);
  app.decorateRequest('idempotencyKeyId', null);
  app.decorateRequest('form', null);
  installContract(app);
  installErrorHandling(app, { uploadMaxBytes: config.uploadMaxBytes });
  installRequestLimits(app);
  registerSecurityHeaders(app, { connectSources: deps.liveConnectSources });

  await app.register(fastifyCors, {
    origin: config.allowedOrigins,
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-Match'],
    exposedHeaders: ['ETag', 'Idempotent-Replayed', 'Content-Disposition'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  // fields: a quiz sends one `questions` field per question id, so thousands must fit; the text of all
  // fields together stays within the route's body limit (readForm), files within uploadMaxBytes each.
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadMaxBytes, ...FORM_LIMITS } });

  registerHealthRoutes(app, {
    database: () => sql`select 1`.execute(deps.db),
    storage: () => uploads.storage.checkWritable(),
    ...(deps.liveReachable ? { live: deps.liveReachable } : {}),
  });
  if (config.metricsToken) registerMetricsRoute(app, config.metricsToken);
  await uploads.storage.registerMediaRoute(app);
  for (const routes of resourceRoutes) await app.register(routes, ctx);
  await app.register(playRoutes, { ...ctx, playLive });
  if (config.e2eTestHooks) await app.register(testHookRoutes, ctx);

  app.setNotFoundHandler((await registerPortal(app, config.staticDir)) ? portalFallbackFor(config.staticDir) : jsonNotFound);
  return app;
}
