// Countdowns in every screen (the phones, the stage, the control screen) count alike.

/** Whole seconds left until `until`, rounded up (0 only once time is really up). */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}
