import { backoffDelay, type BackoffRange } from './backoff';

// Whether the server answers, as the portal and the player app tell their users. Only the server's answers decide
// it: a venue's device often says it is connected (Wi-Fi joined, a captive portal, the server restarting) while no
// request gets through, and a browser may say "online" after a reload without any network at all
// (tests/e2e/connection.spec.ts). The browser's online/offline events and the page being shown again are only
// reasons to ask the server sooner. One other channel may stand in for answers while the state is online: an open
// connection to this same server (the phone's live channel when the server serves it, docs/decisions.md "Online
// means the server answers"), so a room of phones waiting in a lobby does not probe every few seconds.

/** checking: nothing has answered yet; online: the server answered recently; offline: it did not answer. */
export type ConnectionState = 'checking' | 'online' | 'offline';

/** What code that follows the connection reads (the sync engine, the answer queue, the screens). */
export interface Connection {
  getState(): ConnectionState;
  /** Hears of every change of state. */
  subscribe(listener: () => void): () => void;
  /** Starts asking the server by itself, if it can (once; later calls do nothing). */
  start?(): void;
}

/**
 * Statuses that mean the server itself did not answer: no answer at all (0: network error, timeout), or a proxy
 * in front of it saying it could not reach it or it is unavailable. Any other status is the server's answer.
 */
export function meansUnreachable(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

/** Waits between probes while the server does not answer: soon after a drop, then every 5-10 s. */
export const PROBE_BACKOFF: BackoffRange = { firstMs: 1_000, maxMs: 10_000 };
/** How long a start leaves the app's own first requests to give the first word before a probe asks. */
export const FIRST_CHECK_MS = 2_000;
/** An answer older than this no longer proves the server answers: while the page is seen, a probe asks again. */
export const FRESH_MS = 10_000;

export interface ServerConnectionOptions {
  /** One light request to the server (GET /api/health): resolves with its HTTP status, rejects without an answer. */
  probe: () => Promise<number>;
  /** Calls `run` after `ms`; returns a cancel (a timer in the page, a manual clock in tests). */
  schedule?: (run: () => void, ms: number) => () => void;
  now?: () => number;
  random?: () => number;
  /** Whether a person sees the page: a hidden page does not probe to keep its state fresh. */
  visible?: () => boolean;
  /** Called once by start(): where the app listens to the browser's hints (listenForHints). */
  listen?: (connection: ServerConnection) => void;
  /**
   * Whether another connection to this same server is open right now: while it is, an online state stays online
   * without probes. The app calls `elsewhereLost()` when it closes.
   */
  heardElsewhere?: () => boolean;
}

const timer = (run: () => void, ms: number) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

/**
 * The connection to the server, one per app, fed by the outcome of every request the app makes (`answered`,
 * `unreachable`). A failure turns it offline at once; then, once started, a probe asks again with growing waits
 * until the server answers. Online, a page that is seen probes when no answer came for FRESH_MS, so a server that
 * stops answering is noticed within seconds even when nothing else is asked of it.
 */
export class ServerConnection implements Connection {
  private state: ConnectionState = 'checking';
  private readonly listeners = new Set<() => void>();
  private readonly probe: () => Promise<number>;
  private readonly schedule: (run: () => void, ms: number) => () => void;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly visible: () => boolean;
  private readonly listen: (connection: ServerConnection) => void;
  private readonly heardElsewhere: () => boolean;
  private started = false;
  private listening = false;
  private failures = 0;
  private lastAnswerAt: number | null = null;
  private probing = false;
  /** Counts the server's answers, so a probe can tell whether one came while it was out. */
  private answers = 0;
  private answersBeforeProbe = 0;
  private cancelTimer: (() => void) | null = null;

  constructor(options: ServerConnectionOptions) {
    this.probe = options.probe;
    this.schedule = options.schedule ?? timer;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.visible = options.visible ?? (() => true);
    this.listen = options.listen ?? (() => undefined);
    this.heardElsewhere = options.heardElsewhere ?? (() => false);
  }

  readonly getState = (): ConnectionState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Starts asking the server by itself; before, outcomes only set the state. Checking, it probes unless a request
   * of the app's answers within FIRST_CHECK_MS; offline, at once.
   */
  readonly start = (): void => {
    if (this.started) return;
    this.started = true;
    if (!this.listening) {
      this.listening = true;
      this.listen(this);
    }
    if (this.state === 'online') this.scheduleFreshnessCheck();
    else if (this.state === 'checking') this.scheduleProbe(FIRST_CHECK_MS);
    else this.probeNow();
  };

  /** Stops every timer (the app never does; tests do). */
  stop(): void {
    this.started = false;
    this.clearTimer();
  }

  /** A request got an HTTP answer with this status. */
  answered(status: number): void {
    if (meansUnreachable(status)) {
      this.unreachable();
      return;
    }
    this.failures = 0;
    this.answers += 1;
    this.lastAnswerAt = this.now();
    this.set('online');
    if (this.started && !this.probing) this.scheduleFreshnessCheck();
  }

  /** A request got no answer (network error, timeout). */
  unreachable(): void {
    const wasOffline = this.state === 'offline';
    this.set('offline');
    // One probe waits at a time: a burst of failed requests neither shortens nor lengthens the backoff.
    if (!this.started || this.probing || (wasOffline && this.cancelTimer)) return;
    this.failures += 1;
    this.scheduleProbe(backoffDelay(this.failures, PROBE_BACKOFF, this.random));
  }

  /** The network may have changed (the browser's online or offline event): ask the server now. */
  checkNow(): void {
    if (this.started) this.probeNow();
  }

  /** The page is seen again: ask the server now unless it answered recently. */
  checkIfStale(): void {
    if (!this.started) return;
    if (this.state !== 'online' || this.isStale()) this.probeNow();
  }

  /** The other connection to the server (`heardElsewhere`) closed: ask the server now unless it answered recently. */
  elsewhereLost(): void {
    this.checkIfStale();
  }

  private isStale(): boolean {
    return this.lastAnswerAt === null || this.now() - this.lastAnswerAt >= FRESH_MS;
  }

  private set(state: ConnectionState): void {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  private clearTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private scheduleProbe(ms: number): void {
    this.clearTimer();
    this.cancelTimer = this.schedule(() => {
      this.cancelTimer = null;
      this.probeNow();
    }, ms);
  }

  private scheduleFreshnessCheck(): void {
    this.clearTimer();
    this.cancelTimer = this.schedule(() => {
      this.cancelTimer = null;
      if (!this.started || this.state !== 'online') return;
      // An open connection elsewhere to this server is as good as an answer (heardElsewhere).
      if (!this.isStale() || this.heardElsewhere()) this.scheduleFreshnessCheck();
      // Hidden, it waits to be shown (checkIfStale).
      else if (this.visible()) this.probeNow();
    }, FRESH_MS);
  }

  private probeNow(): void {
    if (this.probing) return;
    this.clearTimer();
    this.probing = true;
    this.answersBeforeProbe = this.answers;
    this.probe().then(
      (status) => this.probed(() => this.answered(status)),
      () => this.probed(() => this.unreachable()),
    );
  }

  private probed(report: () => void): void {
    this.probing = false;
    if (!this.started) return;
    // Another request answered while the probe was out: that answer is newer than the probe's failure.
    if (this.state === 'online' && this.answers > this.answersBeforeProbe) {
      this.scheduleFreshnessCheck();
      return;
    }
    report();
  }
}

/** Something that emits the browser's events (window, document), without naming the DOM's types. */
interface EventSource {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** Calls `run` each time the connection is online again after being offline (not on a start's first answer). */
export function whenBackOnline(connection: Connection, run: () => void): () => void {
  let previous = connection.getState();
  return connection.subscribe(() => {
    const state = connection.getState();
    if (state === 'online' && previous === 'offline') run();
    previous = state;
  });
}

/**
 * Lets the browser's hints speed the connection up, never decide it: its online and offline events ask the server
 * now; the page shown again asks unless an answer is recent. Returns a function that stops listening.
 */
export function listenForHints(
  connection: Pick<ServerConnection, 'checkNow' | 'checkIfStale'>,
  win: EventSource,
  doc: EventSource & { visibilityState: string },
): () => void {
  const changed = () => connection.checkNow();
  const shown = () => {
    if (doc.visibilityState === 'visible') connection.checkIfStale();
  };
  win.addEventListener('online', changed);
  win.addEventListener('offline', changed);
  doc.addEventListener('visibilitychange', shown);
  return () => {
    win.removeEventListener('online', changed);
    win.removeEventListener('offline', changed);
    doc.removeEventListener('visibilitychange', shown);
  };
}
