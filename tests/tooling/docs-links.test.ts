import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is the front door and docs/ holds the rest: every relative link in them, and every repository path
// the documents name in backquotes, must point at something that exists, so a moved file shows up here.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCUMENTS = [
  'README.md',
  'server/README.md',
  'tests/bench/README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The targets of `[text](target)` links that are neither web addresses nor anchors in the same page. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^(https?:|mailto:|#)/.test(target))
    .map((target) => target.replace(/#.*$/, ''));
}

/** Backquoted paths of the repository's own source folders (`src/...`, `server/...`, ...), without globs. */
function namedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/`((?:src|server|tests|scripts|sw|docs|deploy)\/[\w./-]+)`/g)]
    .map((match) => match[1] ?? '')
    .filter((named) => !/[*{}<>]|\.\.\./.test(named));
}

describe('the documentation', () => {
  it.each(DOCUMENTS)('%s links only to files that exist', (document) => {
    const markdown = readFileSync(path.join(ROOT, document), 'utf8');
    const missing = relativeLinks(markdown).filter((target) => !existsSync(path.resolve(path.dirname(path.join(ROOT, document)), target)));
    expect(missing).toEqual([]);
  });

  it.each(DOCUMENTS)('%s names only repository paths that exist', (document) => {
    const markdown = readFileSync(path.join(ROOT, document), 'utf8');
    const missing = namedPaths(markdown).filter((named) => !existsSync(path.join(ROOT, named.replace(/\/$/, ''))));
    expect(missing).toEqual([]);
  });

  it('keeps the README a front door', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(200);
  });
});
