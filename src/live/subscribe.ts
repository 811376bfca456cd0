import {
  livePoll,
  livePollPath,
  liveQuizCounts,
  liveQuizCountsPath,
  liveQuizPath,
  liveQuizTopTen,
  liveQuizTopTenPath,
  type LivePoll,
  type LiveQuizCounts,
  type LiveQuizTopTen,
} from '../lib/contract/live';
import { connectLive } from './connect';
import { parseLiveQuiz, type LiveQuiz } from './live-quiz';

// Subscriptions return their unsubscribe at once (before the lazy connection is open), so a screen can
// subscribe in an effect and clean up in its return without awaiting anything.

export type Unsubscribe = () => void;

/** Listens waiting for their turn, oldest first. */
const listensDue: (() => void)[] = [];

/** Starts the oldest waiting listen, and arranges the next one in a task of its own. */
function startNextListen(): void {
  const start = listensDue.shift();
  // The next one first: a listen that throws must not stop the others.
  if (listensDue.length > 0) setTimeout(startNextListen, 0);
  start?.();
}

/**
 * Starts `start` in a task of its own, after the listens already waiting. Each listen is a message to the server
 * and a query of the SDK's own: List Quiz's twenty nodes, all started in the task the connection opened in, made
 * one long task of a phone's main thread; one per task, none blocks input for long.
 */
function listenSoon(start: () => void): void {
  listensDue.push(start);
  if (listensDue.length === 1) setTimeout(startNextListen, 0);
}

/** Runs `listen` once connected, in a task of its own (`listenSoon`); unsubscribing before that cancels it. */
function whenConnected(
  listen: (connection: Awaited<ReturnType<typeof connectLive>>) => Unsubscribe,
  onError?: (error: Error) => void,
): Unsubscribe {
  let stop: Unsubscribe | null = null;
  let cancelled = false;
  connectLive().then(
    (connection) =>
      listenSoon(() => {
        if (!cancelled) stop = listen(connection);
      }),
    (error: unknown) => {
      if (!cancelled) onError?.(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return () => {
    cancelled = true;
    stop?.();
    stop = null;
  };
}

/**
 * Calls `onQuiz` with the quiz's live state now and on every change: null when the quiz has no node
 * (deleted, or not published yet). `onError` hears of a failed connection or a refused read.
 */
export function subscribeQuiz(quizHash: string, onQuiz: (quiz: LiveQuiz | null) => void, onError?: (error: Error) => void): Unsubscribe {
  return whenConnected(
    ({ database, sdk }) =>
      sdk.onValue(sdk.ref(database, liveQuizPath(quizHash)), (snapshot) => onQuiz(parseLiveQuiz(snapshot.val())), onError),
    onError,
  );
}

/** Calls `onChange` with whether the live channel is connected now (false until it first is). */
export function subscribeConnection(onChange: (connected: boolean) => void, onError?: (error: Error) => void): Unsubscribe {
  return whenConnected(
    ({ database, sdk }) => sdk.onValue(sdk.ref(database, '.info/connected'), (snapshot) => onChange(snapshot.val() === true)),
    onError,
  );
}

/** A node of the contract read with its schema: no node, or a malformed one, reads as null. */
function subscribeNode<T>(
  path: string,
  parse: (value: unknown) => { success: true; data: T } | { success: false },
  onNode: (node: T | null) => void,
  onError?: (error: Error) => void,
): Unsubscribe {
  return whenConnected(
    ({ database, sdk }) =>
      sdk.onValue(
        sdk.ref(database, path),
        (snapshot) => {
          const value: unknown = snapshot.val();
          const node = value === null ? null : parse(value);
          onNode(node?.success ? node.data : null);
        },
        onError,
      ),
    onError,
  );
}

/** The quiz's joined count and, once a question is revealed, its answers per option. */
export function subscribeQuizCounts(
  quizHash: string,
  onCounts: (counts: LiveQuizCounts | null) => void,
  onError?: (error: Error) => void,
): Unsubscribe {
  return subscribeNode(liveQuizCountsPath(quizHash), (value) => liveQuizCounts.safeParse(value), onCounts, onError);
}

/** The quiz's ten best, once results are announced. */
export function subscribeQuizTopTen(
  quizHash: string,
  onTopTen: (topTen: LiveQuizTopTen | null) => void,
  onError?: (error: Error) => void,
): Unsubscribe {
  return subscribeNode(liveQuizTopTenPath(quizHash), (value) => liveQuizTopTen.safeParse(value), onTopTen, onError);
}

/** A poll's votes per choice, by the poll's link key. */
export function subscribePoll(linkKey: string, onPoll: (poll: LivePoll | null) => void, onError?: (error: Error) => void): Unsubscribe {
  return subscribeNode(livePollPath(linkKey), (value) => livePoll.safeParse(value), onPoll, onError);
}
