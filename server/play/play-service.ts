import { SqliteAdapter, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AnswerAcknowledgement, AnswerPayload } from '../../src/lib/contract/answer';
import type { Participant, participantJoinPayload } from '../../src/lib/contract/participant';
import {
  PLAY_MESSAGES,
  attemptsUsedUpMessage,
  type JoinedQuiz,
  type PlayAttempt,
  type PlayBranding,
  type PlayQuestion,
  type PlayQuiz,
  type PlayState,
} from '../../src/lib/contract/play';
import { decodeOptions, isOptionLetter, type OptionLetter } from '../../src/lib/options-codec';
import { judgeAnswer, pointsFor, revealAt } from '../../src/lib/scoring';
import { hashSecret, newSecret } from '../http/secrets';
import type { Clock } from '../clock';
import { toBool, toCount } from '../db/rows';
import type { AttemptTable, ClientTable, Database, RoundTable, ViewerTable } from '../db/schema';
import { HttpError, badRequest } from '../http/errors';
import type { MediaUrls } from '../http/media-urls';
import type { JoinThrottle } from '../http/throttle';
import { questionIdsOf, type QuizRow } from '../quizzes/quiz-read';
import { answerWriter } from './answer-writer';
import { groupCommit } from './group-commit';
import { playCacheOf, roundKey, type CachedRound } from './play-cache';
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
import type { ParticipantSeat } from './participant-auth';
import type { PlayLive } from './play-live';
import { topTenOf } from './play-live';
import { isFinished, isSelfPaced, syncRounds } from './rounds';
import type { z } from 'zod';

// The participants' side of a quiz (docs/decisions.md "Play"): the public quiz, joining, the phone's state, answers and
// self-paced steps. Nothing leaks early: a question is sent from its answer_opens_at on, its correct option
// and the points from its reveal_at on; a score counts only revealed rounds.

type RoundRow = Selectable<RoundTable>;
type AttemptRow = Selectable<AttemptTable>;
const SECOND = 1000;
const JOINABLE = new Set(['ANNOUNCED', 'ACTIVATED', 'STARTED']);

export interface PlayDeps {
  db: Kysely<Database>;
  clock: Clock;
  throttle: JoinThrottle;
  live: PlayLive;
}

const refused = (status: number, detail: string) => new HttpError(status, { detail });

function brandingOf(client: Selectable<ClientTable>, media: MediaUrls): PlayBranding {
  return {
    business_name: client.business_name,
    description: client.description,
    business_logo: media(client.business_logo),
    background_image: media(client.background_image),
    mascot_logo: media(client.mascot_logo),
  };
}

/** Whose viewer a join continues: the device's own (by its earlier token), or the email's (a social join). */
interface SeatOwner {
  viewerId: number | null;
  byEmail: boolean;
}

/** What a join answers with of the viewer and of the new attempt. */
type JoinedViewer = Pick<Selectable<ViewerTable>, 'id' | 'username' | 'first_name' | 'last_name' | 'email' | 'mobile' | 'created_at'>;
type JoinedAttempt = Pick<AttemptRow, 'id' | 'status'>;

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

export function playService(deps: PlayDeps) {
  const { db, clock, throttle, live } = deps;
  const now = () => clock.now().getTime();
  const answers = answerWriter(db, clock);
  const cache = playCacheOf(db);
  /**
   * The reads of a quiz's shared round under way, by round key. When a question opens, every phone answers at
   * once and all of them miss the cache before the first read returns: on PostgreSQL each would read the
   * round, a hundred reads queued on the pool's ten connections (bench play: the first answers' acknowledgement
   * took 3-4 times the others', the whole p99). They wait for the first read instead.
   */
  const roundReads = new Map<string, Promise<CachedRound | undefined>>();
  const joins = groupCommit(db);
  const onPostgres = !(db.getExecutor().adapter instanceof SqliteAdapter);

  /** The quiz of a link, as read at most a second ago (play-cache.ts: every phone joins at once). */
  async function quizByHash(hash: string): Promise<QuizRow> {
    const cached = cache.quizzes.get(hash);
    if (cached) return cached;
    const quiz = await db.selectFrom('quizzes').selectAll().where('quiz_hash', '=', hash).executeTakeFirst();
    if (!quiz) throw refused(404, PLAY_MESSAGES.unknownQuiz);
    cache.quizzes.set(hash, quiz);
    return quiz;
  }

  async function clientOf(clientId: number): Promise<Selectable<ClientTable>> {
    return db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirstOrThrow();
  }

  async function joinWith(quiz: QuizRow, client: Selectable<ClientTable>) {
    const form = quiz.auth_used !== 'SOCIAL_BASED';
    const oidc = await db.selectFrom('client_oidc').select('label').where('client_id', '=', client.id).executeTakeFirst();
    const social = quiz.auth_used !== 'FORM_BASED' && toBool(client.social_auth_feature) && oidc !== undefined;
    return { form, social, social_label: social ? oidc?.label || null : null };
  }

  const joinOpen = (quiz: QuizRow) => toBool(quiz.active) && JOINABLE.has(quiz.status);

  /** The refusal for a quiz that takes no joins now, if any. */
  function checkJoinable(quiz: QuizRow): void {
    if (isFinished(quiz)) throw refused(403, PLAY_MESSAGES.quizClosed);
    if (!joinOpen(quiz)) throw refused(403, PLAY_MESSAGES.quizInactive);
  }

  async function attemptOf(seat: ParticipantSeat): Promise<AttemptRow> {
    const attempt = await db.selectFrom('attempts').selectAll().where('id', '=', seat.attemptId).executeTakeFirst();
    if (!attempt) throw refused(401, PLAY_MESSAGES.placeEnded);
    return attempt;
  }

  /** The round the participant is in now: the quiz's current one, or their own (self-paced). */
  async function currentRound(quiz: QuizRow, attemptId: number): Promise<RoundRow | undefined> {
    if (quiz.status !== 'STARTED') return undefined;
    if (isSelfPaced(quiz)) {
      return db
        .selectFrom('rounds')
        .selectAll()
        .where('quiz_id', '=', quiz.id)
        .where('scope', '=', attemptId)
        .orderBy('question_no', 'desc')
        .limit(1)
        .executeTakeFirst();
    }
    const questionNo = toCount(quiz.question_no);
    const find = () =>
      db
        .selectFrom('rounds')
        .selectAll()
        .where('quiz_id', '=', quiz.id)
        .where('scope', '=', 0)
        .where('question_no', '=', questionNo)
        .executeTakeFirst();
    const round = await find();
    const closed = round?.closes_at != null && toCount(round.closes_at) <= now();
    if (round && (quiz.question_started_at === null || closed || toCount(round.opened_at) === toCount(quiz.question_started_at))) {
      return round;
    }
    await syncRounds(db, clock, quiz);
    return find();
  }

  /** Score and time over the rounds revealed by now (what the participant may know). */
  async function revealedStanding(attemptId: number, at: number): Promise<{ score: number; time_taken: number }> {
    const row = await db
      .selectFrom('answers')
      .innerJoin('rounds', 'rounds.id', 'answers.round_id')
      .select((eb) => [eb.fn.sum<number>('answers.points').as('score'), eb.fn.sum<number>('answers.seconds').as('seconds')])
      .where('answers.attempt_id', '=', attemptId)
      .where('rounds.reveal_at', '<=', at)
      .executeTakeFirst();
    return { score: toCount(row?.score), time_taken: Number(row?.seconds ?? 0) };
  }

  async function playAttemptOf(quiz: QuizRow, attempt: AttemptRow, at: number): Promise<PlayAttempt> {
    const standing = await revealedStanding(attempt.id, at);
    const ranked = isFinished(quiz) && quiz.status !== 'RESULT_AWAITED';
    return {
      id: attempt.id,
      score: standing.score,
      time_taken: standing.time_taken,
      rank: ranked && attempt.rank !== null ? toCount(attempt.rank) : null,
      status: attempt.status,
    };
  }

  async function questionOf(quiz: QuizRow, round: RoundRow, media: MediaUrls): Promise<PlayQuestion | null> {
    const question = await db
      .selectFrom('questions')
      .select(['id', 'description', 'hint', 'image', 'options'])
      .where('id', '=', round.question_id)
      .executeTakeFirst();
    if (!question) return null;
    const showTexts = toBool(quiz.show_options);
    return {
      id: question.id,
      question_no: round.question_no,
      description: question.description,
      hint: question.hint,
      image: media(question.image),
      options: decodeOptions(question.options).map((option) => ({ letter: option.letter, text: showTexts ? option.text : null })),
    };
  }

  async function lastResult(quiz: QuizRow, attemptId: number, at: number): Promise<PlayState['last_result']> {
    const round = await db
      .selectFrom('rounds')
      .innerJoin('questions', 'questions.id', 'rounds.question_id')
      .select(['rounds.id', 'rounds.question_no', 'rounds.question_id', 'questions.correct_option', 'questions.options'])
      .where('rounds.quiz_id', '=', quiz.id)
      .where((eb) => eb.or([eb('rounds.scope', '=', 0), eb('rounds.scope', '=', attemptId)]))
      .where('rounds.reveal_at', '<=', at)
      .orderBy('rounds.reveal_at', 'desc')
      .orderBy('rounds.question_no', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!round || !isOptionLetter(round.correct_option)) return null;
    const answer = await db
      .selectFrom('answers')
      .select(['chosen_option', 'correct', 'points'])
      .where('attempt_id', '=', attemptId)
      .where('round_id', '=', round.id)
      .executeTakeFirst();
    const chosen = answer && isOptionLetter(answer.chosen_option) ? answer.chosen_option : null;
    const correctText = decodeOptions(round.options).find((option) => option.letter === round.correct_option)?.text ?? null;
    return {
      question_no: round.question_no,
      question: round.question_id,
      correct_option: round.correct_option,
      correct_text: toBool(quiz.show_options) ? correctText : null,
      chosen_option: chosen,
      correct: toBool(answer?.correct),
      points: toCount(answer?.points),
    };
  }

  async function stateOf(quiz: QuizRow, attempt: AttemptRow, media: MediaUrls): Promise<PlayState> {
    const at = now();
    const round = await currentRound(quiz, attempt.id);
    const open = round !== undefined && at >= toCount(round.answer_opens_at);
    const mine =
      round &&
      (await db
        .selectFrom('answers')
        .select(['question_id', 'chosen_option', 'chosen_at'])
        .where('attempt_id', '=', attempt.id)
        .where('round_id', '=', round.id)
        .executeTakeFirst());
    const results = isFinished(quiz) && quiz.status !== 'RESULT_AWAITED';
    const questionCount = (await questionIdsOf(db, [quiz.id])).get(quiz.id)?.length ?? 0;
    return {
      attempt: await playAttemptOf(quiz, attempt, at),
      quiz: {
        quiz_hash: quiz.quiz_hash,
        status: quiz.status,
        mode: quiz.mode,
        time_based: toBool(quiz.time_based),
        question_no: round ? round.question_no : isSelfPaced(quiz) ? 0 : toCount(quiz.question_no),
        question_count: questionCount,
        opened_at: round ? toCount(round.opened_at) : null,
        answer_opens_at: round ? toCount(round.answer_opens_at) : null,
        closes_at: round?.closes_at == null ? null : toCount(round.closes_at),
        reveal_at: round?.reveal_at == null ? null : toCount(round.reveal_at),
      },
      question: round && open ? await questionOf(quiz, round, media) : null,
      my_answer:
        mine && isOptionLetter(mine.chosen_option)
          ? { question: mine.question_id, chosen_option: mine.chosen_option, chosen_at: toCount(mine.chosen_at), counted: true }
          : null,
      last_result: await lastResult(quiz, attempt.id, at),
      top_ten: results ? await topTenOf(db, quiz.id) : null,
      server_time: at,
    };
  }

  async function acknowledgement(attemptId: number, roundId: number, at: number): Promise<AnswerAcknowledgement> {
    const row = await db
      .selectFrom('answers')
      .innerJoin('rounds', 'rounds.id', 'answers.round_id')
      .select(['answers.correct', 'answers.points', 'rounds.reveal_at'])
      .where('answers.attempt_id', '=', attemptId)
      .where('answers.round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    const revealed = row.reveal_at !== null && toCount(row.reveal_at) <= at;
    const { score } = await revealedStanding(attemptId, at);
    return revealed ? { counted: true, correct: toBool(row.correct), points: toCount(row.points), score } : { counted: true, score };
  }

  /**
   * The round a question of this quiz is answered in (with the question's correct option), or the refusal.
   * A live quiz's shared round is kept a moment (play-cache.ts) unless `fresh`: the answer's insert checks
   * it again in the database.
   */
  async function roundForAnswer(seatOfRequest: ParticipantSeat, questionId: number, fresh: boolean): Promise<CachedRound> {
    const { quizId, attemptId } = seatOfRequest;
    const key = roundKey(quizId, questionId);
    if (!fresh) {
      const cached = cache.rounds.get(key);
      if (cached) return cached;
      // Only a shared round serves another attempt; a round of the first reader's own is read again.
      const shared = await roundReads.get(key);
      if (shared?.scope === 0) return shared;
    }
    const find = () =>
      db
        .selectFrom('rounds')
        .innerJoin('questions', 'questions.id', 'rounds.question_id')
        .selectAll('rounds')
        .select('questions.correct_option')
        .where('rounds.quiz_id', '=', quizId)
        .where((eb) => eb.or([eb('rounds.scope', '=', 0), eb('rounds.scope', '=', attemptId)]))
        .where('rounds.question_id', '=', questionId)
        .orderBy('rounds.opened_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    const keep = (round: CachedRound) => {
      if (round.scope === 0) cache.rounds.set(key, round);
      else cache.rounds.delete(key);
      return round;
    };
    let round: CachedRound | undefined;
    if (fresh || roundReads.has(key)) round = await find();
    else {
      const reading = find();
      roundReads.set(key, reading);
      try {
        round = await reading;
      } finally {
        roundReads.delete(key);
      }
    }
    if (round) return keep(round);
    const quiz = await db.selectFrom('quizzes').selectAll().where('id', '=', quizId).executeTakeFirst();
    if (!quiz) throw refused(401, PLAY_MESSAGES.placeEnded);
    const inQuiz = ((await questionIdsOf(db, [quiz.id])).get(quiz.id) ?? []).includes(questionId);
    if (!inQuiz) throw badRequest(PLAY_MESSAGES.questionNotInQuiz);
    if (quiz.status !== 'STARTED' || isSelfPaced(quiz)) throw badRequest(PLAY_MESSAGES.questionNotOpen);
    // The quiz's change may not have been followed yet (its events run after the host's write).
    await syncRounds(db, clock, quiz);
    const synced = await find();
    if (!synced) throw badRequest(PLAY_MESSAGES.questionNotOpen);
    return keep(synced);
  }

  /** An answer, judged and written (see answer()). */
  async function answerAs(
    seatOfRequest: ParticipantSeat,
    payload: AnswerPayload,
    idempotencyKey: string | null,
  ): Promise<AnswerAcknowledgement> {
    // The hot path of a live quiz (every phone at once): the seat and the round usually come from the cache
    // and the answer is written in a batch with the others (answer-writer.ts), so most answers read nothing.
    const receivedAt = now();
    const { attemptId, quizId, clientId } = seatOfRequest;
    const trustedFrom = cache.contacts.trustedFrom(seatOfRequest.tokenHash, receivedAt);
    const replay = (row: { idempotency_key: string | null; chosen_option: string }) =>
      (idempotencyKey !== null && row.idempotency_key === idempotencyKey) ||
      (idempotencyKey === null && row.chosen_option === payload.chosen_option);
    /** A delivery of an answer already stored: acknowledged again when it is the same one. */
    const again = async (): Promise<AnswerAcknowledgement | null> => {
      const stored = await db
        .selectFrom('answers')
        .select(['idempotency_key', 'chosen_option', 'round_id'])
        .where('attempt_id', '=', attemptId)
        .where('question_id', '=', payload.question)
        .executeTakeFirst();
      if (!stored) return null;
      if (replay(stored)) return acknowledgement(attemptId, stored.round_id, receivedAt);
      throw refused(409, PLAY_MESSAGES.alreadyAnswered);
    };

    // Judged against the kept round first; whatever it refuses, or the insert does not write, is looked at
    // again against the database's.
    for (let fresh = false; ; fresh = true) {
      const round = await roundForAnswer(seatOfRequest, payload.question, fresh);
      const opensAt = toCount(round.answer_opens_at);
      const judged = judgeAnswer(
        {
          answer_opens_at: opensAt,
          closes_at: round.closes_at === null ? null : toCount(round.closes_at),
          reveal_at: round.reveal_at === null ? null : toCount(round.reveal_at),
          qs_timer: toCount(round.qs_timer),
        },
        payload.chosen_at,
        receivedAt,
        trustedFrom,
      );
      if (!judged.counted) {
        if (!fresh) continue;
        // A repeat of an answer counted in time is acknowledged, however late the repeat arrives.
        const repeated = await again();
        if (repeated) return repeated;
        throw badRequest(judged.reason === 'tooLate' ? PLAY_MESSAGES.tooLate : PLAY_MESSAGES.questionNotOpen);
      }
      const correct = round.correct_option === payload.chosen_option;
      const points = pointsFor(correct, { answer_opens_at: opensAt, qs_timer: toCount(round.qs_timer) }, judged.chosen_at);
      const written = await answers.write(
        {
          client_id: clientId,
          quiz_id: quizId,
          attempt_id: attemptId,
          round_id: round.id,
          question_id: payload.question,
          question_no: round.question_no,
          chosen_option: payload.chosen_option as OptionLetter,
          chosen_at: judged.chosen_at,
          received_at: receivedAt,
          correct,
          points,
          seconds: judged.seconds,
          idempotency_key: idempotencyKey,
        },
        toCount(round.opened_at),
      );
      if (written.inserted) {
        live.quizActivity(quizId);
        const revealed = written.revealAt !== null && written.revealAt <= written.at;
        return revealed ? { counted: true, correct, points, score: written.score } : { counted: true, score: written.score };
      }
      // Already answered (or two deliveries of one answer at once: the loser reads what the winner stored),
      // the round moved on since it was read, or the attempt was reset (answer() tells).
      const repeated = await again();
      if (repeated) return repeated;
      if (fresh) throw badRequest(PLAY_MESSAGES.tooLate);
    }
  }

  /**
   * The viewer of this join (their details updated): the device's own, or for a social join the email's; else a
   * new one (`made`: new in this transaction).
   */
  async function findOrCreateViewer(
    trx: Transaction<Database>,
    clientId: number,
    who: z.output<typeof participantJoinPayload>,
    at: string,
    owner: SeatOwner,
  ) {
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

  /**
   * The viewer of this join (see findOrCreateViewer) and a new attempt with its token, within max_attempt_count
   * (the viewer's details are kept even when the attempts are used up). SQLite: written in a
   * transaction shared with the joins arriving with it (group-commit.ts); PostgreSQL: in one statement
   * (seat-queries.ts).
   */
  async function seat(
    quiz: QuizRow,
    who: z.output<typeof participantJoinPayload>,
    owner: SeatOwner,
  ): Promise<{ token: string; viewer: JoinedViewer; attempt: JoinedAttempt }> {
    const max = toCount(quiz.max_attempt_count);
    const token = newSecret();
    const tokenHash = hashSecret(token);
    const joined = onPostgres
      ? await seatWithOneStatement(quiz, who, max, tokenHash, owner)
      : await seatInGroupCommit(quiz, who, max, tokenHash, owner);
    // The phone's next requests (every answer) find its seat kept rather than read: a seat never changes.
    cache.seats.set(tokenHash, { attemptId: joined.attempt.id, viewerId: joined.viewer.id, quizId: quiz.id, clientId: quiz.client_id });
    cache.contacts.record(tokenHash, now());
    return { token, ...joined };
  }

  async function seatInGroupCommit(
    quiz: QuizRow,
    who: z.output<typeof participantJoinPayload>,
    max: number,
    tokenHash: string,
    owner: SeatOwner,
  ) {
    return joins.run(async (trx) => {
      const at = clock.now().toISOString();
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

  async function seatWithOneStatement(
    quiz: QuizRow,
    who: z.output<typeof participantJoinPayload>,
    max: number,
    tokenHash: string,
    owner: SeatOwner,
  ) {
    const row = await seatOnPostgres(db, {
      clientId: quiz.client_id,
      email: who.email.toLowerCase(),
      firstName: who.first_name,
      lastName: who.last_name,
      mobile: who.mobile,
      at: clock.now().toISOString(),
      quizId: quiz.id,
      max,
      tokenHash,
      viewerId: owner.viewerId,
      byEmail: owner.byEmail,
    });
    if (row.attempt_id === null || row.attempt_status === null) throw refused(403, attemptsUsedUpMessage(max));
    return { viewer: row, attempt: { id: row.attempt_id, status: row.attempt_status } };
  }

  /** The viewer of a participant token of this client, if it is one. */
  async function deviceViewerOf(clientId: number, deviceToken: string): Promise<number | null> {
    const row = await db
      .selectFrom('participant_tokens')
      .select('viewer_id')
      .where('token_hash', '=', hashSecret(deviceToken))
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row?.viewer_id ?? null;
  }

  return {
    async publicQuiz(hash: string, media: MediaUrls): Promise<PlayQuiz> {
      const quiz = await quizByHash(hash);
      const client = await clientOf(quiz.client_id);
      const questionCount = (await questionIdsOf(db, [quiz.id])).get(quiz.id)?.length ?? 0;
      return {
        quiz_hash: quiz.quiz_hash,
        name: quiz.name,
        description: quiz.description,
        status: quiz.status,
        mode: quiz.mode,
        time_based: toBool(quiz.time_based),
        question_count: questionCount,
        qs_timer: toCount(quiz.qs_timer),
        before_qs_timer: toCount(quiz.before_qs_timer),
        timer_bw_qs: toCount(quiz.timer_bw_qs),
        show_count_down: toBool(quiz.show_count_down),
        show_options: toBool(quiz.show_options),
        sponsor_name: quiz.sponsor_name,
        sponsor_logo: media(quiz.sponsor_logo),
        start_date_time: quiz.start_date_time,
        end_date_time: quiz.end_date_time,
        join_with: await joinWith(quiz, client),
        join_open: joinOpen(quiz),
        branding: brandingOf(client, media),
        recent_participant_time: toCount(client.recent_participant_time),
        server_time: now(),
      };
    },

    /**
     * Refusals in the order a phone can act on them: unknown link, closed, waiting after many wrong codes, wrong
     * code, used up. Only this quiz's own counters are read (http/throttle.ts).
     */
    async checkJoin(hash: string, joinCode: string, address: string): Promise<QuizRow> {
      const quiz = await quizByHash(hash);
      checkJoinable(quiz);
      const target = `quiz:${quiz.id}`;
      const standing = await throttle.check(target, address);
      if (joinCode !== quiz.join_code) throw await throttle.wrongCode(target, address);
      await throttle.rightCode(target, address, standing);
      return quiz;
    },

    /**
     * A form join. `deviceToken`: a participant token this device was given before (the join's cookie), whose
     * viewer this join continues when it names the same email; otherwise the join is a new participant, so
     * naming someone else's email neither changes their record nor uses their attempts.
     */
    async join(
      hash: string,
      payload: z.output<typeof participantJoinPayload>,
      address: string,
      deviceToken: string | null = null,
    ): Promise<JoinedQuiz> {
      const quiz = await this.checkJoin(hash, payload.join_code, address);
      if (quiz.auth_used === 'SOCIAL_BASED') throw refused(403, PLAY_MESSAGES.formNotOffered);
      const deviceViewer = deviceToken === null ? undefined : cache.seats.get(hashSecret(deviceToken));
      const viewerId =
        deviceViewer?.clientId === quiz.client_id
          ? deviceViewer.viewerId
          : deviceToken === null
            ? null
            : await deviceViewerOf(quiz.client_id, deviceToken);
      const { token, viewer, attempt } = await seat(quiz, payload, { viewerId, byEmail: false });
      live.quizActivity(quiz.id);
      // A new attempt has answered nothing yet: no score to read.
      const fresh: PlayAttempt = { id: attempt.id, score: 0, time_taken: 0, rank: null, status: attempt.status };
      return { token, participant: participantOf(viewer), attempt: fresh, server_time: now() };
    },

    /** A participant signed in at the client's provider (social join). */
    async joinAs(quiz: QuizRow, who: z.output<typeof participantJoinPayload>): Promise<{ token: string }> {
      checkJoinable(quiz);
      // The provider vouched for the email: it finds the participant's viewer.
      const { token } = await seat(quiz, who, { viewerId: null, byEmail: true });
      live.quizActivity(quiz.id);
      return { token };
    },

    async state(seatOfRequest: ParticipantSeat, media: MediaUrls): Promise<PlayState> {
      const attempt = await attemptOf(seatOfRequest);
      const quiz = await db.selectFrom('quizzes').selectAll().where('id', '=', attempt.quiz_id).executeTakeFirstOrThrow();
      const state = await stateOf(quiz, attempt, media);
      cache.contacts.record(seatOfRequest.tokenHash, state.server_time);
      return state;
    },

    async answer(seatOfRequest: ParticipantSeat, payload: AnswerPayload, idempotencyKey: string | null): Promise<AnswerAcknowledgement> {
      try {
        const acknowledged = await answerAs(seatOfRequest, payload, idempotencyKey);
        cache.contacts.record(seatOfRequest.tokenHash, now());
        return acknowledged;
      } catch (error) {
        // The seat may have been kept after a reset (play-cache.ts): whatever the refusal, a place that has
        // ended says so.
        if (error instanceof HttpError && error.statusCode !== 401) {
          const attempt = await db.selectFrom('attempts').select('id').where('id', '=', seatOfRequest.attemptId).executeTakeFirst();
          if (!attempt) {
            cache.seats.delete(seatOfRequest.tokenHash);
            throw refused(401, PLAY_MESSAGES.placeEnded);
          }
        }
        throw error;
      }
    },

    /** Self-paced: opens the participant's next question. */
    async next(seatOfRequest: ParticipantSeat, media: MediaUrls): Promise<PlayState> {
      const at = now();
      const attempt = await attemptOf(seatOfRequest);
      const quiz = await db.selectFrom('quizzes').selectAll().where('id', '=', attempt.quiz_id).executeTakeFirstOrThrow();
      if (!isSelfPaced(quiz)) throw badRequest(PLAY_MESSAGES.notSelfPaced);
      if (quiz.status !== 'STARTED') throw badRequest(isFinished(quiz) ? PLAY_MESSAGES.quizClosed : PLAY_MESSAGES.questionNotOpen);
      const current = await currentRound(quiz, attempt.id);
      if (current) {
        const answered = await db.selectFrom('answers').select('id').where('round_id', '=', current.id).executeTakeFirst();
        const closed = current.closes_at !== null && toCount(current.closes_at) < at;
        if (!answered && !closed) throw badRequest(PLAY_MESSAGES.finishQuestionFirst);
      }
      const ids = (await questionIdsOf(db, [quiz.id])).get(quiz.id) ?? [];
      const questionNo = (current?.question_no ?? 0) + 1;
      const questionId = ids[questionNo - 1];
      if (questionId === undefined) throw badRequest(PLAY_MESSAGES.noMoreQuestions);
      const opens = at + toCount(quiz.before_qs_timer) * SECOND;
      const end = Date.parse(quiz.end_date_time);
      const closes = toCount(quiz.qs_timer) > 0 ? Math.min(opens + toCount(quiz.qs_timer) * SECOND, end) : end;
      await db
        .insertInto('rounds')
        .values({
          quiz_id: quiz.id,
          scope: attempt.id,
          attempt_id: attempt.id,
          question_no: questionNo,
          question_id: questionId,
          opened_at: at,
          answer_opens_at: opens,
          closes_at: closes,
          reveal_at: revealAt(closes, null),
          // Self-paced: a correct answer scores 1000 whatever the time (docs/decisions.md "Play").
          qs_timer: 0,
        })
        .onConflict((conflict) => conflict.columns(['quiz_id', 'scope', 'question_no']).doNothing())
        .execute();
      const state = await stateOf(quiz, attempt, media);
      cache.contacts.record(seatOfRequest.tokenHash, state.server_time);
      return state;
    },
  };
}

export type PlayService = ReturnType<typeof playService>;
