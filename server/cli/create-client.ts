import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { createClientCommand, parseCreateClientArgs } from './create-client-command';

// npm run create-client -- --name NAME --email EMAIL --password PASSWORD [--poll-enabled] [--social-auth]

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // Wrong arguments are told before the database is opened.
  if (!parseCreateClientArgs(args, { info: () => {}, error: (message) => console.error(message) })) return 2;
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    return await createClientCommand(args, { db: database.db, clock: systemClock, config, out: console });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
