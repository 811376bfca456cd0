import { liveQuizPath } from '../lib/contract/live';
import { connectLive } from './connect';
import { parseLiveQuiz, type LiveQuiz } from './live-quiz';

// Subscriptions return their unsubscribe at once (before the lazy connection is open), so a screen can
// subscribe in an effect and clean up in its return without awaiting anything.

export type Unsubscribe = () => void;

/** Runs `listen` once connected; unsubscribing before that cancels it. */
function whenConnected(
  listen: (connection: Awaited<ReturnType<typeof connectLive>>) => Unsubscribe,
  onError?: (error: Error) => void,
): Unsubscribe {
  let stop: Unsubscribe | null = null;
  let cancelled = false;
  connectLive().then(
    (connection) => {
      if (!cancelled) stop = listen(connection);
    },
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
