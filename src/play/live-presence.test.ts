import { FRESH_MS, ServerConnection } from '../lib/server-connection';
import { LivePresence, servedBySameOrigin, type LiveChannel } from './live-presence';

// A phone in a lobby: while its live channel is connected to the page's own server, the socket is the server's
// answer and no health probe is sent; when the socket drops, the server is asked at once. A live channel elsewhere
// (real Firebase) proves nothing about this server.

function fakeLive(databaseURL: string) {
  let onChange: ((connected: boolean) => void) | null = null;
  const live: LiveChannel = {
    connectLive: async () => ({ database: { app: { options: { databaseURL } } } }),
    subscribeConnection: (listener) => {
      onChange = listener;
      return () => undefined;
    },
  };
  return { live, setConnected: (connected: boolean) => onChange?.(connected) };
}

/** A connection on a manual clock that counts its probes (each one unanswered until the test says). */
function phoneConnection(presence: LivePresence) {
  let now = 0;
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  const probes: ((status: number) => void)[] = [];
  const probe = vi.fn(() => new Promise<number>((resolve) => probes.push(resolve)));
  const connection = new ServerConnection({
    probe,
    now: () => now,
    schedule: (run, ms) => {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
    heardElsewhere: presence.isConnected,
  });
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((timer) => !timer.cancelled && timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      due.cancelled = true;
      now = due.at;
      due.run();
    }
    now = until;
  };
  return { connection, probe, advance };
}

const page = { host: '192.168.1.20:8080' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('servedBySameOrigin', () => {
  it("is the page's own host and port only", () => {
    expect(servedBySameOrigin('http://192.168.1.20:8080?ns=quiz-portal', page)).toBe(true);
    expect(servedBySameOrigin('http://192.168.1.20:9000?ns=quiz-portal', page)).toBe(false);
    expect(servedBySameOrigin('https://quiz-default-rtdb.firebaseio.com', page)).toBe(false);
    expect(servedBySameOrigin('', page)).toBe(false);
    expect(servedBySameOrigin('not a url', page)).toBe(false);
  });
});

describe('LivePresence', () => {
  it('a phone whose same-origin live channel is connected sends no health probe; when it drops, it asks at once', async () => {
    const presence = new LivePresence();
    const { connection, probe, advance } = phoneConnection(presence);
    const channel = fakeLive('http://192.168.1.20:8080?ns=quiz-portal');
    connection.answered(200);
    connection.start();
    presence.follow(channel.live, page, connection);
    await settle();
    channel.setConnected(true);
    advance(FRESH_MS * 60);
    expect(probe).not.toHaveBeenCalled();
    expect(connection.getState()).toBe('online');
    channel.setConnected(false);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('a live channel on another server (real Firebase) does not stand in for probes', async () => {
    const presence = new LivePresence();
    const { connection, probe, advance } = phoneConnection(presence);
    const channel = fakeLive('https://quiz-default-rtdb.firebaseio.com');
    connection.answered(200);
    connection.start();
    presence.follow(channel.live, page, connection);
    await settle();
    channel.setConnected(true);
    expect(presence.isConnected()).toBe(false);
    advance(FRESH_MS);
    expect(probe).toHaveBeenCalledTimes(1);
  });
});
