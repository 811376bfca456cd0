import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerAcknowledgement, answerPayload } from '../../src/lib/contract/answer';
import { participantJoinPayload } from '../../src/lib/contract/participant';
import {
  joinedQuiz,
  playPoll,
  playQuiz,
  playState,
  pollLinkParams,
  pollJoinPayload,
  pollVoterToken,
  quizHashParams,
  socialJoinPayload,
  socialJoinStart,
  votePayload,
  oidcCallbackQuery,
} from '../../src/lib/contract/play';
import { HttpError } from '../http/errors';
import { mediaUrlsOf } from '../http/media-urls';
import { absoluteUrl } from '../http/public-url';
import { OIDC_CALLBACK_PATH, oidcService } from '../play/oidc';
import { joinThrottle } from '../http/throttle';
import type { ServerContext } from '../context';
import { optionalParticipantKey, participantKeyOf, seatOf } from '../play/participant-auth';
import type { PlayLive } from '../play/play-live';
import { playService } from '../play/play-service';
import { pollPlayService } from '../play/poll-play-service';
import { deviceTokenOf, keepDeviceToken } from '../play/device-cookie';

// The participants' routes (docs/decisions.md "Play") under /api/v1/play/. Public: the quiz by its hash and the poll by
// its link key, and joining with the join code. With `Authorization: Participant <token>`: the phone's state,
// answers (Idempotency-Key: a repeat is acknowledged again, never counted twice) and self-paced steps; a
// voter token votes. Admin tokens open none of these, as participant tokens open no portal route.

export interface PlayContext extends ServerContext {
  playLive: PlayLive;
}

const MAX_KEY_LENGTH = 255;

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key) return null;
  if (key.length > MAX_KEY_LENGTH) throw new HttpError(400, { detail: `Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters.` });
  return key;
}

export const playRoutes: FastifyPluginAsyncZod<PlayContext> = async (app, ctx) => {
  const throttle = joinThrottle(ctx.db, ctx.clock);
  const play = playService({ db: ctx.db, clock: ctx.clock, throttle, live: ctx.playLive });
  const polls = pollPlayService({ db: ctx.db, clock: ctx.clock, throttle, live: ctx.playLive });
  const oidc = oidcService({ db: ctx.db, clock: ctx.clock, play, allowPrivateNetwork: ctx.config.oidcAllowPrivateNetwork });
  const seat = async (request: FastifyRequest) => seatOf(ctx.db, participantKeyOf(request));
  /** Participant routes refuse an admin token (or none) before reading the body: 401, not a 400 about it. */
  const participantOnly = { onRequest: async (request: FastifyRequest) => void participantKeyOf(request) };

  app.get('/api/v1/play/quizzes/:quiz_hash/', { schema: { params: quizHashParams, response: { 200: playQuiz } } }, async (request) =>
    play.publicQuiz(request.params.quiz_hash, mediaUrlsOf(request)),
  );

  app.post(
    '/api/v1/play/quizzes/:quiz_hash/join',
    { schema: { params: quizHashParams, body: participantJoinPayload, response: { 201: joinedQuiz } } },
    async (request, reply) => {
      const hash = request.params.quiz_hash;
      const joined = await play.join(hash, request.body, request.ip, deviceTokenOf(request, 'quiz', hash));
      keepDeviceToken(request, reply, 'quiz', hash, joined.token);
      return reply.code(201).send(joined);
    },
  );

  app.post(
    '/api/v1/play/quizzes/:quiz_hash/social',
    { schema: { params: quizHashParams, body: socialJoinPayload, response: { 200: socialJoinStart } } },
    async (request) => oidc.start(request.params.quiz_hash, request.body.join_code, request.ip, absoluteUrl(request, OIDC_CALLBACK_PATH)),
  );

  // The provider sends the phone back here; it goes on to the player app with its token (or the error).
  app.get(OIDC_CALLBACK_PATH, { schema: { querystring: oidcCallbackQuery } }, async (request, reply) =>
    reply.redirect(await oidc.callback(new URL(absoluteUrl(request, request.url))), 302),
  );

  app.get('/api/v1/play/attempt/', { ...participantOnly, schema: { response: { 200: playState } } }, async (request) =>
    play.state(await seat(request), mediaUrlsOf(request)),
  );

  app.post(
    '/api/v1/play/attempt/answers',
    { ...participantOnly, schema: { body: answerPayload, response: { 200: answerAcknowledgement } } },
    async (request) => {
      const who = await seat(request);
      return play.answer(who, request.body, idempotencyKeyOf(request));
    },
  );

  app.post('/api/v1/play/attempt/next', { ...participantOnly, schema: { response: { 200: playState } } }, async (request) =>
    play.next(await seat(request), mediaUrlsOf(request)),
  );

  app.get('/api/v1/play/polls/:link_key/', { schema: { params: pollLinkParams, response: { 200: playPoll } } }, async (request) =>
    polls.get(request.params.link_key, optionalParticipantKey(request), mediaUrlsOf(request)),
  );

  app.post(
    '/api/v1/play/polls/:link_key/join',
    { schema: { params: pollLinkParams, body: pollJoinPayload, response: { 201: pollVoterToken } } },
    async (request, reply) => {
      const key = request.params.link_key;
      const voter = await polls.join(key, request.body.join_code, request.ip, deviceTokenOf(request, 'poll', key));
      keepDeviceToken(request, reply, 'poll', key, voter.token);
      return reply.code(201).send(voter);
    },
  );

  app.post(
    '/api/v1/play/polls/:link_key/vote',
    { ...participantOnly, schema: { params: pollLinkParams, body: votePayload, response: { 200: playPoll } } },
    async (request) => {
      const key = participantKeyOf(request);
      await polls.vote(request.params.link_key, key, request.body.choice);
      return polls.get(request.params.link_key, key, mediaUrlsOf(request));
    },
  );
};
