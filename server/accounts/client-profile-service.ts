import type { Selectable } from 'kysely';
import { CLIENT_IMAGE_FIELDS, type ClientProfile, type ClientProfileUpdatePayload } from '../../src/lib/contract/client-profile';
import type { ServerContext } from '../context';
import { toBool, touched } from '../db/rows';
import type { ClientTable } from '../db/schema';
import { notFound } from '../http/errors';
import type { FileChanges } from '../http/form-body';
import type { MediaUrls } from '../http/media-urls';
import { removeReplaced, withStoredFiles } from '../http/stored-files';
import { found } from '../http/tenant';

// The client's business settings (the Client settings calls of the API). poll_enabled and social_auth_feature are the
// operator's, read-only here; the three images are files of the write.

export type ClientRow = Selectable<ClientTable>;

export function toClientProfile(media: MediaUrls, row: ClientRow): ClientProfile {
  const logo = media(row.business_logo);
  const background = media(row.background_image);
  const mascot = media(row.mascot_logo);
  return {
    id: row.id,
    business_name: row.business_name,
    description: row.description,
    business_logo: logo,
    business_logo_url: logo,
    background_image: background,
    background_image_url: background,
    mascot_logo: mascot,
    mascot_logo_url: mascot,
    recent_participant_time: Number(row.recent_participant_time),
    viewer_app_url: row.viewer_app_url,
    poll_enabled: toBool(row.poll_enabled),
    social_auth_feature: toBool(row.social_auth_feature),
    updated_at: row.updated_at,
    version: row.version,
  };
}

export function clientProfileService({ db, clock, uploads }: Pick<ServerContext, 'db' | 'clock' | 'uploads'>) {
  return {
    /** The caller's own client: another client's id does not exist for them (404). */
    async get(clientId: number, id = clientId): Promise<ClientRow> {
      if (id !== clientId) throw notFound();
      return found(await db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst());
    },

    async update(
      clientId: number,
      current: ClientRow,
      payload: ClientProfileUpdatePayload,
      { files, clears }: FileChanges<(typeof CLIENT_IMAGE_FIELDS)[number]>,
    ): Promise<ClientRow> {
      const cleared = Object.fromEntries(CLIENT_IMAGE_FIELDS.filter((field) => clears[field]).map((field) => [field, null]));
      const row = await withStoredFiles(uploads, files, (stored) =>
        db
          .updateTable('clients')
          .set({ ...payload, ...cleared, ...stored, ...touched(clock) })
          .where('id', '=', clientId)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      await removeReplaced(uploads, CLIENT_IMAGE_FIELDS, current, row);
      return row;
    },
  };
}
