import type { TtlMap } from '../http/ttl-map';

// A phone's last successful contacts with this instance (its join, its state reads, its answers): an answer's
// stamp is trusted no earlier than the last one before it arrived (src/lib/scoring.ts clampStamp), so an online
// phone, which reads its state as the room moves, gains nothing by stamping early.
//
// A phone coming back after a drop reads its state and sends the answers it kept at once, in either order (both
// follow the browser's "online" event; src/play/answer-queue.ts retries within 5 s). Its reads then are not a
// moment it could have sent its answer: a contact after a silence of RECONNECT_GAP_MS or more opens a reconnect,
// and an answer arriving within RECONNECT_WINDOW_MS of it is judged against the contact before the silence. This
// gives nothing to a phone that cheats: staying silent until the answer leaves the contact before the silence
// the last one anyway.

export const RECONNECT_GAP_MS = 5_000;
export const RECONNECT_WINDOW_MS = 5_000;

export interface Contacts {
  /** The latest contact. */
  last: number;
  /** The first contact after a silence, and the contact before that silence. */
  reconnectedAt: number | null;
  beforeSilence: number | null;
}

/** The contacts after one more at `at`. */
export function withContact(previous: Contacts | undefined, at: number): Contacts {
  if (!previous) return { last: at, reconnectedAt: null, beforeSilence: null };
  if (at - previous.last >= RECONNECT_GAP_MS) return { last: at, reconnectedAt: at, beforeSilence: previous.last };
  return { ...previous, last: Math.max(previous.last, at) };
}

/** The earliest moment an answer arriving at `receivedAt` may be stamped at (null: no contact known). */
export function trustedFrom(contacts: Contacts | undefined, receivedAt: number): number | null {
  if (!contacts) return null;
  const reconnecting = contacts.reconnectedAt !== null && receivedAt - contacts.reconnectedAt <= RECONNECT_WINDOW_MS;
  return reconnecting ? contacts.beforeSilence : Math.min(contacts.last, receivedAt);
}

/** The contacts of every phone this instance served lately, by token hash. */
export class PhoneContacts {
  constructor(private readonly byToken: TtlMap<string, Contacts>) {}

  record(tokenHash: string, at: number): void {
    this.byToken.set(tokenHash, withContact(this.byToken.get(tokenHash), at));
  }

  trustedFrom(tokenHash: string, receivedAt: number): number | null {
    return trustedFrom(this.byToken.get(tokenHash), receivedAt);
  }
}
