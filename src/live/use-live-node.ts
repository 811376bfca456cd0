import { useEffect, useState } from 'react';
import type { LiveQuizCounts } from '../lib/contract/live';
import type { LiveQuiz } from './live-quiz';
import { subscribeConnection, subscribeQuiz, subscribeQuizCounts } from './subscribe';

// The one React-aware file of live/: List Quiz rows and the quiz control screen both need "this quiz's
// live state, kept current, cleaned up on unmount", so the subscription's lifecycle is written once here.

export interface LiveQuizState {
  /** undefined until the first value arrives; null when the quiz has no live node. */
  quiz: LiveQuiz | null | undefined;
  error: Error | null;
}

/** The live state of a quiz (by quiz_hash); pass null to subscribe to nothing (e.g. no hash yet). */
export function useLiveQuiz(quizHash: string | null): LiveQuizState {
  const [state, setState] = useState<LiveQuizState & { hash: string | null }>({ hash: quizHash, quiz: undefined, error: null });
  useEffect(() => {
    if (!quizHash) return undefined;
    return subscribeQuiz(
      quizHash,
      (quiz) => setState({ hash: quizHash, quiz, error: null }),
      (error) => setState((current) => ({ ...current, hash: quizHash, error })),
    );
  }, [quizHash]);
  // A value of the previous hash is not this quiz's state.
  return state.hash === quizHash ? { quiz: state.quiz, error: state.error } : { quiz: undefined, error: null };
}

export interface LiveQuizCountsState {
  /** undefined until the first value arrives; null when the quiz has no counts node (nobody joined yet). */
  counts: LiveQuizCounts | null | undefined;
  error: Error | null;
}

/**
 * The quiz's play counts (joined, answered...; /live/quiz-counts/{quiz_hash}), kept current; pass
 * null to subscribe to nothing. The control screen shows them; List Quiz follows a page of them at once.
 */
export function useLiveQuizCounts(quizHash: string | null): LiveQuizCountsState {
  const [state, setState] = useState<LiveQuizCountsState & { hash: string | null }>({ hash: quizHash, counts: undefined, error: null });
  useEffect(() => {
    if (!quizHash) return undefined;
    return subscribeQuizCounts(
      quizHash,
      (counts) => setState({ hash: quizHash, counts, error: null }),
      (error) => setState((current) => ({ ...current, hash: quizHash, error })),
    );
  }, [quizHash]);
  return state.hash === quizHash ? { counts: state.counts, error: state.error } : { counts: undefined, error: null };
}

/** Whether the live channel is connected (false while connecting, offline or after a failure). */
export function useLiveConnection(): boolean {
  const [connected, setConnected] = useState(false);
  useEffect(() => subscribeConnection(setConnected, () => setConnected(false)), []);
  return connected;
}
