import path from 'node:path';
import { buildApp } from './app';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { seedDemo } from './demo/seed';
import { serverLoggerOptions } from './http/logging';
import { liveConnectSources } from './http/security-headers';
import { UploadStore } from './http/uploads';
import { openLiveChannel } from './live/live-channel';
import { loadLiveSettings } from './live/live-config';
import { liveConfigRoutes } from './live/live-config-route';
import { livePublisher } from './live/publisher';
import { createMailer } from './mail/mailer';
import { quizService } from './quizzes/quiz-service';
import { autoScheduler } from './quizzes/scheduler';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const seeded = await seedDemo(
    database.db,
    systemClock,
    { email: config.demoEmail, password: config.demoPassword },
    new UploadStore(path.join(config.dataDir, 'uploads')),
  );
  // The live channel (decisions §4): a real Firebase project when configured, else the local RTDB server.
  const live = await openLiveChannel(loadLiveSettings());
  const publisher = livePublisher(live.database, { error: (...args: Parameters<typeof app.log.error>) => app.log.error(...args) });
  const app = await buildApp({
    db: database.db,
    config,
    clock: systemClock,
    mailer: createMailer(config, { info: (message) => app.log.info(message) }),
    quizEvents: publisher,
    liveConnectSources: liveConnectSources(live.clientConfig),
    logger: serverLoggerOptions(config.logLevel),
  });
  await app.register(liveConfigRoutes, { clientConfig: live.clientConfig });
  // The local server keeps nothing across restarts, and a real one may have missed changes while down.
  // Not awaited: an unreachable Firebase must not keep the API from starting.
  publisher.republishAll(database.db).catch((error: unknown) => app.log.error({ err: error }, 'live channel: republish failed'));
  const scheduler = autoScheduler({
    db: database.db,
    clock: systemClock,
    quizzes: quizService({
      db: database.db,
      clock: systemClock,
      uploads: new UploadStore(path.join(config.dataDir, 'uploads')),
      quizEvents: publisher,
      log: app.log,
    }),
    log: app.log,
  }).start(1000);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await scheduler.stop();
      await app.close();
      await publisher.flush();
      await live.close();
      await database.close();
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
  console.info(`Quiz portal listening on http://${config.host}:${port} (${storage})`);
  console.info(`Portal URL: ${config.portalUrl}`);
  console.info(
    `Live channel: ${live.clientConfig.emulator ? `local realtime database ${live.clientConfig.databaseURL}` : live.clientConfig.databaseURL}`,
  );
  if (seeded) console.info('Demo data created on the empty database.');
  console.info(`Demo login: ${config.demoEmail} / ${config.demoPassword}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
