import type { CurrentUser } from '../../lib/contract/accounts';
import { portalDatabase, type PortalDatabase } from '../local/db';
import { forgetAccountData } from '../local/session-store';
import { appSyncEngine, type SyncEngine } from '../sync';
import { cacheUser, readCachedUser } from './user-cache';

/** What the session does with the offline data of the signed-in account; tests give their own. */
export interface AccountSync {
  /** A user is known: keep it for offline starts and start syncing. */
  begin(user: CurrentUser, fromServer: boolean): Promise<void>;
  /** Signed in again after a 401: send the paused queue. */
  resume(): Promise<void>;
  /** Explicit logout: stop syncing and forget the account's data, queued changes included. */
  end(): Promise<void>;
  /** Queued changes that have not reached the server (pending, failed or in conflict). */
  waitingChanges(): Promise<number>;
}

/** Same person on the same client: the kept queue and mirror are theirs. */
function sameAccount(a: CurrentUser, b: CurrentUser): boolean {
  return a.id === b.id && a.client === b.client;
}

export function createAccountSync(db: () => PortalDatabase, engine: () => Pick<SyncEngine, 'start' | 'stop' | 'signedIn'>): AccountSync {
  return {
    async begin(user, fromServer) {
      if (fromServer) {
        // A 401 at start logs out but keeps the queue (only an explicit logout wipes it); another
        // account signing in on this device must not send it, nor see the mirror.
        const previous = await readCachedUser(db());
        if (previous && !sameAccount(previous, user)) await forgetAccountData(db());
        await cacheUser(user, db());
      }
      await engine().start();
    },
    resume: () => engine().signedIn(),
    async end() {
      engine().stop();
      await forgetAccountData(db());
    },
    waitingChanges: () => db().outbox.count(),
  };
}

export const appAccountSync: AccountSync = createAccountSync(portalDatabase, appSyncEngine);
