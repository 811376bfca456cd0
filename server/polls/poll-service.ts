import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  POLLS_DISABLED_MESSAGE,
  POLL_HASH_TAKEN_MESSAGE,
  type Poll,
  type PollChoice,
  type PollCreatePayload,
  type PollUpdatePayload,
  POLL_FILES,
} from '../../src/lib/contract/poll';
import type { ServerContext } from '../context';
import { created, isUniqueViolation, toBool, touched } from '../db/rows';
import type { Database, PollChoiceTable, PollTable } from '../db/schema';
import { changedSince, recordDeletions, withDeletions } from '../http/changes';
import { HttpError, fieldErrors } from '../http/errors';
import type { FileChanges } from '../http/form-body';
import type { MediaUrls } from '../http/media-urls';
import { paginate, type PageRequest } from '../http/pagination';
import { withSearch } from '../http/search';
import { removeReplaced, withStoredFiles } from '../http/stored-files';
import { found, ownedBy } from '../http/tenant';

// Polls (the Poll calls of the API: /api/v1/poll-list/). A poll's choices come with it as `options`; they are written
// through poll-choice-service.ts. Polls and choices exist only for clients with poll_enabled.

export type PollRow = Selectable<PollTable>;
export type PollChoiceRow = Selectable<PollChoiceTable>;
export { POLL_FILES };

/**
 * The key of a poll's public link: 128 random bits, url-safe (22 characters). Players find a
 * poll by it, never by the admin's poll hash, which is typed, guessable and unique only within its client.
 */
export const newPollLinkKey = (): string => randomBytes(16).toString('base64url');

export function toPollChoice(row: PollChoiceRow): PollChoice {
  return {
    id: row.id,
    name: row.name,
    votes: Number(row.votes),
    question: row.poll_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

function toPoll(media: MediaUrls, row: PollRow, options: PollChoice[]): Poll {
  const qrUrl = media(row.qr_image);
  return {
    id: row.id,
    name: row.name,
    join_code: row.join_code,
    poll_hash: row.poll_hash,
    link_key: row.link_key,
    qr_image: qrUrl,
    qr_image_url: qrUrl,
    show_options: toBool(row.show_options),
    show_total_votes: toBool(row.show_total_votes),
    active: toBool(row.active),
    client: row.client_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
    options,
  };
}

/** 403 unless the client has polls enabled (an operator's choice, read-only to the admin). */
export async function checkPollsEnabled(db: Kysely<Database>, clientId: number): Promise<void> {
  const client = await db.selectFrom('clients').select('poll_enabled').where('id', '=', clientId).executeTakeFirst();
  if (!toBool(client?.poll_enabled)) throw new HttpError(403, { detail: POLLS_DISABLED_MESSAGE });
}

const hashTaken = (error: unknown): never => {
  if (isUniqueViolation(error)) throw fieldErrors({ poll_hash: [POLL_HASH_TAKEN_MESSAGE] });
  throw error;
};

export function pollService({ db, clock, uploads }: Pick<ServerContext, 'db' | 'clock' | 'uploads'>) {
  async function choicesOf(clientId: number, pollIds: number[]): Promise<Map<number, PollChoice[]>> {
    const byPoll = new Map<number, PollChoice[]>(pollIds.map((id) => [id, []]));
    if (pollIds.length === 0) return byPoll;
    const rows = await db
      .selectFrom('poll_choices')
      .selectAll()
      .$call(ownedBy('poll_choices', clientId))
      .where('poll_id', 'in', pollIds)
      .orderBy('id')
      .execute();
    for (const row of rows) byPoll.get(row.poll_id)?.push(toPollChoice(row));
    return byPoll;
  }

  /**
   * 400 when another poll of the same client already has this hash. Only the client's own polls count
   * (unique per client): another client's hash must not show through.
   */
  async function checkHashFree(clientId: number, hash: string, exceptId?: number): Promise<void> {
    let query = db.selectFrom('polls').select('id').$call(ownedBy('polls', clientId)).where('poll_hash', '=', hash);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw fieldErrors({ poll_hash: [POLL_HASH_TAKEN_MESSAGE] });
  }

  async function newHash(clientId: number): Promise<string> {
    for (;;) {
      const hash = randomBytes(8).toString('hex');
      const taken = await db
        .selectFrom('polls')
        .select('id')
        .$call(ownedBy('polls', clientId))
        .where('poll_hash', '=', hash)
        .executeTakeFirst();
      if (!taken) return hash;
    }
  }

  return {
    /** The poll with its choices as the API answers it. */
    async present(media: MediaUrls, row: PollRow): Promise<Poll> {
      return toPoll(media, row, (await choicesOf(row.client_id, [row.id])).get(row.id) ?? []);
    },

    async list(clientId: number, query: { search?: string; updated_after?: string }, page: PageRequest, media: MediaUrls) {
      const rows = db
        .selectFrom('polls')
        .selectAll()
        .$call(ownedBy('polls', clientId))
        .$call(withSearch(query.search, ['polls.name']))
        .$call(changedSince('polls', query.updated_after))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      const paged = await paginate(page, rows, (row) => row);
      const options = await choicesOf(
        clientId,
        paged.results.map((row) => row.id),
      );
      const results = paged.results.map((row) => toPoll(media, row, options.get(row.id) ?? []));
      return withDeletions(db, query.updated_after, clientId, 'polls', { ...paged, results });
    },

    /** The client's poll, or 404. */
    async get(clientId: number, id: number): Promise<PollRow> {
      return found(await db.selectFrom('polls').selectAll().$call(ownedBy('polls', clientId)).where('id', '=', id).executeTakeFirst());
    },

    async create(clientId: number, payload: PollCreatePayload, { files }: FileChanges<'qr_image'>): Promise<PollRow> {
      if (payload.poll_hash) await checkHashFree(clientId, payload.poll_hash);
      const pollHash = payload.poll_hash ?? (await newHash(clientId));
      return withStoredFiles(uploads, files, (stored) =>
        db
          .insertInto('polls')
          .values({
            name: payload.name,
            join_code: payload.join_code,
            poll_hash: pollHash,
            link_key: newPollLinkKey(),
            qr_image: stored.qr_image ?? null,
            show_options: payload.show_options ?? false,
            show_total_votes: payload.show_total_votes ?? false,
            active: payload.active ?? true,
            ...created(clock, clientId),
          })
          .returningAll()
          .executeTakeFirstOrThrow()
          .catch(hashTaken),
      );
    },

    async update(
      clientId: number,
      current: PollRow,
      payload: PollUpdatePayload,
      { files, clears }: FileChanges<'qr_image'>,
    ): Promise<PollRow> {
      if (payload.poll_hash !== undefined) await checkHashFree(clientId, payload.poll_hash, current.id);
      const row = await withStoredFiles(uploads, files, (stored) =>
        db
          .updateTable('polls')
          .set({
            ...payload,
            ...(stored.qr_image ? { qr_image: stored.qr_image } : clears.qr_image ? { qr_image: null } : {}),
            ...touched(clock),
          })
          .where('id', '=', current.id)
          .where('client_id', '=', clientId)
          .returningAll()
          .executeTakeFirstOrThrow()
          .catch(hashTaken),
      );
      await removeReplaced(uploads, POLL_FILES, current, row);
      return row;
    },

    /** Deletes the poll with its choices (the foreign key cascades; mirrors must drop them too). */
    async remove(clientId: number, current: PollRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const choices = await trx
          .selectFrom('poll_choices')
          .select('id')
          .where('poll_id', '=', current.id)
          .where('client_id', '=', clientId)
          .execute();
        await trx.deleteFrom('poll_choices').where('poll_id', '=', current.id).where('client_id', '=', clientId).execute();
        await trx.deleteFrom('polls').where('id', '=', current.id).where('client_id', '=', clientId).execute();
        await recordDeletions(
          trx,
          clock,
          clientId,
          'poll_choices',
          choices.map((choice) => choice.id),
        );
        await recordDeletions(trx, clock, clientId, 'polls', [current.id]);
      });
    },
  };
}
