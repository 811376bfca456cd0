import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  POLLS_DISABLED_MESSAGE,
  POLL_HASH_TAKEN_MESSAGE,
  pollCreatePayload,
  pollUpdatePayload,
  type Poll,
  type PollChoice,
} from '../../src/lib/contract/poll';
import type { ServerContext } from '../context';
import { created, isUniqueViolation, toBool, touched } from '../db/rows';
import type { Database, PollChoiceTable, PollTable } from '../db/schema';
import { changedSince, recordDeletions, updatedAfterOf, withDeletions } from '../http/changes';
import { HttpError, fieldErrors, parseBody } from '../http/errors';
import { checkIfMatch, withEtag } from '../http/etag';
import { asksToClear } from '../http/file-clear';
import { paginate } from '../http/pagination';
import { protect } from '../http/protect';
import { withSearch } from '../http/search';
import { clientIdOf, found, ownedBy, parseId } from '../http/tenant';
import { mediaUrl, readForm, requireImage, type UploadStore, type UploadedFile } from '../http/uploads';

// Spec §7 Poll: /api/v1/poll-list/. A poll's choices come with it as `options`; they are written through
// poll-choices/ (poll-choices.ts). Both answer 403 while the client's poll_enabled is off.

export type PollRow = Selectable<PollTable>;
export type PollChoiceRow = Selectable<PollChoiceTable>;

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

/** Makes every route of the plugin scope answer 403 unless the caller's client has polls enabled. */
export function requirePollsEnabled(app: FastifyInstance, db: Kysely<Database>): void {
  app.addHook('onRequest', async (request) => {
    const client = await db.selectFrom('clients').select('poll_enabled').where('id', '=', clientIdOf(request)).executeTakeFirst();
    if (!toBool(client?.poll_enabled)) throw new HttpError(403, { detail: POLLS_DISABLED_MESSAGE });
  });
}

/**
 * Runs `write` with the image (if any) already stored; removes the stored file when `write` fails, so a
 * failed request leaves neither a row nor a file behind. The image is judged before anything is stored.
 */
export async function withStoredImage<T>(
  uploads: UploadStore,
  file: UploadedFile | undefined,
  write: (name: string | undefined) => Promise<T>,
): Promise<T> {
  if (file) await requireImage(file);
  const name = file ? await uploads.saveImage(file) : undefined;
  try {
    return await write(name);
  } catch (error) {
    if (name) await uploads.remove(name);
    throw error;
  }
}

export const pollRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { db, clock, uploads } = ctx;
  protect(app, ctx);
  requirePollsEnabled(app, db);

  const choicesOf = async (clientId: number, pollIds: number[]): Promise<Map<number, PollChoice[]>> => {
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
  };

  const toPoll = (request: FastifyRequest, row: PollRow, options: PollChoice[]): Poll => {
    const qrUrl = mediaUrl(request, row.qr_image);
    return {
      id: row.id,
      name: row.name,
      join_code: row.join_code,
      poll_hash: row.poll_hash,
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
  };

  const load = (clientId: number, id: number) =>
    db.selectFrom('polls').selectAll().$call(ownedBy('polls', clientId)).where('id', '=', id).executeTakeFirst();

  const present = async (request: FastifyRequest, row: PollRow): Promise<Poll> =>
    toPoll(request, row, (await choicesOf(row.client_id, [row.id])).get(row.id) ?? []);

  /** 400 when another poll (of any client: the column is unique) already has this hash. */
  const checkHashFree = async (hash: string, exceptId?: number) => {
    let query = db.selectFrom('polls').select('id').where('poll_hash', '=', hash);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw fieldErrors({ poll_hash: [POLL_HASH_TAKEN_MESSAGE] });
  };

  const newHash = async (): Promise<string> => {
    for (;;) {
      const hash = randomBytes(8).toString('hex');
      if (!(await db.selectFrom('polls').select('id').where('poll_hash', '=', hash).executeTakeFirst())) return hash;
    }
  };

  const hashTaken = (error: unknown): never => {
    if (isUniqueViolation(error)) throw fieldErrors({ poll_hash: [POLL_HASH_TAKEN_MESSAGE] });
    throw error;
  };

  app.get('/api/v1/poll-list/', async (request) => {
    const clientId = clientIdOf(request);
    const query = db
      .selectFrom('polls')
      .selectAll()
      .$call(ownedBy('polls', clientId))
      .$call(withSearch(request, ['polls.name']))
      .$call(changedSince('polls', updatedAfterOf(request)))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    const page = await paginate(request, query, (row) => row);
    const options = await choicesOf(
      clientId,
      page.results.map((row) => row.id),
    );
    const results = page.results.map((row) => toPoll(request, row, options.get(row.id) ?? []));
    return withDeletions(db, request, clientId, 'polls', { ...page, results });
  });

  app.get<{ Params: { id: string } }>('/api/v1/poll-list/:id/', async (request, reply) => {
    const row = found(await load(clientIdOf(request), parseId(request.params.id)));
    return withEtag(reply, row.version, await present(request, row));
  });

  app.post('/api/v1/poll-list/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const form = await readForm(request);
    const payload = parseBody(pollCreatePayload, form.fields);
    if (payload.poll_hash) await checkHashFree(payload.poll_hash);
    const pollHash = payload.poll_hash ?? (await newHash());
    const row = await withStoredImage(uploads, form.files.qr_image, (qrImage) =>
      db
        .insertInto('polls')
        .values({
          name: payload.name,
          join_code: payload.join_code,
          poll_hash: pollHash,
          qr_image: qrImage ?? null,
          show_options: payload.show_options ?? false,
          show_total_votes: payload.show_total_votes ?? false,
          active: payload.active ?? true,
          ...created(clock, clientId),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(hashTaken),
    );
    return reply.code(201).send(withEtag(reply, row.version, toPoll(request, row, [])));
  });

  app.patch<{ Params: { id: string } }>('/api/v1/poll-list/:id/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = found(await load(clientId, parseId(request.params.id)));
    checkIfMatch(request, current.version, await present(request, current));
    const form = await readForm(request);
    const payload = parseBody(pollUpdatePayload, form.fields);
    if (payload.poll_hash !== undefined) await checkHashFree(payload.poll_hash, current.id);
    // A new file wins over qr_image_clear (an offline edit may merge a removal and a later upload).
    const clear = asksToClear(form.fields, 'qr_image', request.isMultipart() ? undefined : request.body);
    const row = await withStoredImage(uploads, form.files.qr_image, (qrImage) =>
      db
        .updateTable('polls')
        .set({ ...payload, ...(qrImage ? { qr_image: qrImage } : clear ? { qr_image: null } : {}), ...touched(clock) })
        .where('id', '=', current.id)
        .where('client_id', '=', clientId)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(hashTaken),
    );
    // A replaced or removed QR image is no longer referenced by anything.
    if (current.qr_image && current.qr_image !== row.qr_image) await uploads.remove(current.qr_image);
    return withEtag(reply, row.version, await present(request, row));
  });

  app.delete<{ Params: { id: string } }>('/api/v1/poll-list/:id/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = found(await load(clientId, parseId(request.params.id)));
    checkIfMatch(request, current.version, await present(request, current));
    await db.transaction().execute(async (trx) => {
      // The choices go with the poll (the foreign key cascades); mirrors must drop them too.
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
    return reply.code(204).send();
  });
};
