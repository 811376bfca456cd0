import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { nowIso } from '../db/rows';
import { hashPassword } from './passwords';

export interface NewClient {
  name: string;
  email: string;
  password: string;
  username?: string;
  pollEnabled?: boolean;
  socialAuth?: boolean;
  /** The player app's address (play/viewer-app-url.ts); '' when not given. */
  viewerAppUrl?: string;
}

export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`A user with the email ${email} already exists.`);
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates a client (tenant) and its administrator; used by the demo seed, the CLI and the e2e hook. */
export async function createClientWithAdmin(
  db: Kysely<Database>,
  clock: Clock,
  input: NewClient,
): Promise<{ clientId: number; userId: number }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw new EmailTakenError(email);
    const now = nowIso(clock);
    const client = await trx
      .insertInto('clients')
      .values({
        name: input.name,
        business_name: input.name,
        poll_enabled: input.pollEnabled ?? false,
        social_auth_feature: input.socialAuth ?? false,
        business_logo: null,
        background_image: null,
        mascot_logo: null,
        viewer_app_url: input.viewerAppUrl ?? '',
        created_at: now,
        updated_at: now,
        version: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        client_id: client.id,
        email,
        username: input.username ?? email.split('@')[0] ?? email,
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { clientId: client.id, userId: user.id };
  });
}
