import { backoffDelay } from './backoff';
import {
  FIRST_CHECK_MS,
  FRESH_MS,
  PROBE_BACKOFF,
  ServerConnection,
  listenForHints,
  meansUnreachable,
  whenBackOnline,
  type ConnectionState,
} from './server-connection';

/** A manual clock: timers run when the test moves time on. */
function manualClock() {
  let now = 0;
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  return {
    now: () => now,
    schedule: (run: () => void, ms: number) => {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
    /** Moves time on by `ms`, running the timers due on the way. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => !timer.cancelled && timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        due.cancelled = true;
        now = due.at;
        due.run();
      }
      now = until;
    },
    pending: () => timers.filter((timer) => !timer.cancelled).map((timer) => timer.at - now),
  };
}

/** A probe the test answers: each call waits until the test settles it. */
function scriptedProbe() {
  const calls: { resolve: (status: number) => void; reject: (error: Error) => void }[] = [];
  const probe = vi.fn(
    () =>
      new Promise<number>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return {
    probe,
    async answer(status: number) {
      calls.shift()?.resolve(status);
      await Promise.resolve();
      await Promise.resolve();
    },
    async fail() {
      calls.shift()?.reject(new TypeError('Failed to fetch'));
      await Promise.resolve();
      await Promise.resolve();
    },
    waiting: () => calls.length,
  };
}

function setUp(visible = () => true, heardElsewhere?: () => boolean) {
  const clock = manualClock();
  const server = scriptedProbe();
  const connection = new ServerConnection({
    probe: server.probe,
    schedule: clock.schedule,
    now: clock.now,
    random: () => 0.5,
    visible,
    heardElsewhere,
  });
  const seen: ConnectionState[] = [];
  connection.subscribe(() => seen.push(connection.getState()));
  return { clock, server, connection, seen };
}

describe('meansUnreachable', () => {
  it('is no answer, or a proxy that could not reach the server; any other status is an answer', () => {
    expect([0, 502, 503, 504].every(meansUnreachable)).toBe(true);
    expect([200, 201, 204, 400, 401, 404, 409, 429, 500].some(meansUnreachable)).toBe(false);
  });
});

describe('ServerConnection', () => {
  it('is checking until the server answers: online after an answer, offline after a failure, at once', () => {
    const { connection, seen } = setUp();
    expect(connection.getState()).toBe('checking');
    connection.answered(200);
    expect(connection.getState()).toBe('online');
    connection.answered(404);
    expect(connection.getState()).toBe('online');
    connection.unreachable();
    expect(connection.getState()).toBe('offline');
    connection.answered(500);
    expect(connection.getState()).toBe('online');
    connection.answered(503);
    expect(connection.getState()).toBe('offline');
    expect(seen).toEqual(['online', 'offline', 'online', 'offline']);
  });

  it("started while checking, probes unless the app's own requests answer first", async () => {
    const { connection, server, clock } = setUp();
    connection.start();
    clock.advance(FIRST_CHECK_MS - 1);
    expect(server.probe).not.toHaveBeenCalled();
    clock.advance(1);
    expect(server.probe).toHaveBeenCalledTimes(1);
    await server.answer(200);
    expect(connection.getState()).toBe('online');

    const other = setUp();
    other.connection.start();
    other.connection.answered(200);
    other.clock.advance(FIRST_CHECK_MS);
    expect(other.server.probe).not.toHaveBeenCalled();
  });

  it('starts listening for hints once, with its first start', () => {
    const listen = vi.fn();
    const connection = new ServerConnection({
      probe: () => new Promise<number>(() => undefined),
      listen,
      schedule: manualClock().schedule,
    });
    connection.start();
    connection.stop();
    connection.start();
    expect(listen).toHaveBeenCalledTimes(1);
    expect(listen).toHaveBeenCalledWith(connection);
  });

  it('started while offline, probes at once', () => {
    const { connection, server } = setUp();
    connection.unreachable();
    connection.start();
    expect(server.probe).toHaveBeenCalledTimes(1);
  });

  it('offline, probes again with growing waits until the server answers, then is online', async () => {
    const { connection, server, clock } = setUp();
    connection.answered(200);
    connection.start();
    connection.unreachable();
    const waits = [1, 2, 3, 4, 5].map((failures) => backoffDelay(failures, PROBE_BACKOFF, () => 0.5));
    expect(waits).toEqual([750, 1500, 3000, 6000, 7500]);
    for (const wait of waits) {
      clock.advance(wait - 1);
      expect(server.probe).toHaveBeenCalledTimes(waits.indexOf(wait));
      clock.advance(1);
      expect(server.probe).toHaveBeenCalledTimes(waits.indexOf(wait) + 1);
      await server.fail();
      expect(connection.getState()).toBe('offline');
    }
    clock.advance(7500);
    await server.answer(200);
    expect(connection.getState()).toBe('online');
    // Back to the first wait after the next drop.
    connection.unreachable();
    expect(clock.pending()).toEqual([750]);
  });

  it('a proxy answering 502/503/504 to the probe keeps it offline', async () => {
    const { connection, server, clock } = setUp();
    connection.start();
    clock.advance(FIRST_CHECK_MS);
    await server.answer(502);
    expect(connection.getState()).toBe('offline');
    clock.advance(750);
    await server.answer(504);
    expect(connection.getState()).toBe('offline');
    clock.advance(1500);
    await server.answer(200);
    expect(connection.getState()).toBe('online');
  });

  it('many failed requests together schedule one probe, and do not lengthen the wait', async () => {
    const { connection, clock } = setUp();
    connection.answered(200);
    connection.start();
    for (let index = 0; index < 5; index += 1) connection.unreachable();
    expect(clock.pending()).toEqual([750]);
  });

  it('online, a seen page probes once no answer came for a while; a failed probe turns it offline', async () => {
    const { connection, server, clock } = setUp();
    connection.answered(200);
    connection.start();
    clock.advance(FRESH_MS / 2);
    connection.answered(200);
    clock.advance(FRESH_MS - 1);
    expect(server.probe).not.toHaveBeenCalled();
    clock.advance(1);
    expect(server.probe).toHaveBeenCalledTimes(1);
    await server.answer(200);
    expect(connection.getState()).toBe('online');
    clock.advance(FRESH_MS);
    expect(server.probe).toHaveBeenCalledTimes(2);
    await server.fail();
    expect(connection.getState()).toBe('offline');
  });

  it('a hidden page does not probe to stay fresh; shown again, it asks at once', async () => {
    let visible = false;
    const { connection, server, clock } = setUp(() => visible);
    connection.answered(200);
    connection.start();
    clock.advance(FRESH_MS * 5);
    expect(server.probe).not.toHaveBeenCalled();
    visible = true;
    connection.checkIfStale();
    expect(server.probe).toHaveBeenCalledTimes(1);
    await server.fail();
    expect(connection.getState()).toBe('offline');
  });

  it('shown again soon after an answer, it does not probe', () => {
    const { connection, server, clock } = setUp();
    connection.answered(200);
    connection.start();
    clock.advance(FRESH_MS / 2);
    connection.checkIfStale();
    expect(server.probe).not.toHaveBeenCalled();
  });

  it('while another connection to the server is open, stays online without probes; when it closes, asks at once', async () => {
    let open = true;
    const { connection, server, clock } = setUp(
      () => true,
      () => open,
    );
    connection.answered(200);
    connection.start();
    clock.advance(FRESH_MS * 30);
    expect(server.probe).not.toHaveBeenCalled();
    expect(connection.getState()).toBe('online');
    open = false;
    connection.elsewhereLost();
    expect(server.probe).toHaveBeenCalledTimes(1);
    await server.fail();
    expect(connection.getState()).toBe('offline');
  });

  it('the other connection closing soon after an answer does not probe; the freshness check then asks as before', () => {
    let open = true;
    const { connection, server, clock } = setUp(
      () => true,
      () => open,
    );
    connection.answered(200);
    connection.start();
    clock.advance(FRESH_MS / 2);
    open = false;
    connection.elsewhereLost();
    expect(server.probe).not.toHaveBeenCalled();
    clock.advance(FRESH_MS / 2);
    expect(server.probe).toHaveBeenCalledTimes(1);
  });

  it('offline, an open connection elsewhere does not stop the probes: only the server answers turn it online', async () => {
    const { connection, server, clock } = setUp(
      () => true,
      () => true,
    );
    connection.start();
    connection.unreachable();
    clock.advance(PROBE_BACKOFF.maxMs);
    expect(server.probe).toHaveBeenCalled();
    expect(connection.getState()).toBe('offline');
  });

  it('checkNow skips the wait of the backoff', async () => {
    const { connection, server, clock } = setUp();
    connection.start();
    clock.advance(FIRST_CHECK_MS);
    await server.fail();
    clock.advance(100);
    connection.checkNow();
    expect(server.probe).toHaveBeenCalledTimes(2);
    await server.answer(204);
    expect(connection.getState()).toBe('online');
    // The backoff's own probe was replaced, not added.
    clock.advance(PROBE_BACKOFF.firstMs);
    expect(server.probe).toHaveBeenCalledTimes(2);
  });

  it("a probe's failure does not undo an answer that came while it was out", async () => {
    const { connection, server } = setUp();
    connection.unreachable();
    connection.start();
    connection.answered(200);
    await server.fail();
    expect(connection.getState()).toBe('online');
  });

  it('not started, it never probes: outcomes only set the state', () => {
    const { connection, server, clock } = setUp();
    connection.unreachable();
    connection.checkNow();
    connection.checkIfStale();
    clock.advance(60_000);
    expect(server.probe).not.toHaveBeenCalled();
    expect(connection.getState()).toBe('offline');
  });

  it('stopped, its timers end and a probe still out reports nothing', async () => {
    const { connection, server, clock } = setUp();
    connection.start();
    clock.advance(FIRST_CHECK_MS);
    connection.stop();
    await server.fail();
    expect(connection.getState()).toBe('checking');
    clock.advance(60_000);
    expect(server.probe).toHaveBeenCalledTimes(1);
  });
});

describe('whenBackOnline', () => {
  it('runs when the server answers again after a drop, not on the first answer', () => {
    const { connection } = setUp();
    const run = vi.fn();
    const stop = whenBackOnline(connection, run);
    connection.answered(200);
    expect(run).not.toHaveBeenCalled();
    connection.unreachable();
    connection.unreachable();
    connection.answered(200);
    connection.answered(200);
    expect(run).toHaveBeenCalledTimes(1);
    stop();
    connection.unreachable();
    connection.answered(200);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('listenForHints', () => {
  it("the browser's online or offline event only makes it ask the server; the server's answer decides", async () => {
    const { connection, server } = setUp();
    connection.answered(200);
    connection.start();
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const stop = listenForHints(connection, win, doc);

    win.dispatchEvent(new Event('offline'));
    expect(connection.getState()).toBe('online');
    expect(server.probe).toHaveBeenCalledTimes(1);
    await server.answer(200);
    expect(connection.getState()).toBe('online');

    connection.unreachable();
    win.dispatchEvent(new Event('online'));
    expect(connection.getState()).toBe('offline');
    expect(server.probe).toHaveBeenCalledTimes(2);
    await server.fail();
    expect(connection.getState()).toBe('offline');

    stop();
    win.dispatchEvent(new Event('online'));
    expect(server.probe).toHaveBeenCalledTimes(2);
  });

  it('the page shown again asks when the last answer is old', () => {
    const { connection, server, clock } = setUp(() => false);
    connection.answered(200);
    connection.start();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    listenForHints(connection, new EventTarget(), doc);
    clock.advance(FRESH_MS);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(server.probe).not.toHaveBeenCalled();
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(server.probe).toHaveBeenCalledTimes(1);
  });
});
