import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { EmailTakenError, createClientWithAdmin } from '../accounts/clients';
import type { ServerContext } from '../context';
import { fieldErrors, parseBody } from '../http/errors';

// Registered only with E2E_TEST_HOOKS=1: lets each end-to-end test create its own tenant, so tests
// running in parallel never see each other's data. Nothing else lives here.

const newTenant = z.object({
  name: z.string().min(1),
  email: z.string().email(),
  password: z.string().min(1),
  poll_enabled: z.boolean().optional(),
  social_auth_feature: z.boolean().optional(),
});

export const testHookRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  app.post('/api/__test__/clients', async (request, reply) => {
    const input = parseBody(newTenant, request.body);
    try {
      const { clientId, userId } = await createClientWithAdmin(ctx.db, ctx.clock, {
        name: input.name,
        email: input.email,
        password: input.password,
        pollEnabled: input.poll_enabled ?? false,
        socialAuth: input.social_auth_feature ?? false,
      });
      return reply.code(201).send({ client_id: clientId, user_id: userId });
    } catch (error) {
      if (error instanceof EmailTakenError) throw fieldErrors({ email: ['user with this email already exists.'] });
      throw error;
    }
  });
};
