import { createRecord } from '../local/commands';
import { PortalDatabase } from '../local/db';
import { readSessionValue } from '../local/session-store';
import { createAccountSync } from './account-sync';
import { demoUser } from './test-fetch';
import { readCachedUser } from './user-cache';

let db: PortalDatabase;
const engine = { start: vi.fn(async () => undefined), stop: vi.fn(), signedIn: vi.fn(async () => undefined) };
const accountSync = () =>
  createAccountSync(
    () => db,
    () => engine,
  );

beforeEach(() => {
  db = new PortalDatabase(`account-${crypto.randomUUID()}`);
  localStorage.clear();
  vi.clearAllMocks();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

it('keeps the user in the local database for offline starts and starts syncing', async () => {
  await accountSync().begin(demoUser, true);
  expect(await readCachedUser(db)).toEqual(demoUser);
  expect(engine.start).toHaveBeenCalledOnce();
});

it('keeps the queue of the same account signing in again, and wipes another account’s', async () => {
  const sync = accountSync();
  await sync.begin(demoUser, true);
  await createRecord(db, 'categories', { name: 'Kept' });
  await sync.begin(demoUser, true);
  expect(await sync.waitingChanges()).toBe(1);
  await sync.begin({ ...demoUser, id: 99 }, true);
  expect(await sync.waitingChanges()).toBe(0);
  expect(await db.categories.count()).toBe(0);
  expect((await readCachedUser(db))?.id).toBe(99);
});

it('forgets everything on an explicit logout and stops the engine', async () => {
  const sync = accountSync();
  await sync.begin(demoUser, true);
  await createRecord(db, 'categories', { name: 'Lost' });
  await sync.end();
  expect(engine.stop).toHaveBeenCalled();
  expect(await sync.waitingChanges()).toBe(0);
  expect(await readSessionValue(db, 'currentUser')).toBeNull();
});

it('moves a user cached by an earlier version out of localStorage', async () => {
  localStorage.setItem('portal.user', JSON.stringify(demoUser));
  expect(await readCachedUser(db)).toEqual(demoUser);
  expect(localStorage.getItem('portal.user')).toBeNull();
  expect(await readCachedUser(db)).toEqual(demoUser);
});
