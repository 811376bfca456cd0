import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Proves eslint.config.js's layer rules by linting probe files: each probe sits inside a layer and imports a
// real module of a layer it must not reach. An allowed import of each kind lints clean, so the rules are
// not simply refusing everything. Targets are looked up on disk, so renaming a file does not break a probe.

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** A source module (not a test) of the folder, found on disk. */
async function aModuleOf(folder: string): Promise<string> {
  const entries = await readdir(path.join(ROOT, folder), { withFileTypes: true, recursive: true });
  const file = entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()[0];
  if (!file) throw new Error(`${folder} has no source module to import`);
  return file;
}

/** The specifier a file at `probe` writes to import `target`, as the code base does (relative, no extension). */
function specifier(probe: string, target: string): string {
  const relative = path.relative(path.dirname(path.join(ROOT, probe)), target).replace(/\.tsx?$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** `target`: a folder (one of its modules is imported) or one named source file. */
async function lintImport(probe: string, target: string): Promise<ESLint.LintResult['messages']> {
  const imported = /\.tsx?$/.test(target) ? path.join(ROOT, target) : await aModuleOf(target);
  const code = `import * as imported from '${specifier(probe, imported)}';\n\nexport const probe = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, probe) });
  return result?.messages ?? [];
}

const boundaryErrors = (messages: ESLint.LintResult['messages']) =>
  messages.filter((message) => message.ruleId === 'boundaries/dependencies');

describe('a layer importing what it must not', () => {
  it.each([
    [
      'a feature',
      'another feature',
      'src/portal/features/quizzes/probe.ts',
      'src/portal/features/polls',
      /feature="quizzes".*feature="polls"/,
    ],
    ['local', 'sync', 'src/portal/local/probe.ts', 'src/portal/sync', /"local" to elements of type "sync"/],
    ['lib', 'live', 'src/lib/probe.ts', 'src/live', /"lib" to elements of type "live"/],
    ['lib', 'api', 'src/lib/probe.ts', 'src/portal/api', /"lib" to elements of type "api"/],
    ['api', 'local', 'src/portal/api/probe.ts', 'src/portal/local', /"api" to elements of type "local"/],
    ['ui', 'features', 'src/portal/ui/probe.ts', 'src/portal/features/quizzes', /"ui" to elements of type "feature"/],
    ['ui', 'app', 'src/portal/ui/probe.ts', 'src/portal/app', /"ui" to elements of type "app"/],
    ['ui', 'session', 'src/portal/ui/probe.ts', 'src/portal/session', /"ui" to elements of type "session"/],
    ['store', 'ui', 'src/portal/store/probe.ts', 'src/portal/ui', /"store" to elements of type "ui"/],
    ['a feature', 'local (the database)', 'src/portal/features/quizzes/probe.ts', 'src/portal/local', /feature="quizzes".*"local"/],
    ['sync', 'features', 'src/portal/sync/probe.ts', 'src/portal/features/quizzes', /"sync" to elements of type "feature"/],
    ['live', 'sync', 'src/live/probe.ts', 'src/portal/sync', /"live" to elements of type "sync"/],
    [
      'the server',
      'src/portal/features',
      'server/quizzes/probe.ts',
      'src/portal/features/quizzes',
      /"server-feature".*to elements of type "feature"/,
    ],
    ['the server', 'src/portal/local', 'server/db/probe.ts', 'src/portal/local', /"server-db" to elements of type "local"/],
    ['play', 'features', 'src/play/probe.ts', 'src/portal/features/quizzes', /"play" to elements of type "feature"/],
    ['play', 'ui', 'src/play/probe.ts', 'src/portal/ui', /"play" to elements of type "ui"/],
    ['the service worker', 'lib', 'sw/probe.ts', 'src/lib', /"sw" to elements of type "lib"/],
    ['live', 'api (the portal client)', 'src/live/probe.ts', 'src/portal/api', /"live" to elements of type "api"/],
    ['live', 'features', 'src/live/probe.ts', 'src/portal/features/quizzes', /"live" to elements of type "feature"/],
  ])('%s -> %s is refused', async (_from, _to, probe, target, message) => {
    const errors = boundaryErrors(await lintImport(probe, target));
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(message);
  });

  it.each([
    ['db', 'a feature area', 'server/db/probe.ts', 'server/quizzes', /"server-db" to elements of type "server-feature"/],
    ['db', 'http', 'server/db/probe.ts', 'server/http', /"server-db" to elements of type "server-http"/],
    ['http', 'a feature area', 'server/http/probe.ts', 'server/accounts', /"server-http" to elements of type "server-feature"/],
    ['http', "the services' context", 'server/http/probe.ts', 'server/context.ts', /"server-http" to elements of type "server-root"/],
    ['the live channel', 'quizzes', 'server/live/probe.ts', 'server/quizzes', /"server-live" to elements of type "server-feature"/],
    ['the live channel', 'http', 'server/live/probe.ts', 'server/http', /"server-live" to elements of type "server-http"/],
    ['a feature area', 'another', 'server/polls/probe.ts', 'server/quizzes', /area="polls".*area="quizzes"/],
    ['play', "quizzes' writes", 'server/play/probe.ts', 'server/quizzes/quiz-service.ts', /area="play".*area="quizzes"/],
    ['quizzes', 'play', 'server/quizzes/probe.ts', 'server/play', /area="quizzes".*area="play"/],
    ['accounts', 'play', 'server/accounts/probe.ts', 'server/play', /area="accounts".*area="play"/],
    ['a feature area', 'the routes', 'server/quizzes/probe.ts', 'server/routes', /"server-feature".*"server-routes"/],
    ['a feature area', 'the app', 'server/quizzes/probe.ts', 'server/app.ts', /"server-feature".*"server-root"/],
    ['the routes', 'the app', 'server/routes/probe.ts', 'server/app.ts', /"server-routes" to elements of type "server-root"/],
    ["the services' context", 'play', 'server/context.ts', 'server/play', /"server-root".*"server-feature"/],
    ['the clock', 'the database', 'server/clock.ts', 'server/db', /"server-root" to elements of type "server-db"/],
    ['metrics', 'the database', 'server/metrics/probe.ts', 'server/db', /"server-base" to elements of type "server-db"/],
  ])('server: %s -> %s is refused', async (_from, _to, probe, target, message) => {
    const errors = boundaryErrors(await lintImport(probe, target));
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(message);
  });

  it('lib -> React is refused (no React below the screens)', async () => {
    const [result] = await eslint.lintText("import { useState } from 'react';\n\nexport const probe = useState;\n", {
      filePath: path.join(ROOT, 'src/lib/probe.ts'),
    });
    expect(result?.messages.map((message) => message.ruleId)).toEqual(['no-restricted-imports']);
  });
});

describe('a layer importing what it may', () => {
  it.each([
    ['a feature', 'ui', 'src/portal/features/quizzes/probe.ts', 'src/portal/ui'],
    ['a feature', 'live', 'src/portal/features/quizzes/probe.ts', 'src/live'],
    ['a feature', 'lib', 'src/portal/features/quizzes/probe.ts', 'src/lib'],
    ['lib', 'lib', 'src/lib/contract/probe.ts', 'src/lib'],
    ['sync', 'local', 'src/portal/sync/probe.ts', 'src/portal/local'],
    ['store', 'local', 'src/portal/store/probe.ts', 'src/portal/local'],
    ['app', 'features', 'src/portal/app/probe.ts', 'src/portal/features/quizzes'],
    ['the server', 'src/lib', 'server/quizzes/probe.ts', 'src/lib/contract'],
    ['play', 'live', 'src/play/probe.ts', 'src/live'],
    ['live', 'lib', 'src/live/probe.ts', 'src/lib/contract'],
    ['server: the routes', 'a feature area', 'server/routes/probe.ts', 'server/quizzes'],
    ['server: a feature area', 'http', 'server/quizzes/probe.ts', 'server/http'],
    ['server: a feature area', "the services' context", 'server/quizzes/probe.ts', 'server/context.ts'],
    ['server: a feature area', 'the clock', 'server/polls/probe.ts', 'server/clock.ts'],
    ['server: a feature area', 'the live channel', 'server/quizzes/probe.ts', 'server/live'],
    ['server: play', "quizzes' reads", 'server/play/probe.ts', 'server/quizzes/quiz-read.ts'],
    ['server: http', 'the database', 'server/http/probe.ts', 'server/db'],
    ['server: the database', 'the configuration', 'server/db/probe.ts', 'server/config.ts'],
    ['server: the app', 'the routes', 'server/app.ts', 'server/routes'],
    ['server: a test of a low layer', 'the test server', 'server/db/probe.test.ts', 'server/test'],
  ])('%s -> %s lints clean', async (_from, _to, probe, target) => {
    expect(await lintImport(probe, target)).toEqual([]);
  });
});

describe('an import cycle', () => {
  // no-cycle follows imports on disk, so the two probes are written inside the repository for the test.
  const folder = path.join(ROOT, `src/lib/__cycle_probe_${process.pid}__`);
  const first = `import { second } from './second';\n\nexport const first = (): number => second() + 1;\n`;

  beforeAll(async () => {
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'first.ts'), first);
    await writeFile(
      path.join(folder, 'second.ts'),
      `import { first } from './first';\n\nexport const second = (): number => first() - 1;\n`,
    );
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is refused', async () => {
    const [result] = await eslint.lintText(first, { filePath: path.join(folder, 'first.ts') });
    expect(result?.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
  });

  it('is not reported for a one-way import', async () => {
    const [result] = await eslint.lintText(`import { second } from './second';\n\nexport const third = second;\n`, {
      filePath: path.join(folder, 'third.ts'),
    });
    expect(result?.messages).toEqual([]);
  });
});
