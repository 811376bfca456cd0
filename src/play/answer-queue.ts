import Dexie, { type Table } from 'dexie';
import type { AnswerAcknowledgement } from '../lib/contract/answer';
import type { OptionLetter } from '../lib/options-codec';
import { randomUuid } from '../lib/random-uuid';
import { PlayError } from './http';

// ★ An answer survives a Wi-Fi drop (docs/decisions.md "Play"). Choosing an option writes the answer, stamped with the
// moment it was chosen in server time and given an Idempotency-Key, to IndexedDB first; then it is sent, and
// sent again with the same key (the server answers a repeat with the first acknowledgement and counts nothing
// twice) until the server acknowledges it, across reloads and closed tabs. The stamp, not the moment it
// arrives, is what the server scores, within the 15 s it trusts a stamp by.

export type AnswerState = 'sending' | 'counted' | 'refused';

export interface QueuedAnswer {
  /** The Idempotency-Key of every try. */
  key: string;
  quizHash: string;
  attempt: number;
  /** The participant token the answer is sent with (the place it belongs to). */
  token: string;
  question: number;
  chosen_option: OptionLetter;
  /** When the option was chosen, server time (epoch ms). */
  chosen_at: number;
  /** sending: saved on this phone, not yet acknowledged; counted / refused: the server's word. */
  state: AnswerState;
  tries: number;
  /** The server's acknowledgement once it came. */
  ack: AnswerAcknowledgement | null;
  /** Why it does not count (the server's message), when it does not. */
  message: string | null;
}

export type NewAnswer = Pick<QueuedAnswer, 'quizHash' | 'attempt' | 'token' | 'question' | 'chosen_option' | 'chosen_at'>;

export class PlayDatabase extends Dexie {
  answers!: Table<QueuedAnswer, string>;
  constructor(name = 'quiz-play') {
    super(name);
    // Each version stays as written; a change adds version(n + 1), so queued answers survive an update.
    this.version(1).stores({ answers: 'key, [attempt+question], state' });
  }
}

/** Sends one answer; resolves with the acknowledgement, throws a PlayError on a refusal or no answer. */
export type SendAnswer = (answer: QueuedAnswer) => Promise<AnswerAcknowledgement>;

/** Waits before the next try: quick at first (a brief drop), never more than 5 s (the late window is 15 s). */
export function retryDelay(tries: number): number {
  return Math.min(500 * 2 ** Math.max(0, tries - 1), 5_000);
}

export interface QueueOptions {
  send: SendAnswer;
  /** Calls `run` after `ms` (a timer in the page, a manual clock in tests); returns a cancel. */
  schedule?: (run: () => void, ms: number) => () => void;
  /** A new Idempotency-Key. */
  newKey?: () => string;
}

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export class AnswerQueue {
  private readonly db: PlayDatabase;
  private readonly send: SendAnswer;
  private readonly schedule: NonNullable<QueueOptions['schedule']>;
  private readonly newKey: () => string;
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private cancelRetry: (() => void) | null = null;

  constructor(db: PlayDatabase, options: QueueOptions) {
    this.db = db;
    this.send = options.send;
    this.schedule = options.schedule ?? defaultSchedule;
    this.newKey = options.newKey ?? randomUuid;
  }

  /** Hears of every change of a queued answer (to redraw). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Keeps the answer and starts sending it. One answer per question: choosing again for a question already
   * answered on this phone returns the first answer unchanged.
   */
  async choose(answer: NewAnswer): Promise<QueuedAnswer> {
    const kept = await this.db.transaction('rw', this.db.answers, async () => {
      const existing = await this.db.answers.where('[attempt+question]').equals([answer.attempt, answer.question]).first();
      if (existing) return existing;
      const queued: QueuedAnswer = { ...answer, key: this.newKey(), state: 'sending', tries: 0, ack: null, message: null };
      await this.db.answers.add(queued);
      return queued;
    });
    this.notify();
    // A drain under way may have read the waiting answers before this one: it looks again when done.
    if (this.running) this.again = true;
    else void this.flush();
    return kept;
  }

  /** The answers kept for an attempt. */
  answersOf(attempt: number): Promise<QueuedAnswer[]> {
    return this.db.answers.where('[attempt+question]').between([attempt, Dexie.minKey], [attempt, Dexie.maxKey]).toArray();
  }

  /** Sends whatever waits now (at start, after a reload, when the phone is back online), not waiting for a retry. */
  flush(): Promise<void> {
    if (this.running) return this.running;
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.running = this.drain().finally(() => {
      this.running = null;
      // A retry already scheduled takes the newly chosen answer along.
      if (this.again && !this.cancelRetry) void this.flush();
      this.again = false;
    });
    return this.running;
  }

  /** Stops retrying (the page is going away, or a test ends). */
  stop(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private async drain(): Promise<void> {
    const waiting = await this.db.answers.where('state').equals('sending').toArray();
    waiting.sort((a, b) => a.chosen_at - b.chosen_at);
    for (const answer of waiting) {
      let result: Partial<QueuedAnswer>;
      try {
        const ack = await this.send(answer);
        result = { state: ack.counted ? 'counted' : 'refused', ack, tries: answer.tries + 1, message: null };
      } catch (error) {
        const refusal = error instanceof PlayError ? error : new PlayError(0, String(error));
        if (refusal.retryable) {
          const tries = answer.tries + 1;
          await this.db.answers.update(answer.key, { tries });
          this.notify();
          this.cancelRetry = this.schedule(() => void this.flush(), retryDelay(tries));
          return;
        }
        result = { state: 'refused', tries: answer.tries + 1, message: refusal.message };
      }
      await this.db.answers.update(answer.key, result);
      this.notify();
    }
  }
}
