import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';

// A lease in scheduler_locks: one server instance runs the AUTO scheduler at a time (docs/decisions.md "Live quiz state"). The
// holder renews it on every tick; when a holder dies its lease expires and another instance takes over.
// Two plain statements, each atomic on SQLite and PostgreSQL: create the row if missing, then take it
// if it is ours or expired.

export class SchedulerLock {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    readonly name: string,
    readonly holder: string,
    private readonly leaseMs: number,
  ) {}

  /** Takes or renews the lease; false while another holder's lease runs. */
  async acquire(): Promise<boolean> {
    const now = this.clock.now().getTime();
    const expiresAt = now + this.leaseMs;
    await this.db
      .insertInto('scheduler_locks')
      .values({ name: this.name, holder: this.holder, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const result = await this.db
      .updateTable('scheduler_locks')
      .set({ holder: this.holder, expires_at: expiresAt })
      .where('name', '=', this.name)
      .where((eb) => eb.or([eb('holder', '=', this.holder), eb('expires_at', '<=', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives the lease up (shutdown), so another instance need not wait for it to expire. */
  async release(): Promise<void> {
    await this.db.deleteFrom('scheduler_locks').where('name', '=', this.name).where('holder', '=', this.holder).execute();
  }
}
