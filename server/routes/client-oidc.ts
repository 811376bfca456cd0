import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOidc, clientOidcPayload, clientOidcQuery } from '../../src/lib/contract/client-oidc';
import { clientOidcService, toClientOidc } from '../accounts/client-oidc-service';
import type { ServerContext } from '../context';
import { noContent } from '../http/contract';
import { absoluteUrl } from '../http/public-url';
import { OIDC_CALLBACK_PATH } from '../play/oidc';
import { protect } from '../http/protect';
import { clientIdOf } from '../http/tenant';

// The client's OpenID Connect provider for participants' social sign-in: GET, PUT and DELETE
// /api/v1/client-oidc/, admin only (protect: a participant's token is not a Token) and always the caller's own
// client. The rules live in accounts/client-oidc-service.ts.

export const clientOidcRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, ctx) => {
  protect(app, ctx);
  const providers = clientOidcService({ ...ctx, allowPrivateNetwork: ctx.config.oidcAllowPrivateNetwork });

  app.get('/api/v1/client-oidc/', { schema: { querystring: clientOidcQuery, response: { 200: clientOidc } } }, async (request) =>
    toClientOidc(await providers.get(clientIdOf(request)), absoluteUrl(request, OIDC_CALLBACK_PATH)),
  );

  app.put('/api/v1/client-oidc/', { schema: { body: clientOidcPayload, response: { 200: clientOidc } } }, async (request) =>
    toClientOidc(await providers.put(clientIdOf(request), request.body), absoluteUrl(request, OIDC_CALLBACK_PATH)),
  );

  app.delete('/api/v1/client-oidc/', { schema: { response: { 204: noContent } } }, async (request, reply) => {
    await providers.remove(clientIdOf(request));
    return reply.code(204).send();
  });
};
