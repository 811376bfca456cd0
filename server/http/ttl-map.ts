// The one expiring map of the server: the play cache's seats, rounds and quizzes (play/play-cache.ts) and the
// token owners (token-cache.ts) are kept in it.

const MAX_ENTRIES = 100_000;

/** A small map whose entries expire, dropping the oldest beyond its size. Times are real (performance.now). */
export class TtlMap<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = MAX_ENTRIES,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` for ttlMs from `from` (by default now: a value read earlier expires that much sooner). */
  set(key: K, value: V, from = this.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: from + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose key matches. */
  deleteWhere(matches: (key: K) => boolean): void {
    for (const key of this.entries.keys()) if (matches(key)) this.entries.delete(key);
  }

  /** Drops every entry whose value matches. */
  deleteWhereValue(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
