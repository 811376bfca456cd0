import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PARTICIPANTS_CSV_HEADER,
  attemptListQuery,
  attemptPage,
  bulkDeleteAttemptsPayload,
  participantsExportQuery,
} from '../../src/lib/contract/attempt';
import { idParams } from '../../src/lib/contract/request';
import { attemptService } from '../attempts/attempt-service';
import type { ServerContext } from '../context';
import { noContent } from '../http/contract';
import { sendCsv } from '../http/csv';
import { checkIfMatch } from '../http/etag';
import { pageRequestOf } from '../http/pagination';
import { protect } from '../http/protect';
import { clientIdOf } from '../http/tenant';

// The Attempts calls of the API: the Quiz Report list, bulk and single delete, and the participants CSV export. The
// rules live in attempts/attempt-service.ts.

/** The export answers CSV text (streamed), not JSON. */
const participantsCsv = z.string().describe('text/csv');

export const attemptRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, ctx) => {
  protect(app, ctx);
  const attempts = attemptService(ctx);

  app.get('/api/v1/attempts/', { schema: { querystring: attemptListQuery, response: { 200: attemptPage } } }, async (request) =>
    attempts.list(clientIdOf(request), request.query, pageRequestOf(request)),
  );

  app.delete('/api/v1/attempts/:id/', { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = await attempts.get(clientId, request.params.id);
    checkIfMatch(request, current.version, { id: current.id });
    await attempts.remove(clientId, current.id);
    return reply.code(204).send();
  });

  app.post(
    '/api/v1/bulk-delete-attempts/',
    { schema: { body: bulkDeleteAttemptsPayload, response: { 204: noContent } } },
    async (request, reply) => {
      await attempts.removeMany(clientIdOf(request), request.body.attempts);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/v1/export-quiz-participants/',
    { schema: { querystring: participantsExportQuery, response: { 200: participantsCsv } } },
    async (request, reply) =>
      sendCsv(
        reply,
        'report.csv',
        PARTICIPANTS_CSV_HEADER,
        await attempts.participantsCsv(clientIdOf(request), { quiz: request.query.quiz, search: request.query.search }, request.query.tz),
      ),
  );
};
