import { z } from 'zod';
import { OPTION_LETTERS } from '../options-codec';
import { QUIZ_MODES, QUIZ_STATUSES } from '../quiz-rules';
import { builtOnFirstUse } from './built-on-first-use';

// The live channel (docs/decisions.md "Live quiz state" and "Play"): Firebase Realtime Database nodes that only the server writes
// (firebase-admin, server/live/publisher.ts) and that clients read (src/live). Each node is declared here
// once: where it lives, and its schema. database.rules.json lets clients read exactly these paths and write
// none; server/live/local-rtdb.test.ts checks every path of LIVE_NODE_PATHS against it.
//
// Firebase stores no nulls: a field written as null is absent when read back, and an empty object or list
// is absent too. The schemas restore them, so `parse` of what a client reads gives the type the server
// wrote. Times are epoch milliseconds of the server, so every screen shows the same countdown.
//
// Each kind of node has its own subtree rather than children of the quiz node: a listener of the quiz node
// (every List Quiz row) then hears nothing of the answer counts, written up to 4 times a second.

/** A count of participants, answers or votes. */
const count = () => z.number().int().min(0);
/** A time the server leaves null while it does not apply (no question open): absent once stored. */
const moment = () => z.number().nullable().default(null);

// Each node is built on its own first use: a screen that follows quizzes builds only the quiz node's schema.

/** Every quiz's node sits under this path, keyed by quiz_hash (the server republishes the subtree whole). */
export const LIVE_QUIZZES_PATH = 'live/quizzes';
export const liveQuizPath = (quizHash: string): string => `${LIVE_QUIZZES_PATH}/${quizHash}`;

/** Where the quiz is (docs/decisions.md "Live quiz state"), written on every change of these fields and removed with the quiz. */
export const { liveQuiz } = builtOnFirstUse(() => ({
  liveQuiz: z.object({
    status: z.enum(QUIZ_STATUSES),
    mode: z.enum(QUIZ_MODES),
    question_no: count(),
    question_count: count(),
    /** When the current question opened; its before_qs_timer alert runs from here. */
    question_started_at: moment(),
    /** When its answering time ends (self-paced AUTO: the quiz's end). */
    question_ends_at: moment(),
    /** The quiz's updated_at: a screen compares it with its mirrored row to know which is newer. */
    updated_at: z.number(),
  }),
}));
/** A quiz's node as the server writes it, and as a reader gets it back from `liveQuiz.parse`. */
export type LiveQuiz = z.output<typeof liveQuiz>;
/** The same node as Firebase keeps it: null fields are absent. */
export type StoredLiveQuiz = z.input<typeof liveQuiz>;

// Play (docs/decisions.md "Play") writes the nodes below; they are declared here so that their place and shape,
// and the rules that let clients read them, are settled with the quiz node's.

/** Participants joined, and answers per option of the open question (written at most 4 times a second). */
export const liveQuizCountsPath = (quizHash: string): string => `live/quiz-counts/${quizHash}`;
export const { liveQuizCounts } = builtOnFirstUse(() => ({
  liveQuizCounts: z.object({
    joined: count(),
    /** The question the counts are of. */
    question_no: count(),
    /** Answers counted for that question so far. */
    answered: count().default(0),
    /** How many chose each option: written only once the round is revealed (absent before). */
    chosen: z.partialRecord(z.enum(OPTION_LETTERS), count()).default({}),
    /** When the round's answering opens and when it is revealed (may come early: everybody answered). */
    answer_opens_at: moment(),
    reveal_at: moment(),
    /** First names of those who joined within the client's recent_participant_time, newest first. */
    recent: z.array(z.string()).default([]),
    /** The server's clock when written (epoch ms): the phones' clock offset. */
    sent_at: z.number().default(0),
  }),
}));
export type LiveQuizCounts = z.output<typeof liveQuizCounts>;

/** The ten best, at RESULT_ANNOUNCED. */
export const liveQuizTopTenPath = (quizHash: string): string => `live/quiz-top-ten/${quizHash}`;
export const { liveQuizTopTen } = builtOnFirstUse(() => ({
  liveQuizTopTen: z.object({
    ranking: z.array(z.object({ rank: count(), name: z.string(), score: count(), time_taken: z.number().min(0) })).default([]),
    sent_at: z.number().default(0),
  }),
}));
export type LiveQuizTopTen = z.output<typeof liveQuizTopTen>;

/**
 * Firebase reads an object whose keys are mostly small whole numbers back as an array (keys 1, 2, 3 come back
 * as `[, n1, n2, n3]`): a poll's votes keyed by choice id often are. Turned back into the object written.
 */
const keyedByNumber = (value: unknown): unknown =>
  Array.isArray(value)
    ? Object.fromEntries(value.flatMap((entry, index) => (entry === null || entry === undefined ? [] : [[String(index), entry]])))
    : value;

/** A poll's votes per choice, keyed by choice id (a database key is text). */
export const livePollPath = (linkKey: string): string => `live/polls/${linkKey}`;
export const { livePoll } = builtOnFirstUse(() => ({
  livePoll: z.object({
    votes: z.preprocess(keyedByNumber, z.record(z.string(), count())).default({}),
    total: count().default(0),
    /** Whether voting is open (the portal opens and closes it). */
    active: z.boolean().default(false),
    sent_at: z.number().default(0),
  }),
}));
export type LivePoll = z.output<typeof livePoll>;

/** Every node's path builder: what the database rules must let clients read, and only read. */
export const LIVE_NODE_PATHS = [liveQuizPath, liveQuizCountsPath, liveQuizTopTenPath, livePollPath] as const;
