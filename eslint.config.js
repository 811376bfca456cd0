import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// One-way imports (ARCHITECTURE.md): lib <- api/local <- sync <- features <- app.
// Each rule below names what a layer may NOT import.
const noReact = [
  { group: ['react', 'react-dom', 'react-*', '@mantine/*', 'dexie-react-hooks'], message: 'This layer has no React or Mantine.' },
];
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
    files: ['src/lib/**/*.ts'],
    rules: restrict([
      ...noReact,
      {
        group: ['**/api/*', '**/local/*', '**/sync/*', '**/features/*', '**/app/*', '**/session/*', '**/ui/*'],
        message: 'lib/ depends on nothing of the app.',
      },
    ]),
  },
  {
    files: ['src/api/**/*.ts', 'src/local/**/*.ts'],
    rules: restrict([
      ...noReact,
      { group: ['**/sync/*', '**/features/*', '**/app/*', '**/ui/*'], message: 'api/ and local/ sit below sync, features and app.' },
    ]),
  },
  {
    files: ['src/sync/**/*.ts'],
    rules: restrict([...noReact, { group: ['**/features/*', '**/app/*', '**/ui/*'], message: 'sync/ sits below features and app.' }]),
  },
  { files: ['sw/**/*.ts'], rules: restrict([...noReact, { group: ['**/src/*'], message: 'The service worker stands alone.' }]) },
  { files: ['src/features/*/**/*.{ts,tsx}'], rules: restrict([{ group: ['**/app/*'], message: 'features/ sit below app/.' }]) },
  {
    files: ['server/**/*.ts'],
    rules: restrict([
      ...noReact,
      {
        group: ['**/src/api/*', '**/src/local/*', '**/src/sync/*', '**/src/features/*', '**/src/app/*', '**/src/ui/*', '**/src/session/*'],
        message: 'The server shares only src/lib with the portal.',
      },
    ]),
  },
);
