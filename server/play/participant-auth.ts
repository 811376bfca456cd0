import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { PLAY_MESSAGES } from '../../src/lib/contract/play';
import { hashSecret } from '../http/secrets';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { playCacheOf } from './play-cache';

// `Authorization: Participant <token>` (docs/decisions.md "Play"): a participant's token for one attempt, or a poll
// voter's. Stored hashed like admin tokens. An admin `Token` opens nothing here (and a participant token
// opens no portal route: http/auth.ts accepts only the Token scheme).

export const PARTICIPANT_SCHEME = 'participant';

/** The participant key of the request; 401 when absent or another scheme (an admin token) is used. */
export function participantKeyOf(request: FastifyRequest, message: string = PLAY_MESSAGES.participantOnly): string {
  const header = request.headers.authorization;
  const [scheme, key, ...rest] = (header ?? '').trim().split(/\s+/);
  if (scheme?.toLowerCase() !== PARTICIPANT_SCHEME || !key || rest.length > 0) {
    throw new HttpError(401, { detail: message }, { 'WWW-Authenticate': 'Participant' });
  }
  return key;
}

/** The key when the request carries one, else null (public routes that say more to a known voter). */
export function optionalParticipantKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return participantKeyOf(request);
}

export interface ParticipantSeat {
  tokenHash: string;
  attemptId: number;
  viewerId: number;
  quizId: number;
  clientId: number;
}

/** A token's seat: read on every participant request the cache does not answer, so compiled once (prepared.ts). */
const seatRow = prepared((db: Kysely<Database>, tokenHash: string) =>
  db.selectFrom('participant_tokens').select(['attempt_id', 'viewer_id', 'quiz_id', 'client_id']).where('token_hash', '=', tokenHash),
);

/**
 * The attempt a participant token stands for; 401 "your place has ended" once it was reset. A seat never
 * changes, so it is kept (play-cache.ts): after a reset the cached seat still reads, but every use of it
 * finds the attempt gone (the state reads the attempt; an answer's insert joins it) and refuses.
 */
export async function seatOf(db: Kysely<Database>, key: string): Promise<ParticipantSeat> {
  const tokenHash = hashSecret(key);
  const seats = playCacheOf(db).seats;
  const cached = seats.get(tokenHash);
  if (cached) return { tokenHash, ...cached };
  const [row] = await seatRow(db, tokenHash);
  if (!row) throw new HttpError(401, { detail: PLAY_MESSAGES.placeEnded });
  seats.set(tokenHash, { attemptId: row.attempt_id, viewerId: row.viewer_id, quizId: row.quiz_id, clientId: row.client_id });
  return { tokenHash, attemptId: row.attempt_id, viewerId: row.viewer_id, quizId: row.quiz_id, clientId: row.client_id };
}
