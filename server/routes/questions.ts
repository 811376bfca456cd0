import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  QUESTION_FILES,
  bulkDeleteQuestionsPayload,
  bulkDeleteQuestionsResponse,
  questionCreatePayload,
  questionDetail,
  questionListQuery,
  questionPage,
  questionUpdatePayload,
} from '../../src/lib/contract/question';
import { idParams } from '../../src/lib/contract/request';
import type { ServerContext } from '../context';
import { noContent } from '../http/contract';
import { checkIfMatch, withEtag } from '../http/etag';
import { fileChangesOf, readFormBody } from '../http/form-body';
import { mediaUrlsOf } from '../http/media-urls';
import { pageRequestOf } from '../http/pagination';
import { protect } from '../http/protect';
import { clientIdOf } from '../http/tenant';
import { toQuestionDetail } from '../questions/question-read';
import { questionService } from '../questions/question-service';
import { quizService } from '../quizzes/quiz-service';

// The Question calls of the API: /api/v1/questions/ and bulk-delete-questions/. Writes come as JSON or multipart (with
// the image). The rules live in questions/question-service.ts.

export const questionRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, ctx) => {
  protect(app, ctx);
  // Deleting questions changes the quizzes that held them.
  const questions = questionService({ ...ctx, announceQuizzes: quizService(ctx).announceQuizzes });

  app.get('/api/v1/questions/', { schema: { querystring: questionListQuery, response: { 200: questionPage } } }, async (request) =>
    questions.list(clientIdOf(request), request.query, pageRequestOf(request), mediaUrlsOf(request)),
  );

  app.get('/api/v1/questions/:id/', { schema: { params: idParams, response: { 200: questionDetail } } }, async (request, reply) => {
    const row = await questions.get(clientIdOf(request), request.params.id);
    return withEtag(reply, row.version, toQuestionDetail(mediaUrlsOf(request), row));
  });

  app.post(
    '/api/v1/questions/',
    { preValidation: readFormBody, schema: { body: questionCreatePayload, response: { 201: questionDetail } } },
    async (request, reply) => {
      const row = await questions.create(clientIdOf(request), request.body, fileChangesOf(request, QUESTION_FILES));
      return reply.code(201).send(withEtag(reply, row.version, toQuestionDetail(mediaUrlsOf(request), row)));
    },
  );

  app.patch(
    '/api/v1/questions/:id/',
    { preValidation: readFormBody, schema: { params: idParams, body: questionUpdatePayload, response: { 200: questionDetail } } },
    async (request, reply) => {
      const clientId = clientIdOf(request);
      const media = mediaUrlsOf(request);
      const current = await questions.get(clientId, request.params.id);
      checkIfMatch(request, current.version, toQuestionDetail(media, current));
      const row = await questions.update(clientId, current, request.body, fileChangesOf(request, QUESTION_FILES));
      return withEtag(reply, row.version, toQuestionDetail(media, row));
    },
  );

  app.delete('/api/v1/questions/:id/', { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = await questions.get(clientId, request.params.id);
    checkIfMatch(request, current.version, toQuestionDetail(mediaUrlsOf(request), current));
    await questions.remove(clientId, current);
    return reply.code(204).send();
  });

  app.post(
    '/api/v1/bulk-delete-questions/',
    { preValidation: readFormBody, schema: { body: bulkDeleteQuestionsPayload, response: { 200: bulkDeleteQuestionsResponse } } },
    async (request) => ({ deleted: await questions.removeMany(clientIdOf(request), request.body.questions) }),
  );
};
