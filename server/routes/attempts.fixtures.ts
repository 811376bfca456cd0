import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import { created } from '../db/rows';
import type { Database } from '../db/schema';

// Rows for the attempts and viewers tests. Quizzes are written by another resource; these tests only
// need a minimal quiz row to hang attempts on.

let quizCounter = 0;

export async function insertQuiz(db: Kysely<Database>, clock: Clock, clientId: number, name: string): Promise<number> {
  quizCounter += 1;
  const row = await db
    .insertInto('quizzes')
    .values({
      name,
      mode: 'MANUAL',
      status: 'COMPLETED',
      join_code: '1',
      quiz_hash: `fixture-quiz-${quizCounter}-${Date.now()}`,
      start_date_time: '2026-01-01T10:00:00.000Z',
      end_date_time: '2026-01-01T11:00:00.000Z',
      ...created(clock, clientId),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertViewer(
  db: Kysely<Database>,
  clock: Clock,
  clientId: number,
  viewer: { username: string; first_name?: string; last_name?: string; email?: string; mobile?: string },
): Promise<number> {
  const row = await db
    .insertInto('viewers')
    .values({ ...viewer, ...created(clock, clientId) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAttempt(
  db: Kysely<Database>,
  clock: Clock,
  clientId: number,
  attempt: { viewerId: number; quizId: number; score: number; timeTaken: number; startedAt?: string; status?: string },
): Promise<number> {
  const row = await db
    .insertInto('attempts')
    .values({
      viewer_id: attempt.viewerId,
      quiz_id: attempt.quizId,
      score: attempt.score,
      time_taken: attempt.timeTaken,
      rank: null,
      status: attempt.status ?? 'COMPLETED',
      start_date_time: attempt.startedAt ?? '2026-01-01T10:00:00.000Z',
      ...created(clock, clientId),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
