import { afterEach, beforeEach, expect, it } from 'vitest';
import { attemptsUsedUpMessage } from '../../src/lib/contract/play';
import { created } from '../db/rows';
import { HttpError } from '../http/errors';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { groupCommit } from './group-commit';
import { createPlayQuiz, deviceCookieOf, joinQuiz, playerForm, type SignedIn } from './play-test-support';

// Writes arriving together share one transaction (SQLite; on PostgreSQL each has its own); a refusal is
// refused alone, a failure fails alone.

let server: TestServer;
let admin: SignedIn;
beforeEach(async () => {
  server = await createTestServer();
  admin = await signedInTenant(server);
});
afterEach(() => server.close());

it('commits the writes arriving together, refuses one alone, and runs the others again when one fails', async () => {
  const commits = groupCommit(server.db);
  const category = (name: string) => () =>
    commits.run(async (trx) => {
      const row = await trx
        .insertInto('categories')
        .values({ name, ...created(server.clock, admin.clientId) })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (name === 'refused') throw new HttpError(403, { detail: 'no' });
      return row.id;
    });
  const names = ['one', 'two', 'refused', 'one', 'three'];
  const outcomes = await Promise.allSettled(names.map((name) => category(name)()));
  const statuses = outcomes.map((outcome) => outcome.status);
  expect([statuses[1], statuses[2], statuses[4]]).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  // One of the two 'one' writes loses to the unique name: the second on SQLite, either on PostgreSQL.
  expect([statuses[0], statuses[3]].sort()).toEqual(['fulfilled', 'rejected']);
  // The refused write's insert stays (it refused after writing, as on its own); the duplicate's does not.
  const rows = await server.db.selectFrom('categories').select('name').where('client_id', '=', admin.clientId).execute();
  expect(rows.map((row) => row.name).sort()).toEqual(['one', 'refused', 'three', 'two']);
});

it('seats a burst of joins, refusing only the one whose attempts are used up', async () => {
  const quiz = await createPlayQuiz(server, admin, { max_attempt_count: 1 });
  const again = playerForm();
  const first = await joinQuiz(server, quiz.hash, again);
  expect(first.statusCode).toBe(201);
  // Both refused joins come from the first one's device with the same new name: on PostgreSQL they commit in
  // either order.
  const device = deviceCookieOf(first);
  const renamed = { ...again, first_name: 'Renamed' };
  const forms = [playerForm(), playerForm(), renamed, playerForm(), renamed];
  const responses = await Promise.all(
    forms.map((form) => joinQuiz(server, quiz.hash, form, undefined, form === renamed ? device : undefined)),
  );
  expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 403, 201, 403]);
  expect((responses[2]?.json() as { detail: string }).detail).toBe(attemptsUsedUpMessage(1));
  const attempts = await server.db.selectFrom('attempts').select('id').where('quiz_id', '=', quiz.id).execute();
  expect(attempts).toHaveLength(4);
  const tokens = await server.db.selectFrom('participant_tokens').select('id').where('quiz_id', '=', quiz.id).execute();
  expect(tokens).toHaveLength(4);
  // The refused viewer's new details are kept, as before a join shared its transaction.
  const viewer = await server.db
    .selectFrom('viewers')
    .select('first_name')
    .where('email', '=', String(again.email))
    .executeTakeFirstOrThrow();
  expect(viewer.first_name).toBe('Renamed');
});
