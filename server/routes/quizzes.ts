import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidPkMessage } from '../../src/lib/contract/question';
import { quizDetail, quizListQuery, quizPage, quizPatchPayload, quizPayload, resetAttemptsPayload } from '../../src/lib/contract/quiz';
import { idParams } from '../../src/lib/contract/request';
import type { ServerContext } from '../context';
import { toCount } from '../db/rows';
import { noContent } from '../http/contract';
import { fieldErrors } from '../http/errors';
import { checkIfMatch, withEtag } from '../http/etag';
import { fileChangesOf, readFormBody } from '../http/form-body';
import { mediaUrlsOf } from '../http/media-urls';
import { pageRequestOf } from '../http/pagination';
import { protect } from '../http/protect';
import { clientIdOf } from '../http/tenant';
import { getQuiz, listQuizzes, loadQuiz, quizDetail as quizDetailOf, type QuizRow } from '../quizzes/quiz-read';
import { liveMoveOf, quizCommands } from '../quizzes/quiz-commands';
import { QUIZ_FILES, quizService } from '../quizzes/quiz-service';

// The Quiz calls of the API. GET portal-quiz/ (List Quiz rows) and GET quiz/ answer the same paged rows; a single quiz
// and every write answer QuizDetail with its ETag. Writes come as JSON or multipart (with the image and the
// sponsor logo; a file field sent as text, the current URL, leaves it unchanged). The rules live in
// quizzes/quiz-service.ts, the moves of a live quiz in quizzes/quiz-commands.ts.

export const quizRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, ctx) => {
  const { db } = ctx;
  protect(app, ctx);
  const quizzes = quizService(ctx);
  const live = quizCommands(quizzes);

  async function sendQuiz(request: FastifyRequest, reply: FastifyReply, row: QuizRow) {
    return withEtag(reply, toCount(row.version), await quizDetailOf(db, mediaUrlsOf(request), row));
  }

  /** The quiz, once If-Match allows the write (412 with the current quiz otherwise). */
  async function matching(request: FastifyRequest, row: QuizRow): Promise<QuizRow> {
    checkIfMatch(request, toCount(row.version), await quizDetailOf(db, mediaUrlsOf(request), row));
    return row;
  }

  for (const url of ['/api/v1/portal-quiz/', '/api/v1/quiz/']) {
    app.get(url, { schema: { querystring: quizListQuery, response: { 200: quizPage } } }, async (request) =>
      listQuizzes(db, clientIdOf(request), request.query, pageRequestOf(request), mediaUrlsOf(request)),
    );
  }

  app.get('/api/v1/quiz/:id/', { schema: { params: idParams, response: { 200: quizDetail } } }, async (request, reply) =>
    sendQuiz(request, reply, await getQuiz(db, clientIdOf(request), request.params.id)),
  );

  app.post(
    '/api/v1/quiz/',
    { preValidation: readFormBody, schema: { body: quizPayload, response: { 201: quizDetail } } },
    async (request, reply) => {
      const row = await quizzes.create(clientIdOf(request), request.body, fileChangesOf(request, QUIZ_FILES));
      return reply.code(201).send(await sendQuiz(request, reply, row));
    },
  );

  app.patch(
    '/api/v1/quiz/:id/',
    { preValidation: readFormBody, schema: { params: idParams, body: quizPatchPayload, response: { 200: quizDetail } } },
    async (request, reply) => {
      const clientId = clientIdOf(request);
      const current = await matching(request, await getQuiz(db, clientId, request.params.id));
      const changes = fileChangesOf(request, QUIZ_FILES);
      // The live controls' Next, Previous and status buttons are moves of their own (quizzes/quiz-commands.ts).
      const move = liveMoveOf(request.body, changes);
      const row = move ? await live.move(clientId, current, move) : await quizzes.update(clientId, current, request.body, changes);
      return sendQuiz(request, reply, row);
    },
  );

  app.delete('/api/v1/quiz/:id/', { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    const clientId = clientIdOf(request);
    await quizzes.remove(clientId, await matching(request, await getQuiz(db, clientId, request.params.id)));
    return reply.code(204).send();
  });

  app.put(
    '/api/v1/quiz-reset-attempts/',
    { preValidation: readFormBody, schema: { body: resetAttemptsPayload, response: { 200: quizDetail } } },
    async (request, reply) => {
      const clientId = clientIdOf(request);
      const { quiz: id } = request.body;
      const current = await loadQuiz(db, clientId, id);
      if (!current) throw fieldErrors({ quiz: [invalidPkMessage(id)] });
      const row = await live.resetAttempts(clientId, await matching(request, current));
      return sendQuiz(request, reply, row);
    },
  );
};
