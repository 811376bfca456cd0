import type { Clock } from '../clock';

// Failed logins are counted per address and per email in a sliding window; past the limit, login
// answers 429 for that address or email until old failures leave the window. Successful logins do not
// count, so a test suite signing in often is not throttled. In memory: limits hold per server process.

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((time) => now - time < this.windowMs);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  /** Seconds until a try is allowed again for this address or email, or 0 when allowed now. */
  retryAfterSeconds(address: string, email: string): number {
    const now = this.clock.now().getTime();
    let wait = 0;
    for (const key of [`ip:${address}`, `email:${email}`]) {
      const times = this.recent(key, now);
      if (times.length >= this.limit) {
        const oldest = times[times.length - this.limit] ?? now;
        wait = Math.max(wait, Math.ceil((oldest + this.windowMs - now) / 1000));
      }
    }
    return wait;
  }

  recordFailure(address: string, email: string): void {
    const now = this.clock.now().getTime();
    // Forget idle keys now and then, so a flood of distinct emails cannot grow the map without bound.
    if (this.failures.size > 10_000) for (const key of [...this.failures.keys()]) this.recent(key, now);
    for (const key of [`ip:${address}`, `email:${email}`]) this.failures.set(key, [...this.recent(key, now), now]);
  }
}
