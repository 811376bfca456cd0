import { buildApp } from './app';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { ownOriginsOf } from './http/public-url';
import { openDatabaseForServing } from './db/open';
import { defaultViewerAppUrl } from './play/viewer-app-url';
import { seedDemo } from './demo/seed';
import { serverLoggerOptions } from './http/logging';
import { liveConnectSources, sameOriginLiveSources } from './http/security-headers';
import { UploadStore } from './http/uploads';
import { openLiveChannel } from './live/live-channel';
import { loadLiveSettings } from './live/live-config';
import { liveConfigRoutes } from './live/live-config-route';
import { acceptLiveUpgrades } from './live/live-upgrade';
import { livePublisher } from './live/publisher';
import { createMailer } from './mail/mailer';
import { collectProcessMetrics, watchDatabasePool } from './metrics/metrics';
import { startMetricsServer } from './metrics/metrics-route';
import { liveStatesOfAll } from './quizzes/quiz-read';
import { quizService } from './quizzes/quiz-service';
import { autoScheduler } from './quizzes/scheduler';
import { withPlayEvents } from './play/play-events';
import { openMediaStorage } from './storage/open-storage';

// `npm run serve`: one API server instance. The schema must be migrated already (`npm run migrate`) unless
// MIGRATE_ON_BOOT=1; the demo is created only with SEED_DEMO=1 (`npm start` runs migrate and seed itself).
// SIGTERM or SIGINT: stop taking requests, finish those in flight, then close the scheduler, the live
// channel, the storage and the database, within SHUTDOWN_GRACE_MS.

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabaseForServing(config);
  watchDatabasePool(database.poolUse);
  collectProcessMetrics();
  const uploads = new UploadStore(openMediaStorage(config));
  const seeded = config.seedDemo
    ? await seedDemo(
        database.db,
        systemClock,
        { email: config.demoEmail, password: config.demoPassword, viewerAppUrl: defaultViewerAppUrl(config) },
        uploads,
      )
    : false;
  // The live channel (docs/decisions.md "Live quiz state"): a real Firebase project when configured, else the local RTDB server.
  const live = await openLiveChannel(loadLiveSettings());
  const publisher = livePublisher(live.database, { error: (...args: Parameters<typeof app.log.error>) => app.log.error(...args) });
  const app = await buildApp({
    db: database.db,
    config,
    clock: systemClock,
    mailer: createMailer(config, { info: (message) => app.log.info(message) }),
    uploads,
    quizEvents: publisher,
    liveWriter: publisher,
    liveConnectSources: live.embedded ? sameOriginLiveSources(config) : liveConnectSources(live.clientConfig),
    liveReachable: () => live.checkReachable(),
    logger: serverLoggerOptions(config.logLevel, config.logFormat),
    requestLines: config.logFormat === 'lines',
  });
  await app.register(liveConfigRoutes, {
    clientConfig: live.clientConfig,
    throughApiPort: live.embedded !== null,
    publicUrl: config.publicUrl,
    fallbackUrl: config.portalUrl,
  });
  // Phones follow the embedded channel through this port: the only address they need is the one they opened.
  if (live.embedded) acceptLiveUpgrades(app, live.embedded);
  // The local server keeps nothing across restarts, and a real one may have missed changes while down.
  // Not awaited: an unreachable Firebase must not keep the API from starting.
  publisher
    .republishAll(() => liveStatesOfAll(database.db))
    .then(
      ({ written, removed, current }) =>
        app.log.info(`live channel: ${written} quiz node(s) written, ${removed} removed, ${current} already current`),
      (error: unknown) => app.log.error({ err: error }, 'live channel: republish failed'),
    );
  app.playLive.republishAll().catch((error: unknown) => app.log.error({ err: error }, 'live channel: counts not republished'));
  const scheduler = autoScheduler({
    db: database.db,
    clock: systemClock,
    quizzes: quizService({
      db: database.db,
      clock: systemClock,
      uploads,
      // The scheduler's moves open and close Play's rounds too, and update the counts and the top ten.
      quizEvents: withPlayEvents(publisher, {
        db: database.db,
        clock: systemClock,
        live: app.playLive,
        log: app.log,
      }),
      log: app.log,
    }),
    log: app.log,
  }).start(1000);
  const metricsServer =
    config.metricsPort === null
      ? null
      : await startMetricsServer({ host: config.host, port: config.metricsPort, token: config.metricsToken });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Refuses new requests (503, then no connection) and resolves once those in flight have answered.
    const drained = app.close();
    app.log.info(`${signal} received: finishing the requests in flight, then closing`);
    setTimeout(() => {
      console.error(`Requests still running after ${config.shutdownGraceMs} ms (SHUTDOWN_GRACE_MS): exiting anyway`);
      process.exit(1);
    }, config.shutdownGraceMs).unref();
    try {
      await scheduler.stop();
      await drained;
      await metricsServer?.close();
      await publisher.flush();
      await live.close();
      await uploads.storage.close();
      await database.close();
      app.log.info('closed cleanly');
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const storage = config.databaseUrl ? 'PostgreSQL' : `SQLite ${config.sqlitePath}`;
  // The port really listened on (PORT=0 picks a free one; the live benchmark reads it from here).
  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  // A free port picked at start is one of the server's own origins too (the benchmarks' servers): absolute URLs
  // asked for at it must not fall back to PORTAL_URL's port 0.
  if (config.port === 0) app.ownOrigins = ownOriginsOf({ ...config, port });
  console.info(`Quiz portal listening on http://${config.host}:${port} (${storage}, uploads in ${uploads.storage.description})`);
  console.info(`Portal URL: ${config.portalUrl}`);
  console.info(
    live.embedded
      ? `Live channel: embedded realtime database in process ${live.embedded.pid} (${live.clientConfig.databaseURL}), reached by browsers through port ${port}`
      : `Live channel: ${live.clientConfig.databaseURL}`,
  );
  if (metricsServer) console.info(`Metrics: http://${config.host}:${metricsServer.port}/metrics`);
  if (seeded) console.info('Demo data created on the empty database.');
  if (config.seedDemo) console.info(`Demo login: ${config.demoEmail} / ${config.demoPassword}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
