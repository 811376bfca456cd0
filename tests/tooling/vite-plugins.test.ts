import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import config from '../../vite.config';

// The portal build's own plugins that shape what /login loads, checked without building.

function plugin(name: string): Plugin {
  const found = (config.plugins ?? [])
    .flat()
    .find((entry): entry is Plugin => !!entry && typeof entry === 'object' && 'name' in entry && entry.name === name);
  if (!found) throw new Error(`no plugin ${name} in vite.config.ts`);
  return found;
}

/**
 * The function of a hook given either as a function or as `{ handler }`. Called below without Rollup's plugin
 * context (`this`), which these two hooks do not use; hence the casts to plain functions.
 */
function handlerOf<F>(hook: F | { handler: F } | undefined): F {
  if (!hook) throw new Error('no such hook');
  return typeof hook === 'object' && 'handler' in (hook as object) ? (hook as { handler: F }).handler : (hook as F);
}

describe('the low-priority entry script', () => {
  const transform = handlerOf(plugin('quiz-portal:low-priority-entry-script').transformIndexHtml) as unknown as (html: string) => string;

  it("adds fetchpriority=low to the tag Vite writes for the portal's entry, and to nothing else", () => {
    const html =
      '<head><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>';
    expect(transform(html)).toBe(
      '<head><script type="module" crossorigin fetchpriority="low" src="/assets/index-abc.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>',
    );
  });

  it('fails the build when Vite writes the tag some other way', () => {
    expect(() => transform('<head><script type="module" src="/assets/index-abc.js"></script></head>')).toThrow(/entry script tag/);
  });
});

describe("React Router's production files", () => {
  const resolve = handlerOf(plugin('quiz-portal:react-router-production').resolveId) as unknown as (source: string) => string | null;

  it('resolves react-router and react-router/dom to existing files of dist/production', () => {
    for (const source of ['react-router', 'react-router/dom']) {
      const file = resolve(source);
      expect(file).toMatch(/react-router[\\/]dist[\\/]production[\\/]/);
      expect(existsSync(file!)).toBe(true);
    }
  });

  it('leaves every other import alone', () => {
    expect(resolve('react-router-dom')).toBeNull();
    expect(resolve('react')).toBeNull();
  });
});

describe("React Router's unused components", () => {
  type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string; map: null };
  const transform = handlerOf(plugin('quiz-portal:react-router-unused-components').transform) as unknown as Transform;
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  };
  const productionDir = path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production');
  const chunk = readdirSync(productionDir).find(
    (file) => /^chunk-.*\.mjs$/.test(file) && readFileSync(path.join(productionDir, file), 'utf8').includes('var NavLink ='),
  );

  it("marks the installed version's forwardRef calls pure and drops its displayName lines, keeping every line in place", () => {
    expect(chunk).toBeDefined();
    const id = path.join(productionDir, chunk!);
    const code = readFileSync(id, 'utf8');
    const edited = transform.call(context, code, id).code;
    expect(edited.split('\n')).toHaveLength(code.split('\n').length);
    expect(edited).toMatch(/var NavLink = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/);
    expect(edited).toMatch(/var Form = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/);
    expect(edited).not.toMatch(/^(NavLink|Form|Link)\.displayName = /m);
  });

  it('fails the build when React Router no longer writes them that way', () => {
    expect(() => transform.call(context, 'export const forwardRef = () => null;', '/x/react-router/dist/production/index.mjs')).toThrow(
      /reactRouterUnusedComponents/,
    );
  });
});

describe("/login's chunk groups", () => {
  const groups = config.build?.rolldownOptions?.output;
  const http = (Array.isArray(groups) ? groups[0] : groups)?.codeSplitting;
  const httpGroup =
    typeof http === 'object' && http !== null && 'groups' in http ? http.groups?.find((group) => group.name === 'http') : undefined;

  it('puts ky and the HTTP client in a chunk of their own, and nothing /login draws with', () => {
    const test = httpGroup?.test;
    expect(test).toBeInstanceOf(RegExp);
    const matches = (id: string) => (test as RegExp).test(id);
    expect(matches('/app/node_modules/ky/distribution/core/Ky.js')).toBe(true);
    expect(matches('/app/src/portal/api/client.ts')).toBe(true);
    for (const id of [
      '/app/src/portal/api/accounts.ts',
      '/app/src/portal/api/errors.ts',
      '/app/src/portal/api/token.ts',
      '/app/node_modules/react/index.js',
    ])
      expect(matches(id)).toBe(false);
  });
});

describe("V8's explicit compile hints", () => {
  type Output =
    { type: 'chunk'; name: string; fileName: string; isEntry: boolean; code: string } | { type: 'asset'; fileName: string; source: string };
  const generateBundle = handlerOf(plugin('quiz-portal:eager-compile-hints').generateBundle) as unknown as (
    options: object,
    bundle: Record<string, Output>,
  ) => void;

  const chunk = (name: string, fileName: string, isEntry = false): Output => ({
    type: 'chunk',
    name,
    fileName,
    isEntry,
    code: 'import{a}from"./b.js";a();',
  });
  const map = (fileName: string): Output => ({ type: 'asset', fileName, source: JSON.stringify({ version: 3, mappings: 'AAAA,CAAC' }) });

  function built(): Record<string, Output> {
    const bundle: Record<string, Output> = {};
    for (const output of [
      chunk('index', 'assets/index-abc.js', true),
      chunk('router', 'assets/router-abc.js'),
      map('assets/router-abc.js.map'),
      chunk('ListQuizScreen', 'assets/ListQuizScreen-abc.js'),
      chunk('screens-vendor', 'assets/screens-vendor-abc.js'),
      chunk('editors-vendor', 'assets/editors-vendor-abc.js'),
      chunk('forms-vendor', 'assets/forms-vendor-abc.js'),
      chunk('index.esm', 'assets/index.esm-abc.js'),
    ])
      bundle[output.fileName] = output;
    generateBundle({}, bundle);
    return bundle;
  }

  const code = (output: Output | undefined) => (output?.type === 'chunk' ? output.code : '');

  it("puts the hint on the first line of the portal's own chunks, and shifts their source maps by that line", () => {
    const bundle = built();
    for (const file of ['assets/router-abc.js', 'assets/ListQuizScreen-abc.js', 'assets/screens-vendor-abc.js'])
      expect(code(bundle[file])).toBe('//# allFunctionsCalledOnLoad\nimport{a}from"./b.js";a();');
    const shifted = bundle['assets/router-abc.js.map'];
    expect(shifted?.type === 'asset' && JSON.parse(shifted.source)).toEqual({ version: 3, mappings: ';AAAA,CAAC' });
  });

  it("leaves the entry chunk (the sign-in form's), Firebase and the editors' and forms' libraries to compile lazily", () => {
    const bundle = built();
    for (const file of ['index', 'editors-vendor', 'forms-vendor', 'index.esm'])
      expect(code(bundle[`assets/${file}-abc.js`])).toBe('import{a}from"./b.js";a();');
  });
});
