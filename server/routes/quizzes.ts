import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { invalidPkMessage } from '../../src/lib/contract/question';
import { resetAttemptsPayload } from '../../src/lib/contract/quiz';
import type { ServerContext } from '../context';
import { toCount } from '../db/rows';
import { changedSince, updatedAfterOf, withDeletions } from '../http/changes';
import { checkIfMatch, withEtag } from '../http/etag';
import { fieldErrors, parseBody } from '../http/errors';
import { paginate } from '../http/pagination';
import { protect } from '../http/protect';
import { withSearch } from '../http/search';
import { clientIdOf, found, ownedBy, parseId } from '../http/tenant';
import { asksToClear } from '../http/file-clear';
import { readForm } from '../http/uploads';
import { loadQuiz, quizDetail, quizSummaries, type QuizRow } from '../quizzes/quiz-read';
import { quizService, type QuizWrite } from '../quizzes/quiz-service';

// Spec §7 Quiz. GET portal-quiz/ (List Quiz rows) and GET quiz/ answer the same paged rows (QuizSummary,
// newest quiz first; with `?updated_after=` oldest change first plus `deleted`); a single quiz and every
// write answer QuizDetail with its ETag. The rules live in quizzes/quiz-service.ts.

const SEARCHED = ['quizzes.name', 'quizzes.description', 'quizzes.join_code', 'quizzes.quiz_hash', 'quizzes.sponsor_name'];
const FILE_FIELDS = ['image', 'sponsor_logo'] as const;

/**
 * The write as JSON or multipart; a file field sent as text (the current URL) means "unchanged", while
 * `<field>_clear=true`, an empty field or a JSON null removes the file (server/http/file-clear.ts).
 */
async function quizWriteOf(request: FastifyRequest): Promise<QuizWrite> {
  let fields: Record<string, unknown>;
  let files: QuizWrite['files'] = {};
  if (request.isMultipart()) {
    const form = await readForm(request);
    fields = { ...form.fields };
    files = { image: form.files.image, sponsor_logo: form.files.sponsor_logo };
  } else {
    const body: unknown = request.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw fieldErrors({
        non_field_errors: [`Invalid data. Expected a dictionary, but got ${Array.isArray(body) ? 'list' : typeof body}.`],
      });
    }
    fields = { ...(body as Record<string, unknown>) };
  }
  const jsonBody = request.isMultipart() ? undefined : request.body;
  const clears = Object.fromEntries(FILE_FIELDS.map((name) => [name, asksToClear(fields, name, jsonBody)]));
  for (const name of FILE_FIELDS) delete fields[name];
  return { fields, files, clears };
}

export const quizRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { db } = ctx;
  protect(app, ctx);
  const quizzes = quizService(ctx);

  async function sendQuiz(request: FastifyRequest, reply: FastifyReply, row: QuizRow) {
    return withEtag(reply, toCount(row.version), await quizDetail(db, request, row));
  }

  /** The quiz of a path id, 412 when If-Match names another version. */
  async function currentQuiz(request: FastifyRequest<{ Params: { id: string } }>): Promise<QuizRow> {
    const row = found(await loadQuiz(db, clientIdOf(request), parseId(request.params.id)));
    checkIfMatch(request, toCount(row.version), await quizDetail(db, request, row));
    return row;
  }

  async function listQuizzes(request: FastifyRequest) {
    const clientId = clientIdOf(request);
    const since = updatedAfterOf(request);
    const base = db
      .selectFrom('quizzes')
      .selectAll()
      .$call(ownedBy('quizzes', clientId))
      .$call(withSearch(request, SEARCHED))
      .$call(changedSince('quizzes', since));
    const ordered = since === undefined ? base.orderBy('id', 'desc') : base.orderBy('updated_at').orderBy('id');
    const page = await paginate(request, ordered, (row) => row);
    const results = await quizSummaries(db, request, page.results);
    return withDeletions(db, request, clientId, 'quizzes', { ...page, results });
  }

  app.get('/api/v1/portal-quiz/', listQuizzes);
  app.get('/api/v1/quiz/', listQuizzes);

  app.get<{ Params: { id: string } }>('/api/v1/quiz/:id/', async (request, reply) => {
    const row = found(await loadQuiz(db, clientIdOf(request), parseId(request.params.id)));
    return sendQuiz(request, reply, row);
  });

  app.post('/api/v1/quiz/', async (request, reply) => {
    const row = await quizzes.create(clientIdOf(request), await quizWriteOf(request));
    return reply.code(201).send(await sendQuiz(request, reply, row));
  });

  app.patch<{ Params: { id: string } }>('/api/v1/quiz/:id/', async (request, reply) => {
    const current = await currentQuiz(request);
    const row = await quizzes.update(clientIdOf(request), current, await quizWriteOf(request));
    return sendQuiz(request, reply, row);
  });

  app.delete<{ Params: { id: string } }>('/api/v1/quiz/:id/', async (request, reply) => {
    const current = await currentQuiz(request);
    await quizzes.remove(clientIdOf(request), current);
    return reply.code(204).send();
  });

  app.put('/api/v1/quiz-reset-attempts/', async (request, reply) => {
    const { fields } = await quizWriteOf(request);
    const { quiz: id } = parseBody(resetAttemptsPayload, fields);
    const current = await loadQuiz(db, clientIdOf(request), id);
    if (!current) throw fieldErrors({ quiz: [invalidPkMessage(id)] });
    checkIfMatch(request, toCount(current.version), await quizDetail(db, request, current));
    const row = await quizzes.resetAttempts(clientIdOf(request), current);
    return sendQuiz(request, reply, row);
  });
};
