/**
 * The device has no room left for the change (IndexedDB quota). The change was NOT saved: the UI
 * must tell the user, who can free space or go online, instead of losing the change silently.
 */
export class LocalStorageFullError extends Error {
  constructor(cause?: unknown) {
    super('This device has no storage space left: the change could not be saved.', { cause });
    this.name = 'LocalStorageFullError';
  }
}

/** True for IndexedDB's quota error, however Dexie wrapped it. */
export function isQuotaError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const named = current as { name?: unknown; inner?: unknown; cause?: unknown };
    if (named.name === 'QuotaExceededError') return true;
    current = named.inner ?? named.cause;
  }
  return false;
}

/** No row has this key (it was deleted, or never existed on this device). */
export class RecordNotFoundError extends Error {
  constructor(entity: string, key: string) {
    super(`No ${entity} row with key ${key}.`);
    this.name = 'RecordNotFoundError';
  }
}
