import type { Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Participant, participantJoinPayload } from '../../src/lib/contract/participant';
import {
  PLAY_MESSAGES,
  attemptsUsedUpMessage,
  type JoinedQuiz,
  type PlayAttempt,
  type PlayBranding,
  type PlayQuiz,
} from '../../src/lib/contract/play';
import { toBool, toCount } from '../db/rows';
import type { ClientTable, Database, ViewerTable } from '../db/schema';
import type { MediaUrls } from '../http/media-urls';
import { hashSecret, newSecret } from '../http/secrets';
import type { QuizRow } from '../quizzes/quiz-read';
import { questionCountOf, refused, type AttemptRow, type PlayContext } from './play-context';
import { isFinished } from './rounds';
import {
  attemptsUsed,
  insertAttempt,
  insertParticipantToken,
  insertViewer,
  seatOnPostgres,
  updateViewer,
  viewerByEmail,
  viewerById,
} from './seat-queries';

// Joining a quiz (docs/decisions.md "Play"): the public quiz a phone opens, the join code's check (throttled),
// and the seat a join gives: a viewer, a new attempt and its participant token.

const JOINABLE = new Set(['ANNOUNCED', 'ACTIVATED', 'STARTED']);

type JoinPayload = z.output<typeof participantJoinPayload>;

/** Whose viewer a join continues: the device's own (by its earlier token), or the email's (a social join). */
interface SeatOwner {
  viewerId: number | null;
  byEmail: boolean;
}

/** What a join answers with of the viewer and of the new attempt. */
type JoinedViewer = Pick<Selectable<ViewerTable>, 'id' | 'username' | 'first_name' | 'last_name' | 'email' | 'mobile' | 'created_at'>;
type JoinedAttempt = Pick<AttemptRow, 'id' | 'status'>;

function brandingOf(client: Selectable<ClientTable>, media: MediaUrls): PlayBranding {
  return {
    business_name: client.business_name,
    description: client.description,
    business_logo: media(client.business_logo),
    background_image: media(client.background_image),
    mascot_logo: media(client.mascot_logo),
  };
}

function participantOf(viewer: JoinedViewer): Participant {
  return {
    id: viewer.id,
    username: viewer.username,
    first_name: viewer.first_name,
    last_name: viewer.last_name,
    email: viewer.email,
    mobile: viewer.mobile,
    created_at: viewer.created_at,
  };
}

/** The quiz of a link, as read at most a second ago (play-cache.ts: every phone joins at once). */
async function quizByHash(ctx: PlayContext, hash: string): Promise<QuizRow> {
  const cached = ctx.cache.quizzes.get(hash);
  if (cached) return cached;
  const quiz = await ctx.db.selectFrom('quizzes').selectAll().where('quiz_hash', '=', hash).executeTakeFirst();
  if (!quiz) throw refused(404, PLAY_MESSAGES.unknownQuiz);
  ctx.cache.quizzes.set(hash, quiz);
  return quiz;
}

async function joinWith(ctx: PlayContext, quiz: QuizRow, client: Selectable<ClientTable>) {
  const form = quiz.auth_used !== 'SOCIAL_BASED';
  const oidc = await ctx.db.selectFrom('client_oidc').select('label').where('client_id', '=', client.id).executeTakeFirst();
  const social = quiz.auth_used !== 'FORM_BASED' && toBool(client.social_auth_feature) && oidc !== undefined;
  return { form, social, social_label: social ? oidc?.label || null : null };
}

const joinOpen = (quiz: QuizRow) => toBool(quiz.active) && JOINABLE.has(quiz.status);

/** The refusal for a quiz that takes no joins now, if any. */
function checkJoinable(quiz: QuizRow): void {
  if (isFinished(quiz)) throw refused(403, PLAY_MESSAGES.quizClosed);
  if (!joinOpen(quiz)) throw refused(403, PLAY_MESSAGES.quizInactive);
}

/**
 * The viewer of this join (their details updated): the device's own, or for a social join the email's; else a
 * new one (`made`: new in this transaction).
 */
async function findOrCreateViewer(trx: Transaction<Database>, clientId: number, who: JoinPayload, at: string, owner: SeatOwner) {
  const email = who.email.toLowerCase();
  const [existing] =
    owner.viewerId !== null
      ? await viewerById(trx, clientId, owner.viewerId, email)
      : owner.byEmail
        ? await viewerByEmail(trx, clientId, email)
        : [];
  const [viewer] = existing
    ? await updateViewer(trx, existing.id, who.first_name, who.last_name, who.mobile, at, existing.version + 1)
    : await insertViewer(trx, clientId, email, who.first_name, who.last_name, who.mobile, at);
  if (!viewer) throw new Error('viewer not written');
  return { viewer, made: !existing };
}

async function seatInGroupCommit(ctx: PlayContext, quiz: QuizRow, who: JoinPayload, max: number, tokenHash: string, owner: SeatOwner) {
  return ctx.joins.run(async (trx) => {
    const at = ctx.clock.now().toISOString();
    const { viewer, made } = await findOrCreateViewer(trx, quiz.client_id, who, at, owner);
    // A viewer made in this transaction has no attempt yet (one statement less for a first join).
    if (max > 0 && !made) {
      const [used] = await attemptsUsed(trx, quiz.id, viewer.id);
      if (toCount(used?.count) >= max) throw refused(403, attemptsUsedUpMessage(max));
    }
    const [attempt] = await insertAttempt(trx, viewer.id, quiz.id, quiz.client_id, at);
    if (!attempt) throw new Error('attempt not written');
    await insertParticipantToken(trx, tokenHash, quiz.client_id, viewer.id, quiz.id, attempt.id, at);
    return { viewer, attempt };
  });
}

async function seatWithOneStatement(ctx: PlayContext, quiz: QuizRow, who: JoinPayload, max: number, tokenHash: string, owner: SeatOwner) {
  const row = await seatOnPostgres(ctx.db, {
    clientId: quiz.client_id,
    email: who.email.toLowerCase(),
    firstName: who.first_name,
    lastName: who.last_name,
    mobile: who.mobile,
    at: ctx.clock.now().toISOString(),
    quizId: quiz.id,
    max,
    tokenHash,
    viewerId: owner.viewerId,
    byEmail: owner.byEmail,
  });
  if (row.attempt_id === null || row.attempt_status === null) throw refused(403, attemptsUsedUpMessage(max));
  return { viewer: row, attempt: { id: row.attempt_id, status: row.attempt_status } };
}

/**
 * The viewer of this join (see findOrCreateViewer) and a new attempt with its token, within max_attempt_count
 * (the viewer's details are kept even when the attempts are used up). SQLite: written in a
 * transaction shared with the joins arriving with it (group-commit.ts); PostgreSQL: in one statement
 * (seat-queries.ts).
 */
async function seat(
  ctx: PlayContext,
  quiz: QuizRow,
  who: JoinPayload,
  owner: SeatOwner,
): Promise<{ token: string; viewer: JoinedViewer; attempt: JoinedAttempt }> {
  const max = toCount(quiz.max_attempt_count);
  const token = newSecret();
  const tokenHash = hashSecret(token);
  const joined = ctx.onPostgres
    ? await seatWithOneStatement(ctx, quiz, who, max, tokenHash, owner)
    : await seatInGroupCommit(ctx, quiz, who, max, tokenHash, owner);
  // The phone's next requests (every answer) find its seat kept rather than read: a seat never changes.
  ctx.cache.seats.set(tokenHash, { attemptId: joined.attempt.id, viewerId: joined.viewer.id, quizId: quiz.id, clientId: quiz.client_id });
  ctx.cache.contacts.record(tokenHash, ctx.now());
  return { token, ...joined };
}

/** The viewer of a participant token of this client, if it is one. */
async function deviceViewerOf(ctx: PlayContext, clientId: number, deviceToken: string): Promise<number | null> {
  const row = await ctx.db
    .selectFrom('participant_tokens')
    .select('viewer_id')
    .where('token_hash', '=', hashSecret(deviceToken))
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.viewer_id ?? null;
}

/** The quiz as its link shows it before joining. */
export async function publicQuiz(ctx: PlayContext, hash: string, media: MediaUrls): Promise<PlayQuiz> {
  const quiz = await quizByHash(ctx, hash);
  const client = await ctx.db.selectFrom('clients').selectAll().where('id', '=', quiz.client_id).executeTakeFirstOrThrow();
  return {
    quiz_hash: quiz.quiz_hash,
    name: quiz.name,
    description: quiz.description,
    status: quiz.status,
    mode: quiz.mode,
    time_based: toBool(quiz.time_based),
    question_count: await questionCountOf(ctx, quiz.id),
    qs_timer: toCount(quiz.qs_timer),
    before_qs_timer: toCount(quiz.before_qs_timer),
    timer_bw_qs: toCount(quiz.timer_bw_qs),
    show_count_down: toBool(quiz.show_count_down),
    show_options: toBool(quiz.show_options),
    sponsor_name: quiz.sponsor_name,
    sponsor_logo: media(quiz.sponsor_logo),
    start_date_time: quiz.start_date_time,
    end_date_time: quiz.end_date_time,
    join_with: await joinWith(ctx, quiz, client),
    join_open: joinOpen(quiz),
    branding: brandingOf(client, media),
    recent_participant_time: toCount(client.recent_participant_time),
    server_time: ctx.now(),
  };
}

/**
 * Refusals in the order a phone can act on them: unknown link, closed, waiting after many wrong codes, wrong
 * code, used up. Only this quiz's own counters are read (http/throttle.ts).
 */
export async function checkJoin(ctx: PlayContext, hash: string, joinCode: string, address: string): Promise<QuizRow> {
  const { throttle } = ctx;
  const quiz = await quizByHash(ctx, hash);
  checkJoinable(quiz);
  const target = `quiz:${quiz.id}`;
  const standing = await throttle.check(target, address);
  if (joinCode !== quiz.join_code) throw await throttle.wrongCode(target, address);
  await throttle.rightCode(target, address, standing);
  return quiz;
}

/**
 * A form join. `deviceToken`: a participant token this device was given before (the join's cookie), whose
 * viewer this join continues when it names the same email; otherwise the join is a new participant, so
 * naming someone else's email neither changes their record nor uses their attempts.
 */
export async function join(
  ctx: PlayContext,
  hash: string,
  payload: JoinPayload,
  address: string,
  deviceToken: string | null,
): Promise<JoinedQuiz> {
  const quiz = await checkJoin(ctx, hash, payload.join_code, address);
  if (quiz.auth_used === 'SOCIAL_BASED') throw refused(403, PLAY_MESSAGES.formNotOffered);
  const deviceViewer = deviceToken === null ? undefined : ctx.cache.seats.get(hashSecret(deviceToken));
  const viewerId =
    deviceViewer?.clientId === quiz.client_id
      ? deviceViewer.viewerId
      : deviceToken === null
        ? null
        : await deviceViewerOf(ctx, quiz.client_id, deviceToken);
  const { token, viewer, attempt } = await seat(ctx, quiz, payload, { viewerId, byEmail: false });
  ctx.live.quizActivity(quiz.id);
  // A new attempt has answered nothing yet: no score to read.
  const fresh: PlayAttempt = { id: attempt.id, score: 0, time_taken: 0, rank: null, status: attempt.status };
  return { token, participant: participantOf(viewer), attempt: fresh, server_time: ctx.now() };
}

/** A participant signed in at the client's provider (social join). */
export async function joinAs(ctx: PlayContext, quiz: QuizRow, who: JoinPayload): Promise<{ token: string }> {
  checkJoinable(quiz);
  // The provider vouched for the email: it finds the participant's viewer.
  const { token } = await seat(ctx, quiz, who, { viewerId: null, byEmail: true });
  ctx.live.quizActivity(quiz.id);
  return { token };
}
