// The server's clock as a screen that follows the live channel knows it (the stage, the control screen).
// Firebase's own offset (/.info/serverTimeOffset) is the estimate; a node that carries `sent_at`, the server's
// time when it was written, arrived after it: `sent_at - received` is a lower bound of the offset, so the
// estimate is raised to the highest bound seen. (The player app measures its offset from the API's answers
// instead: src/play/clock.ts.)

export class LiveServerClock {
  private base = 0;
  private bound = Number.NEGATIVE_INFINITY;

  /** Firebase's offset (server minus this device, ms). */
  setBaseOffset(offset: number): void {
    if (Number.isFinite(offset)) this.base = offset;
  }

  /** A node written at `sentAt` (server ms) arrived at `receivedAt` (this device's ms). */
  sample(sentAt: number, receivedAt: number): void {
    if (sentAt > 0 && Number.isFinite(receivedAt)) this.bound = Math.max(this.bound, sentAt - receivedAt);
  }

  /** Server time minus this device's clock, in ms. */
  get offset(): number {
    return Math.round(Math.max(this.base, this.bound));
  }

  serverNow(localNow: number): number {
    return localNow + this.offset;
  }
}
