import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const testFixtures = { group: ['~/test/*', '**/app/test/*'], message: 'Test fixtures (app/test/) are for tests only.' };

export default tseslint.config(
  { ignores: ['build/', 'bench/floor/build/', '.react-router/', 'node_modules/', 'data/', 'drizzle/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-control-regex': 'off',
    },
  },
  {
    // Rule 1 of ARCHITECTURE.md: only *.server.ts files (and the server, seeds, tests) touch the database.
    // Rule 2: test fixtures (app/test/) are for tests only.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.server.ts', 'app/db/**', 'app/**/*.test.ts', 'app/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['~/db/*', '**/db/client.server*', '**/db/schema/*'], message: 'Only *.server.ts modules import app/db.', allowTypeImports: true },
            testFixtures,
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.server.ts', 'app/db/**/*.ts', 'server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    ignores: ['app/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'app/test/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [testFixtures] }] },
  },
);
