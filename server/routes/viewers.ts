import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerListQuery, viewerPage } from '../../src/lib/contract/viewer';
import type { ServerContext } from '../context';
import { pageRequestOf } from '../http/pagination';
import { protect } from '../http/protect';
import { clientIdOf } from '../http/tenant';
import { viewerService } from '../viewers/viewer-service';

// The Viewers calls of the API: GET /api/v1/profiles/viewer/, the participants of the caller's quizzes (read-only).

export const viewerRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, ctx) => {
  protect(app, ctx);
  const viewers = viewerService(ctx);

  app.get('/api/v1/profiles/viewer/', { schema: { querystring: viewerListQuery, response: { 200: viewerPage } } }, async (request) =>
    viewers.list(clientIdOf(request), request.query, pageRequestOf(request)),
  );
};
