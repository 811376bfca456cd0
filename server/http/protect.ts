import type { FastifyInstance } from 'fastify';
import { authenticate, type AuthDeps } from './auth';
import { idempotencyHooks } from './idempotency';

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
  // preValidation, not onRequest: a body that fails to parse (400) should not claim the key. Before the
  // contract's validation, so a write refused as invalid (400) is answered the same way when sent again.
  app.addHook('preValidation', idempotency.claim);
  // After the route's own preValidation (readFormBody) and validation: a form's body is known by then.
  app.addHook('preHandler', idempotency.checkForm);
  app.addHook('onSend', idempotency.store);
}
