import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pollChoice,
  pollChoiceCreatePayload,
  pollChoiceListQuery,
  pollChoicePage,
  pollChoiceUpdatePayload,
} from '../../src/lib/contract/poll';
import { idParams } from '../../src/lib/contract/request';
import type { ServerContext } from '../context';
import { noContent } from '../http/contract';
import { checkIfMatch, withEtag } from '../http/etag';
import { pageRequestOf } from '../http/pagination';
import { protect } from '../http/protect';
import { clientIdOf } from '../http/tenant';
import { pollChoiceService } from '../polls/poll-choice-service';
import { checkPollsEnabled, toPollChoice } from '../polls/poll-service';

// The Poll calls of the API: /api/v1/poll-choices/ with a JSON body {name, votes, question}; `question` is the poll's id.
// Answers 403 while the client's poll_enabled is off. The rules live in polls/poll-choice-service.ts.

export const pollChoiceRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, ctx) => {
  protect(app, ctx);
  app.addHook('onRequest', async (request) => checkPollsEnabled(ctx.db, clientIdOf(request)));
  const choices = pollChoiceService(ctx);

  app.get('/api/v1/poll-choices/', { schema: { querystring: pollChoiceListQuery, response: { 200: pollChoicePage } } }, async (request) =>
    choices.list(clientIdOf(request), request.query, pageRequestOf(request)),
  );

  app.get('/api/v1/poll-choices/:id/', { schema: { params: idParams, response: { 200: pollChoice } } }, async (request, reply) => {
    const row = await choices.get(clientIdOf(request), request.params.id);
    return withEtag(reply, row.version, toPollChoice(row));
  });

  app.post(
    '/api/v1/poll-choices/',
    { schema: { body: pollChoiceCreatePayload, response: { 201: pollChoice } } },
    async (request, reply) => {
      const row = await choices.create(clientIdOf(request), request.body);
      return reply.code(201).send(withEtag(reply, row.version, toPollChoice(row)));
    },
  );

  app.patch(
    '/api/v1/poll-choices/:id/',
    { schema: { params: idParams, body: pollChoiceUpdatePayload, response: { 200: pollChoice } } },
    async (request, reply) => {
      const clientId = clientIdOf(request);
      const current = await choices.get(clientId, request.params.id);
      checkIfMatch(request, current.version, toPollChoice(current));
      const row = await choices.update(clientId, current, request.body);
      return withEtag(reply, row.version, toPollChoice(row));
    },
  );

  app.delete('/api/v1/poll-choices/:id/', { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = await choices.get(clientId, request.params.id);
    checkIfMatch(request, current.version, toPollChoice(current));
    await choices.remove(clientId, current);
    return reply.code(204).send();
  });
};
