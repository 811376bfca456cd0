import type { FastifyInstance, RouteOptions } from 'fastify';
import { authenticate, type AuthDeps } from './auth';
import { idempotencyHooks, writesWith } from './idempotency';

/** A route's own hooks of one kind as a list (Fastify takes one function or a list). */
function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Makes every route of this plugin scope require `Authorization: Token <key>` and honour
 * `Idempotency-Key`. Call it first in each resource plugin (hooks apply to the routes of that scope):
 *
 *   export const categoryRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
 *     protect(app, ctx);
 *     app.get('/api/v1/category/', ...);
 *   };
 */
export function protect(app: FastifyInstance, deps: AuthDeps): void {
  const idempotency = idempotencyHooks(deps);
  app.addHook('onRequest', authenticate(deps));
  // The Idempotency-Key hooks go on the write routes only, ahead of each route's own hooks of the same kind
  // (where scope hooks run): a read would pass through three hooks with nothing to do, and a route without
  // hooks of a kind skips that step altogether (the questions list).
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!writesWith(route.method)) return;
    // preValidation, not onRequest: a body that fails to parse (400) should not claim the key. Before the
    // contract's validation, so a write refused as invalid (400) is answered the same way when sent again.
    route.preValidation = [idempotency.claim, ...hookList(route.preValidation)];
    // After the route's own preValidation (readFormBody) and validation: a form's body is known by then.
    route.preHandler = [idempotency.checkForm, ...hookList(route.preHandler)];
    route.onSend = [idempotency.store, ...hookList(route.onSend)];
  });
}
