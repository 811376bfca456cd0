import { loadOnce } from '../../lib/load-once';
import type { AccountSync } from './account-sync';

// The app's account sync, loaded with the first signed-in user: Dexie and the sync engine (about a
// third of the portal's start-up JavaScript) are not needed to show /login (a 120 kB budget).
// A chunk that failed to load (the network dropped before the worker had cached it) is asked for again by the
// next call (the next sign-in, the session's resume), rather than leaving the device unsynced for the page's life.

const load: () => Promise<AccountSync> = loadOnce(() => import('./account-sync').then((module) => module.appAccountSync));

export const lazyAppAccountSync: AccountSync = {
  begin: async (user, fromServer) => (await load()).begin(user, fromServer),
  resume: async () => (await load()).resume(),
  end: async () => (await load()).end(),
  waitingChanges: async () => (await load()).waitingChanges(),
};
