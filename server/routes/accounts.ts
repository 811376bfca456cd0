import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUser,
  detailMessage,
  loginPayload,
  loginResponse,
  resetConfirmPayload,
  resetRequestPayload,
} from '../../src/lib/contract/accounts';
import { changePasswordPayload } from '../../src/lib/contract/password-change';
import { accountService } from '../accounts/account-service';
import type { ServerContext } from '../context';
import { authenticate, userOf } from '../http/auth';
import { mediaUrlsOf } from '../http/media-urls';

// The Auth calls of the API and docs/decisions.md "Accounts". The rules live in accounts/account-service.ts.

export const accountRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, ctx) => {
  const accounts = accountService(ctx);
  const requireUser = authenticate(ctx);

  app.post('/api/v1/accounts/login/', { schema: { body: loginPayload, response: { 200: loginResponse } } }, async (request) =>
    accounts.login(request.ip, request.body),
  );

  app.get('/api/v1/accounts/user/', { onRequest: requireUser, schema: { response: { 200: currentUser } } }, async (request) =>
    accounts.currentUser(userOf(request).id, mediaUrlsOf(request)),
  );

  app.post('/api/v1/accounts/logout/', { onRequest: requireUser, schema: { response: { 200: detailMessage } } }, async (request) => {
    const user = userOf(request);
    await accounts.logout(user.id, user.tokenHash);
    return { detail: 'Successfully logged out.' };
  });

  app.post(
    '/api/rest-auth/password/reset/',
    { schema: { body: resetRequestPayload, response: { 200: detailMessage } } },
    async (request) => {
      await accounts.requestPasswordReset(request.ip, request.body);
      return { detail: 'Password reset e-mail has been sent.' };
    },
  );

  app.post(
    '/api/rest-auth/password/change/',
    { onRequest: requireUser, schema: { body: changePasswordPayload, response: { 200: detailMessage } } },
    async (request) => {
      const user = userOf(request);
      await accounts.changePassword(user.id, user.tokenHash, request.body);
      return { detail: 'New password has been saved.' };
    },
  );

  app.post('/password/reset/', { schema: { body: resetConfirmPayload, response: { 200: detailMessage } } }, async (request) => {
    await accounts.resetPassword(request.body);
    return { detail: 'Password has been reset with the new password.' };
  });
};
