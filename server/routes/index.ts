import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../context';
import { accountRoutes } from './accounts';
import { categoryRoutes } from './categories';
import { questionRoutes } from './questions';
import { attemptRoutes } from './attempts';
import { clientOidcRoutes } from './client-oidc';
import { clientProfileRoutes } from './client-profile';
import { pollChoiceRoutes } from './poll-choices';
import { pollRoutes } from './polls';
import { viewerRoutes } from './viewers';
import { quizRoutes } from './quizzes';

/**
 * Every resource of the API, one plugin per file. A new resource adds its plugin here; each plugin
 * calls protect(app, ctx) first (see http/protect.ts) and registers its full paths (/api/v1/...), each
 * with its schemas from the contract (http/contract.ts).
 */
export const resourceRoutes: FastifyPluginAsyncZod<ServerContext>[] = [
  accountRoutes,
  categoryRoutes,
  questionRoutes,
  pollRoutes,
  pollChoiceRoutes,
  attemptRoutes,
  viewerRoutes,
  clientProfileRoutes,
  clientOidcRoutes,
  quizRoutes,
];
