import path from 'node:path';
import { buildApp } from './app';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { seedDemo } from './demo/seed';
import { UploadStore } from './http/uploads';
import { createMailer } from './mail/mailer';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const seeded = await seedDemo(database.db, systemClock, { email: config.demoEmail, password: config.demoPassword }, new UploadStore(path.join(config.dataDir, 'uploads')));
  const app = await buildApp({
    db: database.db,
    config,
    clock: systemClock,
    mailer: createMailer(config, { info: (message) => app.log.info(message) }),
    logger: { level: config.logLevel },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close();
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
  console.info(`Quiz portal listening on http://${config.host}:${config.port} (${storage})`);
  console.info(`Portal URL: ${config.portalUrl}`);
  if (seeded) console.info('Demo data created on the empty database.');
  console.info(`Demo login: ${config.demoEmail} / ${config.demoPassword}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
