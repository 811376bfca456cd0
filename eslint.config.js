import js from '@eslint/js';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The layers of the portal, bottom to top (README "Architecture map"). Imports point down only: each layer
// names below what it may import; anything else is refused by boundaries/dependencies. Files within one
// element import each other freely; each feature folder is its own element, so one feature cannot reach
// into another.
const LAYERS = [
  { type: 'lib', pattern: 'src/lib', allow: [] },
  { type: 'api', pattern: 'src/api', allow: ['lib'] },
  { type: 'local', pattern: 'src/local', allow: ['lib'] },
  { type: 'sync', pattern: 'src/sync', allow: ['lib', 'api', 'local'] },
  { type: 'live', pattern: 'src/live', allow: ['lib', 'api'] },
  { type: 'store', pattern: 'src/store', allow: ['lib', 'api', 'local', 'sync', 'live'] },
  { type: 'ui', pattern: 'src/ui', allow: ['lib', 'api', 'live', 'store'] },
  { type: 'session', pattern: 'src/session', allow: ['lib', 'api', 'local', 'sync', 'live', 'store', 'ui'] },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'], allow: ['lib', 'api', 'live', 'store', 'ui', 'session'] },
  // The participants' app: a player's phone loads none of the portal.
  { type: 'play', pattern: 'src/play', allow: ['lib', 'live'] },
  {
    type: 'app',
    pattern: 'src/app',
    allow: ['lib', 'api', 'local', 'sync', 'live', 'store', 'ui', 'session', 'feature', 'play'],
  },
  // What else sits at the root of src/ (main.tsx, the test setup) is at the top too: nothing may import it.
  { type: 'app', pattern: 'src', allow: ['lib', 'api', 'local', 'sync', 'live', 'store', 'ui', 'session', 'feature', 'play', 'app'] },
  // The service worker stands alone; the server shares only src/lib with the portal.
  { type: 'sw', pattern: 'sw', allow: [] },
  { type: 'server', pattern: 'server', allow: ['lib'] },
];

const noReact = [
  {
    group: ['react', 'react-dom', 'react-*', '@mantine/*', 'dexie-react-hooks'],
    message: 'This layer has no React or Mantine.',
  },
];
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const RESOLVED_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'dev-dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'tests/bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'boundaries/elements': LAYERS.map(({ allow: _allow, ...element }) => ({ ...element, partialMatch: false })),
      'import/resolver': { node: { extensions: RESOLVED_EXTENSIONS } },
      'import-x/resolver-next': [createNodeResolver({ extensions: RESOLVED_EXTENSIONS })],
      // Only the project's own TypeScript is parsed for cycles, never a package's JavaScript.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // An import of a file that belongs to no layer (a config, a script) is refused too.
          checkUnknownLocals: true,
          policies: LAYERS.map(({ type, allow }) => ({ from: { element: { type } }, allow: { to: { element: { type: allow } } } })),
        },
      ],
    },
  },
  {
    // A cycle through type-only imports is harmless and not reported. No module imports a test, so no cycle
    // runs through one: tests are not checked, and packages are never followed (ignoreExternal).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Below the screens there is no React: these layers run in the sync engine, the service worker and the server.
  {
    files: ['src/lib/**/*.ts', 'src/api/**/*.ts', 'src/local/**/*.ts', 'src/sync/**/*.ts', 'sw/**/*.ts', 'server/**/*.ts'],
    rules: restrict(noReact),
  },
  // src/live's one React-aware file is its hook, so that screens share the subscription lifecycle.
  { files: ['src/live/**/*.ts'], ignores: ['src/live/use-live-quiz.ts', 'src/live/**/*.test.ts'], rules: restrict(noReact) },
);
