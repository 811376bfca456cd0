import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../test/support';
import { createClientCommand } from './create-client-command';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(() => server.close());

function run(args: string[]) {
  const lines: { info: string[]; error: string[] } = { info: [], error: [] };
  const out = { info: (line: string) => lines.info.push(line), error: (line: string) => lines.error.push(line) };
  return createClientCommand(args, { db: server.db, clock: server.clock, config: server.config, out }).then((code) => ({ code, ...lines }));
}

describe('npm run create-client', () => {
  it('creates a client whose admin can sign in, with a strong password', async () => {
    const result = await run(['--name', 'Acme', '--email', 'Boss@Acme.test', '--password', 'violet-lantern-orbit']);
    expect(result.code).toBe(0);
    expect(result.info[0]).toMatch(/^Created client \d+ \(admin user \d+, boss@acme\.test\)$/);
    await login(server, 'boss@acme.test', 'violet-lantern-orbit');
  });

  it('refuses a weak password, saying why, and creates nothing', async () => {
    const result = await run(['--name', 'Acme', '--email', 'boss@acme.test', '--password', 'password1']);
    expect(result.code).toBe(1);
    expect(result.error).toEqual([expect.stringMatching(/^--password refused\. This password is too easy to guess\. This is a/)]);
    const personal = await run(['--name', 'Acme', '--email', 'boss@acme.test', '--password', 'acmeboss1']);
    expect(personal.code).toBe(1);
    expect(await server.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('prints the usage for missing or unknown arguments', async () => {
    expect((await run(['--name', 'Acme'])).code).toBe(2);
    const unknown = await run(['--nme', 'Acme']);
    expect(unknown.code).toBe(2);
    expect(unknown.error.at(-1)).toMatch(/^Usage: npm run create-client/);
  });
});
