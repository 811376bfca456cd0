import type { Kysely, Selectable } from 'kysely';
import {
  PRIVATE_ISSUER_MESSAGE,
  REQUIRED_MESSAGE,
  SOCIAL_AUTH_DISABLED_MESSAGE,
  type ClientOidc,
  type ClientOidcPayload,
} from '../../src/lib/contract/client-oidc';
import type { Clock } from '../clock';
import { nowIso, toBool } from '../db/rows';
import type { ClientOidcTable, Database } from '../db/schema';
import { fieldErrors, HttpError } from '../http/errors';
import { isPrivateHost } from '../http/provider-fetch';

// The client's OpenID Connect provider (table client_oidc, one row per client), set by its admin from the Setting
// screen. Always the caller's own client: there is no id to name another one. The secret is written, never
// answered. The sign-in (play/oidc.ts) reads the row on each start and callback, and its discovery cache is keyed
// per client by issuer, client id and secret, so a saved change is used by the next sign-in.

type ClientOidcRow = Selectable<ClientOidcTable>;

export function toClientOidc(row: ClientOidcRow | undefined, redirectUri: string): ClientOidc {
  return {
    configured: row !== undefined,
    redirect_uri: redirectUri,
    issuer: row?.issuer ?? '',
    oidc_client_id: row?.oidc_client_id ?? '',
    label: row?.label ?? '',
    has_secret: (row?.oidc_client_secret ?? '') !== '',
  };
}

export function clientOidcService({
  db,
  clock,
  allowPrivateNetwork,
}: {
  db: Kysely<Database>;
  clock: Clock;
  allowPrivateNetwork: boolean;
}) {
  const rowOf = (clientId: number) => db.selectFrom('client_oidc').selectAll().where('client_id', '=', clientId).executeTakeFirst();

  return {
    async get(clientId: number): Promise<ClientOidcRow | undefined> {
      return rowOf(clientId);
    },

    /**
     * Sets the provider: 403 while the operator has social sign-in off for the client. A secret left out or blank
     * keeps the one stored; a first provider needs one (docs/configuration.md, "Social sign-in", registers a confidential web client).
     */
    async put(clientId: number, payload: ClientOidcPayload): Promise<ClientOidcRow> {
      const owner = await db.selectFrom('clients').select('social_auth_feature').where('id', '=', clientId).executeTakeFirst();
      if (!toBool(owner?.social_auth_feature)) throw new HttpError(403, { detail: SOCIAL_AUTH_DISABLED_MESSAGE });
      if (!allowPrivateNetwork && isPrivateHost(new URL(payload.issuer).hostname)) {
        throw fieldErrors({ issuer: [PRIVATE_ISSUER_MESSAGE] });
      }
      const current = await rowOf(clientId);
      const secret = payload.oidc_client_secret || current?.oidc_client_secret || '';
      if (!secret) throw fieldErrors({ oidc_client_secret: [REQUIRED_MESSAGE] });
      const values = { issuer: payload.issuer, oidc_client_id: payload.oidc_client_id, oidc_client_secret: secret, label: payload.label };
      // An upsert: two saves at once (two tabs) both succeed, the later one wins, neither hits the primary key.
      return db
        .insertInto('client_oidc')
        .values({ client_id: clientId, ...values, created_at: nowIso(clock) })
        .onConflict((conflict) => conflict.column('client_id').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Removes the provider (social joins are then refused); removing none is no error. */
    async remove(clientId: number): Promise<void> {
      await db.deleteFrom('client_oidc').where('client_id', '=', clientId).execute();
    },
  };
}
