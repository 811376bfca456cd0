import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { poll, pollCreatePayload, pollListQuery, pollPage, pollUpdatePayload } from '../../src/lib/contract/poll';
import { idParams } from '../../src/lib/contract/request';
import type { ServerContext } from '../context';
import { noContent } from '../http/contract';
import { checkIfMatch, withEtag } from '../http/etag';
import { fileChangesOf, readFormBody } from '../http/form-body';
import { mediaUrlsOf } from '../http/media-urls';
import { pageRequestOf } from '../http/pagination';
import { protect } from '../http/protect';
import { clientIdOf } from '../http/tenant';
import { POLL_FILES, checkPollsEnabled, pollService } from '../polls/poll-service';

// The Poll calls of the API: /api/v1/poll-list/, JSON or multipart (with the QR image). Answers 403 while the client's
// poll_enabled is off. The rules live in polls/poll-service.ts.

export const pollRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, ctx) => {
  protect(app, ctx);
  app.addHook('onRequest', async (request) => checkPollsEnabled(ctx.db, clientIdOf(request)));
  const polls = pollService(ctx);

  app.get('/api/v1/poll-list/', { schema: { querystring: pollListQuery, response: { 200: pollPage } } }, async (request) =>
    polls.list(clientIdOf(request), request.query, pageRequestOf(request), mediaUrlsOf(request)),
  );

  app.get('/api/v1/poll-list/:id/', { schema: { params: idParams, response: { 200: poll } } }, async (request, reply) => {
    const row = await polls.get(clientIdOf(request), request.params.id);
    return withEtag(reply, row.version, await polls.present(mediaUrlsOf(request), row));
  });

  app.post(
    '/api/v1/poll-list/',
    { preValidation: readFormBody, schema: { body: pollCreatePayload, response: { 201: poll } } },
    async (request, reply) => {
      const row = await polls.create(clientIdOf(request), request.body, fileChangesOf(request, POLL_FILES));
      return reply.code(201).send(withEtag(reply, row.version, await polls.present(mediaUrlsOf(request), row)));
    },
  );

  app.patch(
    '/api/v1/poll-list/:id/',
    { preValidation: readFormBody, schema: { params: idParams, body: pollUpdatePayload, response: { 200: poll } } },
    async (request, reply) => {
      const clientId = clientIdOf(request);
      const media = mediaUrlsOf(request);
      const current = await polls.get(clientId, request.params.id);
      checkIfMatch(request, current.version, await polls.present(media, current));
      const row = await polls.update(clientId, current, request.body, fileChangesOf(request, POLL_FILES));
      // Opening or closing the poll for voting (or any edit) reaches the phones and the stage live.
      ctx.playLive?.pollChanged(row.id);
      return withEtag(reply, row.version, await polls.present(media, row));
    },
  );

  app.delete('/api/v1/poll-list/:id/', { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = await polls.get(clientId, request.params.id);
    checkIfMatch(request, current.version, await polls.present(mediaUrlsOf(request), current));
    await polls.remove(clientId, current);
    return reply.code(204).send();
  });
};
