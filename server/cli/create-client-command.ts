import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { EmailTakenError, createClientWithAdmin } from '../accounts/clients';
import { passwordWeakness } from '../accounts/password-strength';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { defaultViewerAppUrl } from '../play/viewer-app-url';

// npm run create-client -- --name NAME --email EMAIL --password PASSWORD [--poll-enabled] [--social-auth]
// The command's work, apart from opening the database, so tests run it on theirs.

export const USAGE = 'Usage: npm run create-client -- --name NAME --email EMAIL --password PASSWORD [--poll-enabled] [--social-auth]';

export interface CommandOutput {
  info(message: string): void;
  error(message: string): void;
}

/** Parses the arguments; null (after printing the usage) when they are wrong. */
export function parseCreateClientArgs(args: string[], out: CommandOutput) {
  try {
    const { values } = parseArgs({
      args,
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'poll-enabled': { type: 'boolean', default: false },
        'social-auth': { type: 'boolean', default: false },
      },
      strict: true,
    });
    const { name, email, password } = values;
    if (name && email && password) return { name, email, password, pollEnabled: values['poll-enabled'], socialAuth: values['social-auth'] };
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error));
  }
  out.error(USAGE);
  return null;
}

/** Exit code: 0 created, 1 refused (email taken, weak password), 2 wrong arguments. */
export async function createClientCommand(
  args: string[],
  deps: { db: Kysely<Database>; clock: Clock; config: Config; out: CommandOutput },
): Promise<number> {
  const { out } = deps;
  const input = parseCreateClientArgs(args, out);
  if (!input) return 2;
  const weakness = passwordWeakness(input.password, [input.email, input.name]);
  if (weakness) {
    out.error(`--password refused. ${weakness}`);
    return 1;
  }
  try {
    const { clientId, userId } = await createClientWithAdmin(deps.db, deps.clock, {
      ...input,
      viewerAppUrl: defaultViewerAppUrl(deps.config),
    });
    out.info(`Created client ${clientId} (admin user ${userId}, ${input.email.toLowerCase()})`);
    out.info(String(clientId));
    return 0;
  } catch (error) {
    if (error instanceof EmailTakenError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
}
