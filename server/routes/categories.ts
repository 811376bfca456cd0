import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { category, categoryListQuery, categoryPage, categoryPatchPayload, categoryPayload } from '../../src/lib/contract/category';
import { idParams } from '../../src/lib/contract/request';
import { categoryService, toCategory } from '../categories/category-service';
import type { ServerContext } from '../context';
import { noContent } from '../http/contract';
import { checkIfMatch, withEtag } from '../http/etag';
import { pageRequestOf } from '../http/pagination';
import { protect } from '../http/protect';
import { clientIdOf } from '../http/tenant';

// The Category calls of the API: /api/v1/category/. The rules live in categories/category-service.ts.

export const categoryRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, ctx) => {
  protect(app, ctx);
  const categories = categoryService(ctx);

  app.get('/api/v1/category/', { schema: { querystring: categoryListQuery, response: { 200: categoryPage } } }, async (request) =>
    categories.list(clientIdOf(request), request.query, pageRequestOf(request)),
  );

  app.get('/api/v1/category/:id/', { schema: { params: idParams, response: { 200: category } } }, async (request, reply) => {
    const row = await categories.get(clientIdOf(request), request.params.id);
    return withEtag(reply, row.version, toCategory(row));
  });

  app.post('/api/v1/category/', { schema: { body: categoryPayload, response: { 201: category } } }, async (request, reply) => {
    const row = await categories.create(clientIdOf(request), request.body);
    return reply.code(201).send(withEtag(reply, row.version, toCategory(row)));
  });

  app.patch(
    '/api/v1/category/:id/',
    { schema: { params: idParams, body: categoryPatchPayload, response: { 200: category } } },
    async (request, reply) => {
      const clientId = clientIdOf(request);
      const current = await categories.get(clientId, request.params.id);
      checkIfMatch(request, current.version, toCategory(current));
      const row = await categories.update(clientId, current, request.body);
      return withEtag(reply, row.version, toCategory(row));
    },
  );

  app.delete('/api/v1/category/:id/', { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = await categories.get(clientId, request.params.id);
    checkIfMatch(request, current.version, toCategory(current));
    await categories.remove(clientId, current);
    return reply.code(204).send();
  });
};
