import { CompiledQuery, type Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';

// The statements of a join (play-service.ts seat()), run in the join's shared transaction: 1,000 phones join
// within seconds, and building and compiling each statement with Kysely cost more than SQLite
// running it, so each is compiled once per database (db/prepared.ts) and takes only its values per join.

/** The client's viewer of an email (the oldest, should there be two): a social join, whose email the provider vouched for. */
export const viewerByEmail = prepared((db: Kysely<Database>, clientId: number, email: string) =>
  db.selectFrom('viewers').selectAll().where('client_id', '=', clientId).where('email', '=', email).orderBy('id').limit(1),
);

/** The device's own viewer (from its earlier token), when this join names the same email. */
export const viewerById = prepared((db: Kysely<Database>, clientId: number, id: number, email: string) =>
  db.selectFrom('viewers').selectAll().where('client_id', '=', clientId).where('id', '=', id).where('email', '=', email),
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

/** What a join needs back: the viewer as the phone sees them, and the new attempt (null: attempts used up). */
export interface SeatedRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  created_at: string;
  attempt_id: number | null;
  attempt_status: string | null;
}

// PostgreSQL: the whole join in one statement (data-modifying CTEs, atomic as one statement is). There each
// statement is a round trip to the database, and one join in its own transaction was seven of them (BEGIN,
// the viewer's read and write, the count, the attempt, the token, COMMIT): most of a join's CPU went to
// writing them to the socket (bench play's profile). The same rules as the statements above: the viewer
// this join belongs to (of the email: $10 the device's own viewer, or with $11 the oldest one) gets this
// join's details (or a new viewer is made); an attempt and its token are
// inserted only within max_attempt_count (<= 0: no limit; a viewer made here has none yet), and the viewer's
// details are kept even when the attempts are used up (attempt_id null). Every parameter is cast: PostgreSQL
// would otherwise deduce a type per use.
const SEAT_ON_POSTGRES = `
  with existing as (
    select id, version from viewers
    where client_id = $1::bigint and email = $2::text and (id = $10::bigint or $11::boolean)
    order by id limit 1
  ), updated as (
    update viewers set first_name = $3::text, last_name = $4::text, mobile = $5::text, updated_at = $6::text,
      version = existing.version + 1
    from existing where viewers.id = existing.id
    returning viewers.id, viewers.username, viewers.first_name, viewers.last_name, viewers.email, viewers.mobile,
      viewers.created_at
  ), made as (
    insert into viewers (username, email, first_name, last_name, mobile, client_id, created_at, updated_at, version)
    select $2::text, $2::text, $3::text, $4::text, $5::text, $1::bigint, $6::text, $6::text, 1
    where not exists (select 1 from existing)
    returning id, username, first_name, last_name, email, mobile, created_at
  ), viewer as (
    select updated.*, false as made from updated union all select made.*, true as made from made
  ), attempt as (
    insert into attempts (viewer_id, quiz_id, score, time_taken, start_date_time, status, client_id, created_at, updated_at, version)
    select viewer.id, $7::bigint, 0, 0, $6::text, 'IN_PROGRESS', $1::bigint, $6::text, $6::text, 1 from viewer
    where viewer.made or $8::integer <= 0
      or (select count(*) from attempts where attempts.quiz_id = $7::bigint and attempts.viewer_id = viewer.id) < $8::integer
    returning id, status, viewer_id
  ), token as (
    insert into participant_tokens (token_hash, client_id, viewer_id, quiz_id, attempt_id, created_at)
    select $9::text, $1::bigint, attempt.viewer_id, $7::bigint, attempt.id, $6::text from attempt
  )
  select viewer.id, viewer.username, viewer.first_name, viewer.last_name, viewer.email, viewer.mobile, viewer.created_at,
    attempt.id as attempt_id, attempt.status as attempt_status
  from viewer left join attempt on true`;

/** PostgreSQL only (see SEAT_ON_POSTGRES): the viewer and, within the limit, the new attempt and its token. */
export async function seatOnPostgres(
  db: Kysely<Database>,
  seat: {
    clientId: number;
    email: string;
    firstName: string;
    lastName: string;
    mobile: string;
    at: string;
    quizId: number;
    max: number;
    tokenHash: string;
    /** The device's own viewer (null: none), and whether the email finds the viewer (a social join). */
    viewerId: number | null;
    byEmail: boolean;
  },
): Promise<SeatedRow> {
  const result = await db.executeQuery(
    CompiledQuery.raw(SEAT_ON_POSTGRES, [
      seat.clientId,
      seat.email,
      seat.firstName,
      seat.lastName,
      seat.mobile,
      seat.at,
      seat.quizId,
      seat.max,
      seat.tokenHash,
      seat.viewerId,
      seat.byEmail,
    ]) as CompiledQuery<SeatedRow>,
  );
  const [row] = result.rows;
  if (!row) throw new Error('join wrote no viewer');
  return row;
}
