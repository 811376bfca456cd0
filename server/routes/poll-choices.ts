import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { pollChoiceCreatePayload, pollChoiceUpdatePayload } from '../../src/lib/contract/poll';
import type { ServerContext } from '../context';
import { created, touched } from '../db/rows';
import { changedSince, recordDeletions, updatedAfterOf, withDeletions } from '../http/changes';
import { fieldErrors, parseBody } from '../http/errors';
import { checkIfMatch, withEtag } from '../http/etag';
import { paginate, queryParam } from '../http/pagination';
import { protect } from '../http/protect';
import { clientIdOf, found, ownedBy, parseId } from '../http/tenant';
import { requirePollsEnabled, toPollChoice } from './polls';

// Spec §7 Poll: /api/v1/poll-choices/ with a JSON body {name, votes, question}; `question` is the poll's id.

export const pollChoiceRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { db, clock } = ctx;
  protect(app, ctx);
  requirePollsEnabled(app, db);

  const load = (clientId: number, id: number) =>
    db.selectFrom('poll_choices').selectAll().$call(ownedBy('poll_choices', clientId)).where('id', '=', id).executeTakeFirst();

  /** The poll a choice names must be one of the caller's (another client's poll does not exist for them). */
  const checkPoll = async (clientId: number, pollId: number) => {
    const poll = await db.selectFrom('polls').select('id').$call(ownedBy('polls', clientId)).where('id', '=', pollId).executeTakeFirst();
    if (!poll) throw fieldErrors({ question: [`Invalid pk "${pollId}" - object does not exist.`] });
  };

  /** `?question=<poll id>`; a malformed id is a 400 as django-filter answers it. */
  const pollFilterOf = (request: FastifyRequest): number | undefined => {
    const raw = queryParam(request, 'question');
    if (raw === undefined || raw === '') return undefined;
    if (!/^[0-9]{1,15}$/.test(raw))
      throw fieldErrors({ question: ['Select a valid choice. That choice is not one of the available choices.'] });
    return Number(raw);
  };

  app.get('/api/v1/poll-choices/', async (request) => {
    const clientId = clientIdOf(request);
    const pollId = pollFilterOf(request);
    let query = db
      .selectFrom('poll_choices')
      .selectAll()
      .$call(ownedBy('poll_choices', clientId))
      .$call(changedSince('poll_choices', updatedAfterOf(request)))
      .orderBy('id');
    if (pollId !== undefined) query = query.where('poll_id', '=', pollId);
    return withDeletions(db, request, clientId, 'poll_choices', await paginate(request, query, toPollChoice));
  });

  app.get<{ Params: { id: string } }>('/api/v1/poll-choices/:id/', async (request, reply) => {
    const row = found(await load(clientIdOf(request), parseId(request.params.id)));
    return withEtag(reply, row.version, toPollChoice(row));
  });

  app.post('/api/v1/poll-choices/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const payload = parseBody(pollChoiceCreatePayload, request.body);
    await checkPoll(clientId, payload.question);
    const row = await db
      .insertInto('poll_choices')
      .values({ name: payload.name, votes: payload.votes ?? 0, poll_id: payload.question, ...created(clock, clientId) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return reply.code(201).send(withEtag(reply, row.version, toPollChoice(row)));
  });

  app.patch<{ Params: { id: string } }>('/api/v1/poll-choices/:id/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = found(await load(clientId, parseId(request.params.id)));
    checkIfMatch(request, current.version, toPollChoice(current));
    const payload = parseBody(pollChoiceUpdatePayload, request.body);
    if (payload.question !== undefined) await checkPoll(clientId, payload.question);
    const row = await db
      .updateTable('poll_choices')
      .set({ name: payload.name, votes: payload.votes, poll_id: payload.question, ...touched(clock) })
      .where('id', '=', current.id)
      .where('client_id', '=', clientId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return withEtag(reply, row.version, toPollChoice(row));
  });

  app.delete<{ Params: { id: string } }>('/api/v1/poll-choices/:id/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = found(await load(clientId, parseId(request.params.id)));
    checkIfMatch(request, current.version, toPollChoice(current));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('poll_choices').where('id', '=', current.id).where('client_id', '=', clientId).execute();
      await recordDeletions(trx, clock, clientId, 'poll_choices', [current.id]);
    });
    return reply.code(204).send();
  });
};
