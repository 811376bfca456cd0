import type { AccountSync } from './account-sync';

// The app's account sync, loaded with the first signed-in user: Dexie and the sync engine (about a
// third of the portal's start-up JavaScript) are not needed to show /login (issue 20 §3: a 120 kB budget).

let loading: Promise<AccountSync> | null = null;

function load(): Promise<AccountSync> {
  loading ??= import('./account-sync').then((module) => module.appAccountSync);
  return loading;
}

export const lazyAppAccountSync: AccountSync = {
  begin: async (user, fromServer) => (await load()).begin(user, fromServer),
  resume: async () => (await load()).resume(),
  end: async () => (await load()).end(),
  waitingChanges: async () => (await load()).waitingChanges(),
};
