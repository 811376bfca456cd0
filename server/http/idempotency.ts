import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { IDEMPOTENCY_IN_PROGRESS_MESSAGE, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../../src/lib/contract/idempotency';
import type { Clock } from '../clock';
import type { Database, IdempotencyKeyTable } from '../db/schema';
import { nowIso } from '../db/rows';
import { countIdempotentWrite } from '../metrics/metrics';
import { userOf } from './auth';
import { HttpError } from './errors';

// `Idempotency-Key` on POST/PATCH/PUT/DELETE: the first request with a key claims it (a row with no
// status yet, unique per user and key); when it answers, its status and body are stored. A repeat with
// the same key replays that answer with no second effect; a repeat while the first still runs gets 409
// (with Retry-After, and a detail the portal knows: src/lib/contract/idempotency.ts).
// Server errors (5xx), conflicts (409, 412) and 429 release the key so the portal's retry really retries.
// The claim is not in the write's transaction: a crash between the write and the store would let one
// retry repeat the write. The window is one response; the claim makes concurrent duplicates impossible.
// A claim whose request died (crash, kill -9) is taken over by the next repeat after ABANDONED_CLAIM_MS.
//
// The key is bound to its request (IETF Idempotency-Key draft): a fingerprint of the method, path, query and
// body is stored with it, and the same key with another request answers 422. A JSON body is fingerprinted when
// the key is claimed; a form (multipart) once the route has read it (preHandler), so a repeated form's answer is
// replayed only then.

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Whether a route answers any of the methods an Idempotency-Key applies to. */
export function writesWith(method: string | readonly string[]): boolean {
  return (typeof method === 'string' ? [method] : method).some((one) => WRITE_METHODS.has(one.toUpperCase()));
}
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

type StoredKey = Selectable<IdempotencyKeyTable>;

/** Per request: what the preHandler still has to do for a form, whose body is read after the claim. */
const pendingForms = new WeakMap<FastifyRequest, { claimedId: number | null; stored: StoredKey | null }>();

/** Object keys sorted, so the same JSON written in another key order is the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The request's fingerprint: method, path and query, and the body (a form's files by content). */
function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256');
  hash.update(`${request.method} ${request.url}\n`);
  hash.update(JSON.stringify(canonical(request.body ?? null)) ?? 'null');
  const files = request.form?.files ?? {};
  for (const name of Object.keys(files).sort()) {
    const file = files[name];
    if (file) hash.update(`\n${name}:${file.filename}:${createHash('sha256').update(file.data).digest('hex')}`);
  }
  return hash.digest('hex');
}

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  return key ? key : null;
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

const keyReused = () => new HttpError(422, { detail: IDEMPOTENCY_KEY_REUSED_MESSAGE });

function replay(reply: FastifyReply, stored: StoredKey): FastifyReply {
  countIdempotentWrite('replayed');
  reply.header('Idempotent-Replayed', 'true');
  reply.code(stored.status_code ?? 200);
  if (stored.response_body === null) return reply.send();
  return reply.type('application/json; charset=utf-8').send(stored.response_body);
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

    const isForm = request.isMultipart();
    const fingerprint = isForm ? null : fingerprintOf(request);
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: user.id,
        key,
        method: request.method,
        path: pathOf(request),
        status_code: null,
        response_body: null,
        request_hash: fingerprint,
        created_at: nowIso(clock),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      request.idempotencyKeyId = inserted.id;
      if (isForm) pendingForms.set(request, { claimedId: inserted.id, stored: null });
      countIdempotentWrite('fresh');
      return;
    }

    const stored = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (stored.method !== request.method || stored.path !== pathOf(request)) throw keyReused();
    if (fingerprint && stored.request_hash && stored.request_hash !== fingerprint) throw keyReused();
    if (stored.status_code === null && stored.created_at < staleBefore()) {
      // The first request died without answering (aborted connection, crash): this one takes over the key.
      await db
        .updateTable('idempotency_keys')
        .set({ created_at: nowIso(clock), request_hash: fingerprint })
        .where('id', '=', stored.id)
        .execute();
      request.idempotencyKeyId = stored.id;
      if (isForm) pendingForms.set(request, { claimedId: stored.id, stored: null });
      countIdempotentWrite('fresh');
      return;
    }
    if (stored.status_code === null) {
      // Until the claim is old enough to be taken over: then the repeat runs.
      const waitMs = new Date(stored.created_at).getTime() + ABANDONED_CLAIM_MS - clock.now().getTime();
      const seconds = Math.min(Math.max(Math.ceil(waitMs / 1000), 1), Math.ceil(ABANDONED_CLAIM_MS / 1000));
      throw new HttpError(409, { detail: IDEMPOTENCY_IN_PROGRESS_MESSAGE }, { 'Retry-After': String(seconds) });
    }
    if (isForm && stored.request_hash) {
      // The form's body is read by the route: compared, and replayed, in the preHandler.
      pendingForms.set(request, { claimedId: null, stored });
      return;
    }
    return replay(reply, stored);
  }

  /** A form's fingerprint, once the route has read it: stored with a fresh claim, or compared before a replay. */
  async function checkForm(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const pending = pendingForms.get(request);
    if (!pending) return;
    pendingForms.delete(request);
    const fingerprint = fingerprintOf(request);
    if (pending.stored) {
      if (pending.stored.request_hash !== fingerprint) throw keyReused();
      return replay(reply, pending.stored);
    }
    if (pending.claimedId !== null)
      await db.updateTable('idempotency_keys').set({ request_hash: fingerprint }).where('id', '=', pending.claimedId).execute();
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

  return { claim, checkForm, store };
}
