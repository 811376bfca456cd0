import type { FastifyPluginAsync } from 'fastify';
import type { LiveClientConfig } from './live-channel';

// GET /api/v1/live-config/: where the portal's Firebase client connects. Served at run time (not baked
// into the build) so one build works against the local server and any real project. Public: it holds
// nothing secret (a Firebase web config is public by design; the rules keep the data read-only).

export const liveConfigRoutes: FastifyPluginAsync<{ clientConfig: LiveClientConfig }> = async (app, options) => {
  app.get('/api/v1/live-config/', async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return options.clientConfig;
  });
};
