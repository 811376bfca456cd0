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

async function lintImport(probe: string, targetFolder: string): Promise<ESLint.LintResult['messages']> {
  const target = await aModuleOf(targetFolder);
  const code = `import * as imported from '${specifier(probe, target)}';\n\nexport const probe = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, probe) });
  return result?.messages ?? [];
}

const boundaryErrors = (messages: ESLint.LintResult['messages']) =>
  messages.filter((message) => message.ruleId === 'boundaries/dependencies');

describe('a layer importing what it must not', () => {
  it.each([
    ['a feature', 'another feature', 'src/features/quizzes/probe.ts', 'src/features/polls', /feature="quizzes".*feature="polls"/],
    ['local', 'sync', 'src/local/probe.ts', 'src/sync', /"local" to elements of type "sync"/],
    ['lib', 'live', 'src/lib/probe.ts', 'src/live', /"lib" to elements of type "live"/],
    ['lib', 'api', 'src/lib/probe.ts', 'src/api', /"lib" to elements of type "api"/],
    ['api', 'local', 'src/api/probe.ts', 'src/local', /"api" to elements of type "local"/],
    ['ui', 'features', 'src/ui/probe.ts', 'src/features/quizzes', /"ui" to elements of type "feature"/],
    ['ui', 'app', 'src/ui/probe.ts', 'src/app', /"ui" to elements of type "app"/],
    ['ui', 'session', 'src/ui/probe.ts', 'src/session', /"ui" to elements of type "session"/],
    ['store', 'ui', 'src/store/probe.ts', 'src/ui', /"store" to elements of type "ui"/],
    ['a feature', 'local (the database)', 'src/features/quizzes/probe.ts', 'src/local', /feature="quizzes".*"local"/],
    ['sync', 'features', 'src/sync/probe.ts', 'src/features/quizzes', /"sync" to elements of type "feature"/],
    ['live', 'sync', 'src/live/probe.ts', 'src/sync', /"live" to elements of type "sync"/],
    ['the server', 'src/features', 'server/probe.ts', 'src/features/quizzes', /"server" to elements of type "feature"/],
    ['the server', 'src/local', 'server/probe.ts', 'src/local', /"server" to elements of type "local"/],
    ['play', 'features', 'src/play/probe.ts', 'src/features/quizzes', /"play" to elements of type "feature"/],
    ['play', 'ui', 'src/play/probe.ts', 'src/ui', /"play" to elements of type "ui"/],
    ['the service worker', 'lib', 'sw/probe.ts', 'src/lib', /"sw" to elements of type "lib"/],
  ])('%s -> %s is refused', async (_from, _to, probe, target, message) => {
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
    ['a feature', 'ui', 'src/features/quizzes/probe.ts', 'src/ui'],
    ['a feature', 'live', 'src/features/quizzes/probe.ts', 'src/live'],
    ['a feature', 'lib', 'src/features/quizzes/probe.ts', 'src/lib'],
    ['lib', 'lib', 'src/lib/contract/probe.ts', 'src/lib'],
    ['sync', 'local', 'src/sync/probe.ts', 'src/local'],
    ['store', 'local', 'src/store/probe.ts', 'src/local'],
    ['live', 'api', 'src/live/probe.ts', 'src/api'],
    ['app', 'features', 'src/app/probe.ts', 'src/features/quizzes'],
    ['the server', 'src/lib', 'server/probe.ts', 'src/lib/contract'],
    ['play', 'live', 'src/play/probe.ts', 'src/live'],
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
