import type { PlayQuiz, PlayState } from '../lib/contract/play';
import { playApi } from './api';
import { device } from './device';

// A quiz page's first two reads (the quiz, and the joined phone's play state), started by the entry as soon as it
// runs: the lobby needs both before it can paint, and waiting for the page's own chunk to load and
// mount first would add one more round trip to every phone's first screen. The page takes each one once; every
// later read (a retry, a live change) is a fresh request.

interface FirstReads {
  hash: string;
  quiz: Promise<PlayQuiz> | null;
  /** With the token it was read with: a sign-in that just replaced the session reads its own state. */
  state: { token: string; read: Promise<PlayState> } | null;
}

let first: FirstReads | null = null;

/** A read nobody took yet must not be reported as an unhandled rejection: its taker sees the failure. */
function quiet<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}

/** Starts the first reads of the quiz at `hash`: the quiz, and the play state when this phone has joined it. */
export function startFirstReads(hash: string): void {
  const session = device.session(hash);
  first = {
    hash,
    quiz: quiet(playApi.quiz(hash)),
    state: session ? { token: session.token, read: quiet(playApi.state(session.token)) } : null,
  };
}

/** The quiz read started by the entry, once; null when there is none (then the page reads it itself). */
export function takeFirstQuiz(hash: string): Promise<PlayQuiz> | null {
  if (first?.hash !== hash || !first.quiz) return null;
  const { quiz } = first;
  first.quiz = null;
  return quiz;
}

/** The play state read with `token` started by the entry, once; null otherwise. */
export function takeFirstState(hash: string, token: string): Promise<PlayState> | null {
  if (first?.hash !== hash || first.state?.token !== token) return null;
  const { read } = first.state;
  first.state = null;
  return read;
}
