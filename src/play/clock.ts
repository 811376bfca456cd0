// The phone's estimate of the server's clock (docs/decisions.md "Play"): answers are stamped in server time, and countdowns
// end on every phone at the server's moment, whatever the phone's own clock says. Each answer from the server
// carries its time (`server_time`); the server read its clock somewhere between the request leaving and the answer
// arriving, so the best estimate is the midpoint, and the sample with the shortest round trip is the most exact.

export interface ClockSample {
  /** The server's time in its answer (epoch ms). */
  serverTime: number;
  /** The phone's clock when the request left, and when its answer arrived. */
  sentAt: number;
  receivedAt: number;
}

/** Samples kept: the best of the recent ones wins, so a phone whose clock jumps catches up. */
const KEPT = 8;

export class ServerClock {
  private samples: Array<{ offset: number; roundTrip: number }> = [];
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Adds one measurement; a negative round trip (the phone's clock moved) is ignored. */
  sample({ serverTime, sentAt, receivedAt }: ClockSample): void {
    const roundTrip = receivedAt - sentAt;
    if (!Number.isFinite(serverTime) || roundTrip < 0) return;
    this.samples.push({ offset: serverTime - (sentAt + receivedAt) / 2, roundTrip });
    if (this.samples.length > KEPT) this.samples.shift();
  }

  /** Server time minus phone time, in ms (0 before any sample). */
  get offset(): number {
    if (this.samples.length === 0) return 0;
    let best = this.samples[0]!;
    for (const candidate of this.samples) if (candidate.roundTrip < best.roundTrip) best = candidate;
    return Math.round(best.offset);
  }

  get known(): boolean {
    return this.samples.length > 0;
  }

  /** The phone's own clock. */
  localNow(): number {
    return this.now();
  }

  /** The server's clock now, as well as the phone knows it. */
  serverNow(): number {
    return Math.round(this.now() + this.offset);
  }

  /** The phone's clock at a moment of the server's (to set a timer for it). */
  toLocal(serverTime: number): number {
    return serverTime - this.offset;
  }
}

/** The page's clock, shared by its screens and the answer queue. */
export const serverClock = new ServerClock();

/** Runs a call whose answer has a `server_time` and feeds the clock with it. */
export async function timed<T extends { server_time: number }>(call: () => Promise<T>, clock: ServerClock = serverClock): Promise<T> {
  const sentAt = clock.localNow();
  const answer = await call();
  clock.sample({ serverTime: answer.server_time, sentAt, receivedAt: clock.localNow() });
  return answer;
}
