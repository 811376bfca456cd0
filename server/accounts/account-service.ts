import {
  LOGIN_FAILED_SERVER_MESSAGE,
  type CurrentUser,
  type LoginPayload,
  type LoginResponse,
  type ResetConfirmPayload,
  type ResetRequestPayload,
} from '../../src/lib/contract/accounts';
import type { ChangePasswordPayload } from '../../src/lib/contract/password-change';
import type { ServerContext } from '../context';
import { nowIso, toBool } from '../db/rows';
import { fieldErrors } from '../http/errors';
import type { MediaUrls } from '../http/media-urls';
import { accountThrottle } from './account-throttle';
import { normaliseEmail } from './clients';
import { passwordWeakness } from './password-strength';
import { UNUSABLE_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords';
import { tokenOwnersOf } from '../http/token-cache';
import { hashSecret, newSecret } from '../http/secrets';

// Signing in and out, the signed-in user, and password resets (the Auth calls of the API, docs/decisions.md "Accounts").

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

/** A weak new password answers 400 on the field it came in, with zxcvbn's reason. */
function refuseWeak(field: string, password: string, userInputs: string[]): void {
  const weakness = passwordWeakness(password, userInputs);
  if (weakness) throw fieldErrors({ [field]: [weakness] });
}

export function accountService({
  db,
  clock,
  config,
  mailer,
  background,
}: Pick<ServerContext, 'db' | 'clock' | 'config' | 'mailer' | 'background'>) {
  // Forgets a user's tokens kept in this process once they are revoked (token-cache.ts).
  const tokenOwners = tokenOwnersOf(db);
  const throttle = accountThrottle(db, clock, {
    loginPerPair: config.loginRateLimit,
    loginPerAddress: config.loginAddressRateLimit,
    loginWindowMs: config.loginRateWindowMs,
  });

  async function issueToken(userId: number): Promise<string> {
    const key = newSecret();
    const now = clock.now();
    await db
      .insertInto('auth_tokens')
      .values({ token_hash: hashSecret(key), user_id: userId, created_at: now.toISOString(), last_used_at: now.toISOString() })
      .execute();
    // The user's tokens idle past their expiry are of no use any more: forget them.
    const idleSince = new Date(now.getTime() - config.tokenIdleTtlMs).toISOString();
    await db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('last_used_at', '<', idleSince).execute();
    return key;
  }

  /** Mails a reset link when the email has an account; runs after the answer left (BackgroundTasks). */
  async function mailResetLink(email: string, siteUrl: string | undefined): Promise<void> {
    const user = await db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
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
    // The link's origin is PORTAL_URL or an allowed site_url, never the request's Host.
    const link = `${resetLinkOrigin(siteUrl, config)}/password/reset/${token}`;
    await mailer.send({
      to: user.email,
      subject: 'Password reset',
      text: `Someone asked to reset the password of your quiz portal account.\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    });
  }

  return {
    /**
     * A new token for the user. Tries are limited per (email, address) and per address (account-throttle.ts):
     * too many answer 429 to that address only, so nobody elsewhere can lock the account.
     */
    async login(address: string, { email: rawEmail, password }: LoginPayload): Promise<LoginResponse> {
      const email = normaliseEmail(rawEmail);
      await throttle.loginAttempt(email, address);
      const user = await db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirst();
      // Hash even for an unknown email, so response time does not tell which emails have accounts.
      const valid = await verifyPassword(password, user?.password_hash ?? UNUSABLE_PASSWORD_HASH);
      if (!user || !valid) throw fieldErrors({ non_field_errors: [LOGIN_FAILED_SERVER_MESSAGE] });
      await throttle.loginSucceeded(email, address);
      return { key: await issueToken(user.id) };
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
    async logout(userId: number, tokenHash: string): Promise<void> {
      await db.deleteFrom('auth_tokens').where('token_hash', '=', tokenHash).execute();
      tokenOwners.revokeUser(userId);
    },

    /**
     * Accepts a reset request: the same work on the request path for every email (the limits, counted whether
     * or not the email has an account), then the lookup and the mail in the background. Nothing the caller
     * sees, the answer or its timing, depends on the account existing.
     */
    async requestPasswordReset(address: string, { email: rawEmail, site_url: siteUrl }: ResetRequestPayload): Promise<void> {
      const email = normaliseEmail(rawEmail);
      await throttle.resetRequest(email, address);
      background.run('password reset mail', () => mailResetLink(email, siteUrl));
    },

    /**
     * Changes the signed-in user's password after checking the current one; the new one must pass the strength
     * rule. Every other session of the user is signed out (the one that asked stays signed in).
     */
    async changePassword(userId: number, currentTokenHash: string, payload: ChangePasswordPayload): Promise<void> {
      const user = await db.selectFrom('users').select(['id', 'email', 'password_hash']).where('id', '=', userId).executeTakeFirstOrThrow();
      if (!(await verifyPassword(payload.old_password, user.password_hash)))
        throw fieldErrors({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] });
      refuseWeak('new_password1', payload.new_password1, [user.email]);
      const passwordHash = await hashPassword(payload.new_password1);
      const now = nowIso(clock);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
        await trx.deleteFrom('auth_tokens').where('user_id', '=', userId).where('token_hash', '!=', currentTokenHash).execute();
        // An outstanding reset link would undo the change: it dies too.
        await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
      });
      tokenOwners.revokeUser(userId);
    },

    /** Sets the new password with a reset link's token (once), and signs out every session of the user. */
    async resetPassword(payload: ResetConfirmPayload): Promise<void> {
      const now = nowIso(clock);
      const reset = await db
        .selectFrom('password_resets')
        .innerJoin('users', 'users.id', 'password_resets.user_id')
        .select(['password_resets.id', 'password_resets.user_id', 'users.email'])
        .where('password_resets.token_hash', '=', hashSecret(payload.token))
        .where('password_resets.used_at', 'is', null)
        .where('password_resets.expires_at', '>', now)
        .executeTakeFirst();
      if (!reset) throw fieldErrors({ token: [INVALID_RESET_TOKEN] });
      // After the token: only a holder of a valid link makes the server estimate a password.
      refuseWeak('new_password', payload.new_password, [reset.email]);
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
      tokenOwners.revokeUser(reset.user_id);
    },
  };
}
