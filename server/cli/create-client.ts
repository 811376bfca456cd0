import { parseArgs } from 'node:util';
import { EmailTakenError, createClientWithAdmin } from '../accounts/clients';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { defaultViewerAppUrl } from '../play/viewer-app-url';

// npm run create-client -- --name NAME --email EMAIL --password PASSWORD [--poll-enabled] [--social-auth]

const USAGE = 'Usage: npm run create-client -- --name NAME --email EMAIL --password PASSWORD [--poll-enabled] [--social-auth]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'poll-enabled': { type: 'boolean', default: false },
      'social-auth': { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.name || !values.email || !values.password) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const { clientId, userId } = await createClientWithAdmin(database.db, systemClock, {
      name: values.name,
      email: values.email,
      password: values.password,
      pollEnabled: values['poll-enabled'],
      socialAuth: values['social-auth'],
      viewerAppUrl: defaultViewerAppUrl(config),
    });
    console.info(`Created client ${clientId} (admin user ${userId}, ${values.email.toLowerCase()})`);
    console.info(String(clientId));
    return 0;
  } catch (error) {
    if (error instanceof EmailTakenError) {
      console.error(error.message);
      return 1;
    }
    throw error;
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
