import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmailTakenError, createClientWithAdmin } from '../accounts/clients';
import type { ServerContext } from '../context';
import { created } from '../db/rows';
import { fieldErrors } from '../http/errors';

// Registered only with E2E_TEST_HOOKS=1: lets each end-to-end test create its own tenant, so tests
// running in parallel never see each other's data. Nothing else lives here.

const newTenant = z.object({
  name: z.string().min(1),
  email: z.string().email(),
  password: z.string().min(1),
  poll_enabled: z.boolean().optional(),
  social_auth_feature: z.boolean().optional(),
});

// Attempts come only from the viewer app, which is not part of this project: a test that resets a quiz's
// attempts seeds them here (one viewer, `count` attempts of the quiz, in the quiz's client).
const newAttempts = z.object({ quiz: z.number().int().positive(), count: z.number().int().min(1).max(100) });

const newTenantAnswer = z.object({ client_id: z.number(), user_id: z.number() });
const newAttemptsAnswer = z.object({ attempts: z.number() });

export const testHookRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, ctx) => {
  app.post('/api/__test__/clients', { schema: { body: newTenant, response: { 201: newTenantAnswer } } }, async (request, reply) => {
    const input = request.body;
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

  app.post('/api/__test__/attempts', { schema: { body: newAttempts, response: { 201: newAttemptsAnswer } } }, async (request, reply) => {
    const input = request.body;
    const quiz = await ctx.db
      .selectFrom('quizzes')
      .select(['id', 'client_id', 'start_date_time'])
      .where('id', '=', input.quiz)
      .executeTakeFirst();
    if (!quiz) throw fieldErrors({ quiz: ['No such quiz.'] });
    const viewer = await ctx.db
      .insertInto('viewers')
      .values({ username: `viewer-${quiz.id}-${Date.now()}`, ...created(ctx.clock, quiz.client_id) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attempts = Array.from({ length: input.count }, (_, index) => ({
      viewer_id: viewer.id,
      quiz_id: quiz.id,
      score: index,
      time_taken: 30,
      rank: null,
      status: 'COMPLETED',
      start_date_time: quiz.start_date_time,
      ...created(ctx.clock, quiz.client_id),
    }));
    await ctx.db.insertInto('attempts').values(attempts).execute();
    return reply.code(201).send({ attempts: input.count });
  });
};
