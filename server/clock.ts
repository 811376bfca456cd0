/** The one source of "now" on the server, injected so tests can move time (reset expiry, scheduler). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: tests use it for expiry and rate-limit windows. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-01-01T09:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}
