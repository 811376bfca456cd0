import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLIENT_IMAGE_FIELDS,
  clientProfile,
  clientProfileListQuery,
  clientProfilePage,
  clientProfileUpdatePayload,
} from '../../src/lib/contract/client-profile';
import { idParams } from '../../src/lib/contract/request';
import { clientProfileService, toClientProfile } from '../accounts/client-profile-service';
import type { ServerContext } from '../context';
import { checkIfMatch, withEtag } from '../http/etag';
import { fileChangesOf, readFormBody } from '../http/form-body';
import { mediaUrlsOf } from '../http/media-urls';
import { pageRequestOf, paginateWith } from '../http/pagination';
import { protect } from '../http/protect';
import { clientIdOf } from '../http/tenant';

// The Client settings calls of the API: GET /api/v1/profiles/client/ (a one-item list, the caller's client) and
// PATCH /api/v1/profiles/client/{client}/, multipart with the images (or JSON). The rules live in
// accounts/client-profile-service.ts.

export const clientProfileRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, ctx) => {
  protect(app, ctx);
  const profiles = clientProfileService(ctx);

  app.get(
    '/api/v1/profiles/client/',
    { schema: { querystring: clientProfileListQuery, response: { 200: clientProfilePage } } },
    async (request) =>
      paginateWith(pageRequestOf(request), {
        count: async () => 1,
        rows: async () => [toClientProfile(mediaUrlsOf(request), await profiles.get(clientIdOf(request)))],
      }),
  );

  app.get('/api/v1/profiles/client/:id/', { schema: { params: idParams, response: { 200: clientProfile } } }, async (request, reply) => {
    const row = await profiles.get(clientIdOf(request), request.params.id);
    return withEtag(reply, row.version, toClientProfile(mediaUrlsOf(request), row));
  });

  app.patch(
    '/api/v1/profiles/client/:id/',
    { preValidation: readFormBody, schema: { params: idParams, body: clientProfileUpdatePayload, response: { 200: clientProfile } } },
    async (request, reply) => {
      const clientId = clientIdOf(request);
      const media = mediaUrlsOf(request);
      const current = await profiles.get(clientId, request.params.id);
      checkIfMatch(request, current.version, toClientProfile(media, current));
      const row = await profiles.update(clientId, current, request.body, fileChangesOf(request, CLIENT_IMAGE_FIELDS));
      return withEtag(reply, row.version, toClientProfile(media, row));
    },
  );
};
