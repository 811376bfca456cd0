// Where Play's live nodes go (docs/decisions.md "Play"): the publisher's firebase-admin database in production, a
// recorder in tests, nothing by default. Writes are fire-and-forget, like the quiz node's.
export interface LiveWriter {
  write(path: string, value: unknown): void;
  remove(path: string): void;
}

export const noLiveWriter: LiveWriter = { write() {}, remove() {} };

/** Keeps every write, in order (tests inspect what players could read). */
export function recordingLiveWriter(): LiveWriter & { writes: { path: string; value: unknown }[]; latest(path: string): unknown } {
  const writes: { path: string; value: unknown }[] = [];
  return {
    writes,
    write(path, value) {
      writes.push({ path, value: structuredClone(value) });
    },
    remove(path) {
      writes.push({ path, value: null });
    },
    latest(path) {
      for (let i = writes.length - 1; i >= 0; i -= 1) if (writes[i]?.path === path) return writes[i]?.value;
      return undefined;
    },
  };
}
