import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import {
  CLIENT_IMAGE_FIELDS,
  clientProfileUpdatePayload,
  type ClientImageField,
  type ClientProfile,
} from '../../src/lib/contract/client-profile';
import type { ServerContext } from '../context';
import { toBool, touched } from '../db/rows';
import type { ClientTable } from '../db/schema';
import { notFound, parseBody } from '../http/errors';
import { checkIfMatch, withEtag } from '../http/etag';
import { asksToClear } from '../http/file-clear';
import { paginateWith } from '../http/pagination';
import { protect } from '../http/protect';
import { clientIdOf, found, parseId } from '../http/tenant';
import { mediaUrl, readForm, requireImage } from '../http/uploads';

// Spec §7 Client settings: GET /api/v1/profiles/client/ (a one-item list, the caller's client) and
// PATCH /api/v1/profiles/client/{client}/ as multipart. poll_enabled and social_auth_feature are read-only.

function toClientProfile(request: FastifyRequest, row: Selectable<ClientTable>): ClientProfile {
  const logo = mediaUrl(request, row.business_logo);
  const background = mediaUrl(request, row.background_image);
  const mascot = mediaUrl(request, row.mascot_logo);
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

export const clientProfileRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { db, clock, uploads } = ctx;
  protect(app, ctx);

  const load = (clientId: number) => db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();

  app.get('/api/v1/profiles/client/', async (request) =>
    paginateWith(request, {
      count: async () => 1,
      rows: async () => [toClientProfile(request, found(await load(clientIdOf(request))))],
    }),
  );

  app.get<{ Params: { id: string } }>('/api/v1/profiles/client/:id/', async (request, reply) => {
    const clientId = clientIdOf(request);
    if (parseId(request.params.id) !== clientId) throw notFound();
    const row = found(await load(clientId));
    return withEtag(reply, row.version, toClientProfile(request, row));
  });

  app.patch<{ Params: { id: string } }>('/api/v1/profiles/client/:id/', async (request, reply) => {
    const clientId = clientIdOf(request);
    // Another client's id does not exist for the caller.
    if (parseId(request.params.id) !== clientId) throw notFound();
    const current = found(await load(clientId));
    checkIfMatch(request, current.version, toClientProfile(request, current));
    const form = await readForm(request);
    const payload = parseBody(clientProfileUpdatePayload, form.fields);
    // Every image is judged before any is stored; a string in an image field leaves that image as it is.
    const files = CLIENT_IMAGE_FIELDS.flatMap((field) => (form.files[field] ? [{ field, file: form.files[field] }] : []));
    for (const { file } of files) await requireImage(file);
    // `<field>_clear=true` (or an empty field, or a JSON null) removes an image; a new file in the same write wins.
    const jsonBody = request.isMultipart() ? undefined : request.body;
    const cleared = Object.fromEntries(
      CLIENT_IMAGE_FIELDS.filter((field) => !form.files[field] && asksToClear(form.fields, field, jsonBody)).map((field) => [field, null]),
    );
    const stored: Partial<Record<ClientImageField, string>> = {};
    let row: Selectable<ClientTable>;
    try {
      for (const { field, file } of files) stored[field] = await uploads.saveImage(file);
      row = await db
        .updateTable('clients')
        .set({ ...payload, ...cleared, ...stored, ...touched(clock) })
        .where('id', '=', clientId)
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      for (const name of Object.values(stored)) await uploads.remove(name);
      throw error;
    }
    // The replaced or removed images are no longer referenced by anything.
    for (const field of CLIENT_IMAGE_FIELDS) {
      const previous = current[field];
      if (previous && previous !== row[field]) await uploads.remove(previous);
    }
    return withEtag(reply, row.version, toClientProfile(request, row));
  });
};
