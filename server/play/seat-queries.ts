import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';

// The statements of a join (play-service.ts seat()), run in the join's shared transaction: 1,000 phones join
// within seconds (issue 17), and building and compiling each statement with Kysely cost more than SQLite
// running it, so each is compiled once per database (db/prepared.ts) and takes only its values per join.

/** The client's viewer of an email (the oldest, should there be two). */
export const viewerByEmail = prepared((db: Kysely<Database>, clientId: number, email: string) =>
  db.selectFrom('viewers').selectAll().where('client_id', '=', clientId).where('email', '=', email).orderBy('id').limit(1),
);

/** A returning viewer's details, as given this time. */
export const updateViewer = prepared(
  (db: Kysely<Database>, id: number, firstName: string, lastName: string, mobile: string, updatedAt: string, version: number) =>
    db
      .updateTable('viewers')
      .set({ first_name: firstName, last_name: lastName, mobile, updated_at: updatedAt, version })
      .where('id', '=', id)
      .returningAll(),
);

/** A new viewer, named by their email. */
export const insertViewer = prepared(
  (db: Kysely<Database>, clientId: number, email: string, firstName: string, lastName: string, mobile: string, at: string) =>
    db
      .insertInto('viewers')
      .values({
        username: email,
        email,
        first_name: firstName,
        last_name: lastName,
        mobile,
        client_id: clientId,
        created_at: at,
        updated_at: at,
        version: 1,
      })
      .returningAll(),
);

/** How many attempts the viewer has made at the quiz. */
export const attemptsUsed = prepared((db: Kysely<Database>, quizId: number, viewerId: number) =>
  db
    .selectFrom('attempts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('quiz_id', '=', quizId)
    .where('viewer_id', '=', viewerId),
);

/** A new attempt, in progress with nothing scored. */
export const insertAttempt = prepared((db: Kysely<Database>, viewerId: number, quizId: number, clientId: number, at: string) =>
  db
    .insertInto('attempts')
    .values({
      viewer_id: viewerId,
      quiz_id: quizId,
      score: 0,
      time_taken: 0,
      rank: null,
      start_date_time: at,
      status: 'IN_PROGRESS',
      client_id: clientId,
      created_at: at,
      updated_at: at,
      version: 1,
    })
    .returningAll(),
);

/** The attempt's participant token (its hash). */
export const insertParticipantToken = prepared(
  (db: Kysely<Database>, tokenHash: string, clientId: number, viewerId: number, quizId: number, attemptId: number, at: string) =>
    db
      .insertInto('participant_tokens')
      .values({ token_hash: tokenHash, client_id: clientId, viewer_id: viewerId, quiz_id: quizId, attempt_id: attemptId, created_at: at }),
);
