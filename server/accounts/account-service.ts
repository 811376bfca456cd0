import {
  LOGIN_FAILED_SERVER_MESSAGE,
  type CurrentUser,
  type LoginPayload,
  type LoginResponse,
  type ResetConfirmPayload,
  type ResetRequestPayload,
} from '../../src/lib/contract/accounts';
import type { ServerContext } from '../context';
import { nowIso, toBool } from '../db/rows';
import { HttpError, fieldErrors } from '../http/errors';
import type { MediaUrls } from '../http/media-urls';
import { normaliseEmail } from './clients';
import { LoginThrottle } from './login-throttle';
import { UNUSABLE_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords';
import { hashSecret, newSecret } from './tokens';

// Signing in and out, the signed-in user, and password resets (spec §7 Auth, decisions §3 Accounts).

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const INVALID_RESET_TOKEN = 'Invalid or expired token.';

/** The origin for a reset link: site_url's origin only when the server allows it (no phishing links). */
export function resetLinkOrigin(siteUrl: string | undefined, config: { allowedOrigins: string[]; portalUrl: string }): string {
  if (siteUrl) {
    try {
      const origin = new URL(siteUrl).origin;
      if (config.allowedOrigins.includes(origin)) return origin;
    } catch {
      // Not a URL: fall through to the configured portal.
    }
  }
  return new URL(config.portalUrl).origin;
}

export function accountService({ db, clock, config, mailer, log }: Pick<ServerContext, 'db' | 'clock' | 'config' | 'mailer' | 'log'>) {
  const throttle = new LoginThrottle(clock, config.loginRateLimit, config.loginRateWindowMs);

  return {
    /** A new token for the user; failures are counted per address and email, and too many answer 429. */
    async login(address: string, { email: rawEmail, password }: LoginPayload): Promise<LoginResponse> {
      const email = normaliseEmail(rawEmail);
      const wait = throttle.retryAfterSeconds(address, email);
      if (wait > 0) {
        throw new HttpError(
          429,
          { detail: `Too many failed login attempts. Try again in ${wait} seconds.` },
          { 'Retry-After': String(wait) },
        );
      }
      const user = await db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirst();
      // Hash even for an unknown email, so response time does not tell which emails have accounts.
      const valid = await verifyPassword(password, user?.password_hash ?? UNUSABLE_PASSWORD_HASH);
      if (!user || !valid) {
        throttle.recordFailure(address, email);
        throw fieldErrors({ non_field_errors: [LOGIN_FAILED_SERVER_MESSAGE] });
      }
      const key = newSecret();
      const now = nowIso(clock);
      await db
        .insertInto('auth_tokens')
        .values({ token_hash: hashSecret(key), user_id: user.id, created_at: now, last_used_at: now })
        .execute();
      return { key };
    },

    async currentUser(userId: number, media: MediaUrls): Promise<CurrentUser> {
      const row = await db
        .selectFrom('users')
        .innerJoin('clients', 'clients.id', 'users.client_id')
        .select([
          'users.id',
          'users.username',
          'users.email',
          'users.first_name',
          'users.last_name',
          'users.client_id',
          'clients.name as client_name',
          'clients.poll_enabled',
          'clients.social_auth_feature',
          'clients.business_logo',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirstOrThrow();
      return {
        id: row.id,
        username: row.username,
        email: row.email,
        first_name: row.first_name,
        last_name: row.last_name,
        client: row.client_id,
        client_details: {
          id: row.client_id,
          name: row.client_name,
          poll_enabled: toBool(row.poll_enabled),
          social_auth_feature: toBool(row.social_auth_feature),
          business_logo_url: media(row.business_logo),
        },
      };
    },

    /** Revokes the token the request came with. */
    async logout(tokenHash: string): Promise<void> {
      await db.deleteFrom('auth_tokens').where('token_hash', '=', tokenHash).execute();
    },

    /** Mails a reset link to a known email; the answer is the same for unknown ones. */
    async requestPasswordReset({ email, site_url: siteUrl }: ResetRequestPayload): Promise<void> {
      const user = await db.selectFrom('users').select(['id', 'email']).where('email', '=', normaliseEmail(email)).executeTakeFirst();
      if (!user) return;
      const token = newSecret(32);
      const now = clock.now();
      await db
        .insertInto('password_resets')
        .values({
          token_hash: hashSecret(token),
          user_id: user.id,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
          used_at: null,
        })
        .execute();
      const link = `${resetLinkOrigin(siteUrl, config)}/password/reset/${token}`;
      try {
        await mailer.send({
          to: user.email,
          subject: 'Password reset',
          text: `Someone asked to reset the password of your quiz portal account.\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
        });
      } catch (error) {
        // The answer must not differ for known emails, so a mail failure is logged, not returned.
        log.error({ err: error }, 'password reset mail failed');
      }
    },

    /** Sets the new password with a reset link's token (once), and signs out every session of the user. */
    async resetPassword(payload: ResetConfirmPayload): Promise<void> {
      const now = nowIso(clock);
      const reset = await db
        .selectFrom('password_resets')
        .select(['id', 'user_id'])
        .where('token_hash', '=', hashSecret(payload.token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!reset) throw fieldErrors({ token: [INVALID_RESET_TOKEN] });
      const passwordHash = await hashPassword(payload.new_password);
      await db.transaction().execute(async (trx) => {
        // Claiming the token first makes two simultaneous uses of one link succeed only once.
        const claimed = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('id', '=', reset.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw fieldErrors({ token: [INVALID_RESET_TOKEN] });
        await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', reset.user_id).execute();
        // Single use, and any other outstanding link of this user dies with it.
        await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('user_id', '=', reset.user_id)
          .where('used_at', 'is', null)
          .execute();
        // A reset usually means the old password is compromised: sign out every session.
        await trx.deleteFrom('auth_tokens').where('user_id', '=', reset.user_id).execute();
      });
    },
  };
}
