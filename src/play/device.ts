import type { PlayQuiz, PlayState } from '../lib/contract/play';
import type { PlaySession } from './screen';

// What the phone keeps between visits (docs/decisions.md "Play", rejoin): the participant token and attempt of each quiz,
// the voter token of each poll, and the last quiz and play state seen, so a refresh, a closed tab or a reload
// while offline comes back to the same attempt and the same screen. localStorage: small, synchronous (the first
// screen needs it before anything else loads); the answers themselves are in IndexedDB (answer-queue.ts).

const PREFIX = 'play:';

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs the rejoin after a reload.
  }
}

function isSession(value: unknown): value is PlaySession {
  const session = value as PlaySession | null;
  return !!session && typeof session.token === 'string' && (typeof session.attempt === 'number' || session.attempt === null);
}

export const device = {
  session(quizHash: string): PlaySession | null {
    const value = read<unknown>(`quiz:${quizHash}:session`);
    return isSession(value) ? value : null;
  },
  saveSession(quizHash: string, session: PlaySession | null): void {
    write(`quiz:${quizHash}:session`, session);
    if (session === null) write(`quiz:${quizHash}:state`, null);
  },
  quiz(quizHash: string): PlayQuiz | null {
    return read<PlayQuiz>(`quiz:${quizHash}:quiz`);
  },
  saveQuiz(quizHash: string, quiz: PlayQuiz): void {
    write(`quiz:${quizHash}:quiz`, quiz);
  },
  state(quizHash: string): PlayState | null {
    return read<PlayState>(`quiz:${quizHash}:state`);
  },
  saveState(quizHash: string, state: PlayState): void {
    write(`quiz:${quizHash}:state`, state);
  },
  voterToken(linkKey: string): string | null {
    const value = read<unknown>(`poll:${linkKey}:token`);
    return typeof value === 'string' ? value : null;
  },
  saveVoterToken(linkKey: string, token: string | null): void {
    write(`poll:${linkKey}:token`, token);
  },
};

/**
 * What the sign-in callback hands back in the address: `#token=…` (joined) or `#error=…` (refused, the server's
 * message). Removed from the address at once, so a reload or a shared link does not carry it.
 */
export function takeFromAddress(
  name: 'token' | 'error',
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  history?: History,
): string | null {
  const match = new RegExp(`(?:^#|&)${name}=([^&]*)`).exec(location.hash);
  if (!match) return null;
  history?.replaceState(null, '', location.pathname + location.search);
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export function takeTokenFromAddress(location: Pick<Location, 'hash' | 'pathname' | 'search'>, history?: History): string | null {
  return takeFromAddress('token', location, history);
}
