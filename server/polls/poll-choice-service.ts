import type { PollChoiceCreatePayload, PollChoiceUpdatePayload } from '../../src/lib/contract/poll';
import { invalidPkMessage } from '../../src/lib/contract/question';
import type { ServerContext } from '../context';
import { created, touched } from '../db/rows';
import { changedSince, recordDeletions, withDeletions } from '../http/changes';
import { fieldErrors } from '../http/errors';
import { paginate, type PageRequest } from '../http/pagination';
import { found, ownedBy } from '../http/tenant';
import { toPollChoice, type PollChoiceRow } from './poll-service';

// A poll's choices (the Poll calls of the API: /api/v1/poll-choices/); `question` is the poll's id.

export function pollChoiceService({ db, clock }: Pick<ServerContext, 'db' | 'clock'>) {
  /** The poll a choice names must be one of the caller's (another client's poll does not exist for them). */
  async function checkPoll(clientId: number, pollId: number): Promise<void> {
    const poll = await db.selectFrom('polls').select('id').$call(ownedBy('polls', clientId)).where('id', '=', pollId).executeTakeFirst();
    if (!poll) throw fieldErrors({ question: [invalidPkMessage(pollId)] });
  }

  return {
    async list(clientId: number, query: { updated_after?: string; question?: number }, page: PageRequest) {
      let rows = db
        .selectFrom('poll_choices')
        .selectAll()
        .$call(ownedBy('poll_choices', clientId))
        .$call(changedSince('poll_choices', query.updated_after))
        .orderBy('id');
      if (query.question !== undefined) rows = rows.where('poll_id', '=', query.question);
      return withDeletions(db, query.updated_after, clientId, 'poll_choices', await paginate(page, rows, toPollChoice));
    },

    /** The client's choice, or 404. */
    async get(clientId: number, id: number): Promise<PollChoiceRow> {
      return found(
        await db.selectFrom('poll_choices').selectAll().$call(ownedBy('poll_choices', clientId)).where('id', '=', id).executeTakeFirst(),
      );
    },

    async create(clientId: number, payload: PollChoiceCreatePayload): Promise<PollChoiceRow> {
      await checkPoll(clientId, payload.question);
      return db
        .insertInto('poll_choices')
        .values({ name: payload.name, votes: payload.votes ?? 0, poll_id: payload.question, ...created(clock, clientId) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(clientId: number, current: PollChoiceRow, payload: PollChoiceUpdatePayload): Promise<PollChoiceRow> {
      if (payload.question !== undefined) await checkPoll(clientId, payload.question);
      return db
        .updateTable('poll_choices')
        .set({ name: payload.name, votes: payload.votes, poll_id: payload.question, ...touched(clock) })
        .where('id', '=', current.id)
        .where('client_id', '=', clientId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async remove(clientId: number, current: PollChoiceRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('poll_choices').where('id', '=', current.id).where('client_id', '=', clientId).execute();
        await recordDeletions(trx, clock, clientId, 'poll_choices', [current.id]);
      });
    },
  };
}
