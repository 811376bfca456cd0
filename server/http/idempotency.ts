import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { nowIso } from '../db/rows';
import { countIdempotentWrite } from '../metrics/metrics';
import { userOf } from './auth';
import { HttpError } from './errors';

// `Idempotency-Key` on POST/PATCH/PUT/DELETE: the first request with a key claims it (a row with no
// status yet, unique per user and key); when it answers, its status and body are stored. A repeat with
// the same key replays that answer with no second effect; a repeat while the first still runs gets 409.
// Server errors (5xx), conflicts (409, 412) and 429 release the key so the portal's retry really retries.
// The claim is not in the write's transaction: a crash between the write and the store would let one
// retry repeat the write. The window is one response; the claim makes concurrent duplicates impossible.

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const MAX_KEY_LENGTH = 255;
/**
 * Answers that depend on the moment, not on the request: the claim is released so the same operation can
 * be sent again (after a conflict is resolved with "keep mine", or after a pause).
 */
const RETRYABLE = new Set([409, 412, 429]);
/** A claim with no answer after this long belongs to a request that died. */
const ABANDONED_CLAIM_MS = 60_000;
/** Stored answers are kept this long; older keys are forgotten (the portal retries within hours, not days). */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency row claimed by this request, if any. */
    idempotencyKeyId: number | null;
  }
}

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  return key ? key : null;
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

export function idempotencyHooks(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  const staleBefore = () => new Date(clock.now().getTime() - ABANDONED_CLAIM_MS).toISOString();

  /** Runs after authentication (needs the user): replays a stored answer or claims the key. */
  async function claim(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    request.idempotencyKeyId = null;
    if (!WRITE_METHODS.has(request.method)) return;
    const key = keyOf(request);
    if (!key) return;
    if (key.length > MAX_KEY_LENGTH) throw new HttpError(400, { detail: `Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters.` });
    const user = userOf(request);
    const expired = new Date(clock.now().getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
    await db.deleteFrom('idempotency_keys').where('user_id', '=', user.id).where('created_at', '<', expired).execute();

    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: user.id,
        key,
        method: request.method,
        path: pathOf(request),
        status_code: null,
        response_body: null,
        created_at: nowIso(clock),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      request.idempotencyKeyId = inserted.id;
      countIdempotentWrite('fresh');
      return;
    }

    const stored = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (stored.method !== request.method || stored.path !== pathOf(request)) {
      throw new HttpError(422, { detail: 'This Idempotency-Key was already used for a different request.' });
    }
    if (stored.status_code === null && stored.created_at < staleBefore()) {
      // The first request died without answering (aborted connection): this one takes over the key.
      await db
        .updateTable('idempotency_keys')
        .set({ created_at: nowIso(clock) })
        .where('id', '=', stored.id)
        .execute();
      request.idempotencyKeyId = stored.id;
      countIdempotentWrite('fresh');
      return;
    }
    if (stored.status_code === null) {
      throw new HttpError(409, { detail: 'A request with this Idempotency-Key is still being processed.' });
    }
    countIdempotentWrite('replayed');
    reply.header('Idempotent-Replayed', 'true');
    reply.code(stored.status_code);
    if (stored.response_body === null) return reply.send();
    return reply.type('application/json; charset=utf-8').send(stored.response_body);
  }

  /** Stores the answer of a claimed request (its serialized JSON body), or releases the claim on 5xx. */
  async function store(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const id = request.idempotencyKeyId;
    if (id === null || id === undefined) return payload;
    request.idempotencyKeyId = null;
    if (reply.statusCode >= 500 || RETRYABLE.has(reply.statusCode)) {
      await db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
      return payload;
    }
    const body = typeof payload === 'string' ? payload : payload === null || payload === undefined ? null : String(payload);
    await db.updateTable('idempotency_keys').set({ status_code: reply.statusCode, response_body: body }).where('id', '=', id).execute();
    return payload;
  }

  return { claim, store };
}
