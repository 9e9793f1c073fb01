import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const testFixtures = { group: ['~/test/*', '**/app/test/*'], message: 'Test fixtures (app/test/) are for tests only.' };
const onlyServerDb = { group: ['~/db/*', '**/db/client.server*', '**/db/schema/*'], message: 'Only *.server.ts modules import app/db.', allowTypeImports: true };

// Dependencies point one way: routes -> flows -> modules -> db, lib, i18n (ARCHITECTURE.md rule 2).
// A module may take another module's types, never its code: work that needs two modules is a flow.
const modules = fs.readdirSync('app/modules', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const upward = { group: ['~/flows/*', '~/routes/*', '~/routes.ts', '~/root.tsx', '~/components/layout/*', '~/shell/*'], message: 'A module does not import flows, routes or the layout.' };
const isolated = (name) => ({
  group: ['~/modules/*', `!~/modules/${name}`],
  message: 'A module imports only lib, db, i18n and other modules\' types: compose modules in app/flows.',
  allowTypeImports: true,
});
// lib is the infrastructure every module may use (no domain logic): it takes module types, never module code.
const libAlone = { group: ['~/modules/*', '**/modules/*', '~/flows/*', '~/routes/*'], message: 'lib imports no module, flow or route code: it is infrastructure the modules share.', allowTypeImports: true };
// Shared UI serves every module, so it takes their types only; the root's frame that shows module UI is app/shell.
const componentsTypesOnly = { group: ['~/modules/*', '**/modules/*'], message: 'Shared components take modules\' types only: a component that needs a module\'s code lives in that module\'s components/ folder.', allowTypeImports: true };
const componentsBelow = { group: ['~/flows/*', '**/flows/*', '~/routes/*', '**/routes/*', '~/routes.ts', '~/shell/*', '**/shell/*'], message: 'Shared components import no flow, route or shell code, not even its types.' };
// The shop context hook reads the root loader's data, so its type (and only that) may come from the root.
const componentsRootType = { group: ['~/root.tsx', '**/root.tsx'], message: 'Shared components take the root loader\'s type only.', allowTypeImports: true };
const dbSchemaAlone = { group: ['~/modules/*', '**/modules/*'], message: 'db/schema imports no module: the values it needs live in db/schema.' };

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
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [onlyServerDb, testFixtures] }],
    },
  },
  {
    files: ['app/**/*.server.ts', 'app/db/**/*.ts', 'server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    ignores: ['app/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'app/test/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [testFixtures] }] },
  },
  ...modules.flatMap((name) => [
    {
      files: [`app/modules/${name}/**/*.{ts,tsx}`],
      ignores: ['app/**/*.server.ts', 'app/**/*.test.ts', 'app/**/*.test.tsx'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [onlyServerDb, isolated(name), upward, testFixtures] }] },
    },
    {
      files: [`app/modules/${name}/**/*.server.ts`],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [isolated(name), upward, testFixtures] }] },
    },
  ]),
  {
    files: ['app/lib/**/*.{ts,tsx}'],
    ignores: ['app/**/*.server.ts', 'app/**/*.test.ts', 'app/**/*.test.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [onlyServerDb, libAlone, testFixtures] }] },
  },
  {
    files: ['app/lib/**/*.server.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [libAlone, testFixtures] }] },
  },
  {
    files: ['app/components/**/*.{ts,tsx}'],
    ignores: ['app/**/*.test.ts', 'app/**/*.test.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [onlyServerDb, componentsTypesOnly, componentsBelow, componentsRootType, testFixtures] }] },
  },
  {
    files: ['app/db/schema/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [dbSchemaAlone] }] },
  },
  {
    // A module's function that outgrows a screen is two ideas: split it by meaning (evaluation sets are data).
    files: ['app/modules/**/*.{ts,tsx}'],
    ignores: ['app/**/*.test.ts', 'app/**/*.test.tsx', 'app/**/*.testset.ts', 'app/**/*.heldout*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
);
