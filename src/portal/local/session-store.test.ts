import { createRecord } from './commands';
import { PortalDatabase } from './db';
import { forgetAccountData, readSessionValue, saveSessionValue } from './session-store';

let db: PortalDatabase;
beforeEach(() => {
  db = new PortalDatabase(`session-${crypto.randomUUID()}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

it('keeps the current user for offline use, with when it was saved', async () => {
  expect(await readSessionValue(db, 'currentUser')).toBeNull();
  await saveSessionValue(db, 'currentUser', { id: 1, username: 'admin' });
  const stored = await readSessionValue<{ username: string }>(db, 'currentUser');
  expect(stored?.value.username).toBe('admin');
  expect(stored?.savedAt).toBeGreaterThan(0);
});

it('forgets everything of the account on sign-out', async () => {
  await saveSessionValue(db, 'currentUser', { id: 1 });
  await createRecord(db, 'categories', { name: 'History' });
  await forgetAccountData(db);
  expect(await db.categories.count()).toBe(0);
  expect(await db.outbox.count()).toBe(0);
  expect(await readSessionValue(db, 'currentUser')).toBeNull();
});
