import type { Kysely, Selectable } from 'kysely';
import type { Database, RoundTable } from '../db/schema';
import type { QuizRow } from '../quizzes/quiz-read';
import { TtlMap } from '../http/ttl-map';
import { PhoneContacts, type Contacts } from './contacts';

// What the answer path would otherwise read from the database on every request (docs/decisions.md "Play": every phone
// answers at once). Several server instances share one database, so nothing here is trusted for what another
// instance may change: a participant token's seat is an immutable fact (a reset deletes the attempt, and the
// answer's insert joins the attempt, so a stale seat writes nothing); a round is kept at most ROUND_TTL_MS
// and the answer's insert checks its window again in the database (answer-writer.ts), so a stale round costs
// one more read, never a wrong score. A quiz read for a join is kept as long (another instance's change of
// its status or join code is seen within that second). This instance forgets a quiz and its rounds whenever
// it follows the quiz's change (syncRounds) or deletion. One cache per database handle: tests run many
// servers in one process.

/** How long a round read for an answer, or a quiz read for a join, is used before it is read again. */
export const ROUND_TTL_MS = 1000;
export const QUIZ_TTL_MS = 1000;
/** How long a token's seat is kept (it never changes; this only bounds memory). */
export const SEAT_TTL_MS = 10 * 60 * 1000;
export interface CachedSeat {
  attemptId: number;
  viewerId: number;
  quizId: number;
  clientId: number;
}

/** A round as the answer path reads it: the row and its question's correct option. */
export type CachedRound = Selectable<RoundTable> & { correct_option: string };

export interface PlayCache {
  /** Token hash → seat. */
  seats: TtlMap<string, CachedSeat>;
  /**
   * The phones' last successful requests to this instance (contacts.ts): an answer's stamp is trusted no earlier.
   * Another instance's contacts are not seen here: the stamp is then trusted as far back as the contact this
   * instance saw, within the 15-s grace.
   */
  contacts: PhoneContacts;
  /** `${quizId}:${questionId}` → the quiz's shared round of that question (with the correct option). */
  rounds: TtlMap<string, CachedRound>;
  /** Quiz hash → the quiz, as the join and the public quiz read it (at most QUIZ_TTL_MS old). */
  quizzes: TtlMap<string, QuizRow>;
  /** This instance followed a change of the quiz (or its deletion): it and its rounds are read again. */
  forgetQuiz(quizId: number): void;
  forgetQuizHash(quizHash: string): void;
}

const caches = new WeakMap<Kysely<Database>, PlayCache>();

export function playCacheOf(db: Kysely<Database>): PlayCache {
  let cache = caches.get(db);
  if (!cache) {
    const rounds = new TtlMap<string, CachedRound>(ROUND_TTL_MS, 10_000);
    const quizzes = new TtlMap<string, QuizRow>(QUIZ_TTL_MS, 10_000);
    cache = {
      seats: new TtlMap<string, CachedSeat>(SEAT_TTL_MS),
      contacts: new PhoneContacts(new TtlMap<string, Contacts>(SEAT_TTL_MS)),
      rounds,
      quizzes,
      forgetQuiz(quizId) {
        const prefix = `${quizId}:`;
        rounds.deleteWhere((key) => key.startsWith(prefix));
        quizzes.deleteWhereValue((quiz) => quiz.id === quizId);
      },
      forgetQuizHash(quizHash) {
        quizzes.delete(quizHash);
      },
    };
    caches.set(db, cache);
  }
  return cache;
}

export const roundKey = (quizId: number, questionId: number) => `${quizId}:${questionId}`;
