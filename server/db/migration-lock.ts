import SQLite from 'better-sqlite3';

// Several server instances may start together (a rolling deploy, `docker compose up` with two replicas), each
// running `npm run migrate` first. PostgreSQL: Kysely's migrator holds an advisory lock (pg_advisory_lock)
// while it migrates, so one instance migrates and the others wait, then find nothing left to do. SQLite has no
// such lock; this one is an exclusive transaction on a small file beside the database, which SQLite's own
// file locking keeps, and the operating system releases if the holder dies.

const RETRY_MS = 100;
/** A migration that takes longer than this on another process is stuck: say so rather than wait for ever. */
const GIVE_UP_MS = 5 * 60 * 1000;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/** Runs `run` while holding the lock file `file`, waiting (without blocking the event loop) while another holds it. */
export async function withSqliteMigrationLock<T>(file: string, run: () => Promise<T>): Promise<T> {
  const lock = new SQLite(file, { timeout: 0 });
  try {
    const giveUpAt = Date.now() + GIVE_UP_MS;
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() > giveUpAt) throw new Error(`Another process has been migrating the database for too long (lock ${file})`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    try {
      return await run();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
