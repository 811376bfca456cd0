import js from '@eslint/js';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The layers of the product, bottom to top (docs/architecture.md "Layers"). Imports point down only: each
// layer names below what it may import; anything else is refused by boundaries/dependencies. Files within one
// element import each other freely; each feature folder (the portal's and the server's) is its own element,
// so one feature cannot reach into another unless the table names the one file it may read.
// The files at the root of server/ sit at three heights: the clock and the configuration under everything,
// the services' context (context.ts) under the feature areas, and app.ts and main.ts at the top.
const SERVER_BASE_FILES = { type: 'server-root', fileInternalPath: ['clock.ts', 'config.ts'] };
const SERVER_CONTEXT_FILE = { type: 'server-root', fileInternalPath: 'context.ts' };
const SERVER_BELOW_CONTEXT = ['lib', SERVER_BASE_FILES, 'server-base', 'server-db', 'server-live', 'server-http'];
const SERVER_BELOW_FEATURES = [...SERVER_BELOW_CONTEXT, SERVER_CONTEXT_FILE];
const SERVER_ALL = [...SERVER_BELOW_FEATURES, 'server-feature', 'server-routes', 'server-app', 'server-root'];

const LAYERS = [
  { type: 'lib', pattern: 'src/lib', allow: [] },
  { type: 'api', pattern: 'src/portal/api', allow: ['lib'] },
  { type: 'local', pattern: 'src/portal/local', allow: ['lib'] },
  { type: 'sync', pattern: 'src/portal/sync', allow: ['lib', 'api', 'local'] },
  // The live channel is shared by the portal, the stage and the player app: it reaches none of the portal.
  { type: 'live', pattern: 'src/live', allow: ['lib'] },
  { type: 'store', pattern: 'src/portal/store', allow: ['lib', 'api', 'local', 'sync', 'live'] },
  { type: 'ui', pattern: 'src/portal/ui', allow: ['lib', 'api', 'live', 'store'] },
  { type: 'session', pattern: 'src/portal/session', allow: ['lib', 'api', 'local', 'sync', 'live', 'store', 'ui'] },
  { type: 'feature', pattern: 'src/portal/features/*', capture: ['feature'], allow: ['lib', 'api', 'live', 'store', 'ui', 'session'] },
  // The participants' app: a player's phone loads none of the portal.
  { type: 'play', pattern: 'src/play', allow: ['lib', 'live'] },
  {
    type: 'app',
    pattern: 'src/portal/app',
    allow: ['lib', 'api', 'local', 'sync', 'live', 'store', 'ui', 'session', 'feature', 'play'],
  },
  // What else sits at the root of src/portal (main.tsx) and of src/ (the test setup) is at the top too: nothing may
  // import it.
  {
    type: 'app',
    pattern: 'src/portal',
    allow: ['lib', 'api', 'local', 'sync', 'live', 'store', 'ui', 'session', 'feature', 'play', 'app'],
  },
  { type: 'app', pattern: 'src', allow: ['lib', 'api', 'local', 'sync', 'live', 'store', 'ui', 'session', 'feature', 'play', 'app'] },
  // The service worker stands alone.
  { type: 'sw', pattern: 'sw', allow: [] },
  // The server shares only src/lib with the portal. Its layers, bottom to top: what every part uses (the clock
  // and the configuration, metrics, mail); the database; the live channel's writer; the HTTP plumbing and
  // stored files; the services' context; the feature areas; the routes; what wires it all (app.ts, main.ts,
  // the demo, the CLI, the test server).
  { type: 'server-base', pattern: ['server/metrics', 'server/mail'], allow: ['lib', SERVER_BASE_FILES] },
  { type: 'server-db', pattern: 'server/db', allow: ['lib', SERVER_BASE_FILES, 'server-base'] },
  { type: 'server-live', pattern: 'server/live', allow: ['lib', SERVER_BASE_FILES, 'server-base', 'server-db'] },
  {
    type: 'server-http',
    pattern: ['server/http', 'server/storage'],
    allow: ['lib', SERVER_BASE_FILES, 'server-base', 'server-db', 'server-live', 'server-http'],
  },
  { type: 'server-routes', pattern: 'server/routes', allow: [...SERVER_BELOW_FEATURES, 'server-feature'] },
  { type: 'server-app', pattern: ['server/demo', 'server/cli', 'server/test'], allow: SERVER_ALL },
  // Each feature area (accounts, quizzes, play...) is its own element, like the portal's features.
  { type: 'server-feature', pattern: 'server/*', capture: ['area'], allow: SERVER_BELOW_FEATURES },
  // The files at the root of server/: each at its own height, in SERVER_ROOT_FILES.
  { type: 'server-root', pattern: 'server', allow: [] },
];

/**
 * A feature area may read one named file of another, where the product builds one on the other. Nothing
 * else crosses between areas.
 */
const SERVER_FEATURE_READS = [
  // Play runs a quiz: it reads the quiz's row and its questions' order.
  { from: 'play', to: 'quizzes', file: 'quiz-read.ts' },
  // A quiz's detail lists its questions as the question bank shows them.
  { from: 'quizzes', to: 'questions', file: 'question-read.ts' },
];

/** What each root file of server/ may import. */
const SERVER_ROOT_FILES = [
  { from: SERVER_BASE_FILES, allow: ['lib', SERVER_BASE_FILES] },
  { from: SERVER_CONTEXT_FILE, allow: SERVER_BELOW_CONTEXT },
  { from: { type: 'server-root', fileInternalPath: ['app.ts', 'main.ts'] }, allow: SERVER_ALL },
];

const toSelector = (target) => ({ element: typeof target === 'string' ? { type: target } : target });
const policyOf = ({ from, allow }) => ({
  from: { element: typeof from === 'string' ? { type: from } : from },
  allow: { to: allow.map(toSelector) },
});
const featureReads = SERVER_FEATURE_READS.map(({ from, to, file }) => ({
  from: { element: { type: 'server-feature', captured: { area: from } } },
  allow: { to: { element: { type: 'server-feature', captured: { area: to }, fileInternalPath: file } } },
}));

const SERVER_TYPES = [
  'server-base',
  'server-db',
  'server-live',
  'server-http',
  'server-routes',
  'server-app',
  'server-feature',
  'server-root',
];

function dependencyRule(morePolicies = []) {
  return [
    'error',
    {
      default: 'disallow',
      // An import of a file that belongs to no layer (a config, a script) is refused too.
      checkUnknownLocals: true,
      policies: [...LAYERS, ...SERVER_ROOT_FILES]
        .filter(({ allow }) => allow.length > 0)
        .map(({ type, from, allow }) => policyOf({ from: from ?? type, allow }))
        .concat(featureReads, morePolicies),
    },
  ];
}

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
      'boundaries/dependencies': dependencyRule(),
    },
  },
  {
    // The server's tests (and their helpers) start a whole server (server/test/support.ts) whatever layer
    // they check: they may import any part of the server.
    files: ['server/**/*.test.ts', 'server/**/*-test-support.ts', 'server/**/*.fixtures.ts'],
    rules: {
      'boundaries/dependencies': dependencyRule([
        { from: { element: { type: SERVER_TYPES } }, allow: { to: { element: { type: [...SERVER_TYPES, 'lib'] } } } },
      ]),
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
    files: [
      'src/lib/**/*.ts',
      'src/portal/api/**/*.ts',
      'src/portal/local/**/*.ts',
      'src/portal/sync/**/*.ts',
      'sw/**/*.ts',
      'server/**/*.ts',
    ],
    rules: restrict(noReact),
  },
  // src/live's one React-aware file is its hook, so that screens share the subscription lifecycle.
  {
    files: ['src/live/**/*.ts'],
    ignores: ['src/live/use-live-node.ts', 'src/live/use-live-connection.ts', 'src/live/**/*.test.ts'],
    rules: restrict(noReact),
  },
);
