import { z } from 'zod';
import { OPTION_LETTERS } from '../options-codec';
import { QUIZ_MODES, QUIZ_STATUSES } from '../quiz-rules';
import { participant } from './participant';
import { builtOnFirstUse } from './built-on-first-use';

// The participants' side (docs/decisions.md "Play"): what the player app (src/play) and the server's participant
// routes (/api/v1/play/...) say to each other. The join payload and the answer are in participant.ts and
// answer.ts. Participants send `Authorization: Participant <token>`; admin tokens are never accepted here, and
// participant tokens never on the portal's routes.
//
// Nothing leaks early: `question` is null until its answering time opens (after the before_qs_timer alert), and
// whether an answer is right, with the correct option, is told only once the round is revealed (`reveal_at`:
// 15 s after it closed, or at once when every participant has answered).

// The messages and the 15-s grace live in play-messages.ts (no zod), so the player app's first screen can show
// them without loading the schemas; they are exported from here too, as the one declaration.
export { ANSWER_GRACE_MS, PLAY_MESSAGES, attemptsUsedUpMessage, tooManyJoinCodesMessage, tooManyVotersMessage } from './play-messages';

export const { quizHashParams, pollLinkParams, playBranding } = builtOnFirstUse(() => {
  /** The public links' keys: url-safe text; anything else cannot exist (404). */
  const hash = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
  const quizHashParams = z.object({ quiz_hash: hash });
  /** A poll is found by its link key, never by the admin's poll hash (guessable, unique per client only). */
  const pollLinkParams = z.object({ link_key: hash });

  const playBranding = z.object({
    business_name: z.string(),
    description: z.string(),
    /** Absolute URLs, or null. */
    business_logo: z.string().nullable(),
    background_image: z.string().nullable(),
    mascot_logo: z.string().nullable(),
  });

  return { quizHashParams, pollLinkParams, playBranding };
});

export const { playQuiz, playAttempt, playQuestion, playState, joinedQuiz } = builtOnFirstUse(() => {
  /** GET play/quizzes/{quiz_hash}/ (public): what the join screen and the lobby show before joining. */
  const playQuiz = z.object({
    quiz_hash: z.string(),
    name: z.string(),
    description: z.string(),
    status: z.enum(QUIZ_STATUSES),
    mode: z.enum(QUIZ_MODES),
    time_based: z.boolean(),
    question_count: z.number(),
    qs_timer: z.number(),
    before_qs_timer: z.number(),
    timer_bw_qs: z.number(),
    show_count_down: z.boolean(),
    show_options: z.boolean(),
    sponsor_name: z.string(),
    sponsor_logo: z.string().nullable(),
    start_date_time: z.string(),
    end_date_time: z.string(),
    /** How this quiz may be joined: the form, an account at the client's identity provider, or both. */
    join_with: z.object({ form: z.boolean(), social: z.boolean(), social_label: z.string().nullable() }),
    /** False from RESULT_AWAITED on, or while the quiz is not active. */
    join_open: z.boolean(),
    branding: playBranding,
    /** Seconds a join stays in the lobby's "just joined" list. */
    recent_participant_time: z.number(),
    /** The server's clock (epoch ms) when it answered: the phone's first clock-offset estimate. */
    server_time: z.number(),
  });

  const playAttempt = z.object({
    id: z.number(),
    score: z.number(),
    /** Seconds spent answering, summed over the answers. */
    time_taken: z.number(),
    rank: z.number().nullable(),
    status: z.string(),
  });

  /** The open question, without its correct option; `text` is null when the quiz's show_options is off. */
  const playQuestion = z.object({
    id: z.number(),
    question_no: z.number(),
    description: z.string(),
    hint: z.string(),
    /** Absolute URL, or null. */
    image: z.string().nullable(),
    options: z.array(z.object({ letter: z.enum(OPTION_LETTERS), text: z.string().nullable() })),
  });

  const rankingRow = z.object({ rank: z.number(), name: z.string(), score: z.number(), time_taken: z.number() });

  /** GET play/attempt/ (participant): everything the phone shows, read again on every live change. */
  const playState = z.object({
    attempt: playAttempt,
    quiz: z.object({
      quiz_hash: z.string(),
      status: z.enum(QUIZ_STATUSES),
      mode: z.enum(QUIZ_MODES),
      time_based: z.boolean(),
      question_no: z.number(),
      question_count: z.number(),
      /** The current round's moments (epoch ms, server time); null when no round is running. */
      opened_at: z.number().nullable(),
      answer_opens_at: z.number().nullable(),
      closes_at: z.number().nullable(),
      reveal_at: z.number().nullable(),
    }),
    question: playQuestion.nullable(),
    my_answer: z
      .object({ question: z.number(), chosen_option: z.enum(OPTION_LETTERS), chosen_at: z.number(), counted: z.boolean() })
      .nullable(),
    /** The latest revealed round this participant could answer. */
    last_result: z
      .object({
        question_no: z.number(),
        question: z.number(),
        correct_option: z.enum(OPTION_LETTERS),
        /** The correct option's text when the quiz shows option texts (show_options), else null; absent in a
         * state a phone kept from before it was sent. */
        correct_text: z.string().nullable().optional(),
        chosen_option: z.enum(OPTION_LETTERS).nullable(),
        correct: z.boolean(),
        points: z.number(),
      })
      .nullable(),
    /** At RESULT_ANNOUNCED and COMPLETED. */
    top_ten: z.array(rankingRow).nullable(),
    server_time: z.number(),
  });

  /** POST play/quizzes/{quiz_hash}/join: the token the phone keeps, and its place in the quiz. */
  const joinedQuiz = z.object({ token: z.string(), participant, attempt: playAttempt, server_time: z.number() });

  return { playQuiz, playAttempt, playQuestion, playState, joinedQuiz };
});

export const { socialJoinPayload, socialJoinStart, oidcCallbackQuery } = builtOnFirstUse(() => {
  /** POST play/quizzes/{quiz_hash}/social: the join code, checked before the phone leaves for the provider. */
  const socialJoinPayload = z.object({ join_code: z.string().trim().max(4) });
  const socialJoinStart = z.object({ authorization_url: z.string() });
  /** GET play/oidc/callback: what the provider sends back (read as they come; the service judges them). */
  const oidcCallbackQuery = z.looseObject({ state: z.string().max(512).optional(), code: z.string().max(4096).optional() });

  return { socialJoinPayload, socialJoinStart, oidcCallbackQuery };
});

export const { playPoll, pollJoinPayload, pollVoterToken, votePayload } = builtOnFirstUse(() => {
  /** GET play/polls/{link_key}/ (public; with a voter token also my_choice). */
  const playPoll = z.object({
    link_key: z.string(),
    name: z.string(),
    active: z.boolean(),
    show_options: z.boolean(),
    show_total_votes: z.boolean(),
    choices: z.array(z.object({ id: z.number(), name: z.string(), votes: z.number().nullable() })),
    /** Null unless show_total_votes. */
    total_votes: z.number().nullable(),
    my_choice: z.number().nullable(),
    branding: playBranding,
    server_time: z.number(),
  });
  const pollJoinPayload = z.object({ join_code: z.string().trim().max(4) });
  const pollVoterToken = z.object({ token: z.string() });
  const votePayload = z.object({ choice: z.number().int().positive() });

  return { playPoll, pollJoinPayload, pollVoterToken, votePayload };
});

export type PlayBranding = z.infer<typeof playBranding>;
export type PlayQuiz = z.infer<typeof playQuiz>;
export type PlayAttempt = z.infer<typeof playAttempt>;
export type PlayQuestion = z.infer<typeof playQuestion>;
export type PlayState = z.infer<typeof playState>;
export type JoinedQuiz = z.infer<typeof joinedQuiz>;
export type PlayPoll = z.infer<typeof playPoll>;
