// One lint setup for every package: type-aware TypeScript rules, React hooks rules, and the
// boundaries of docs/architecture.md (remotes never import each other or the host; everything shared
// goes through @hypertek/shared's exports map).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import {
  reactQuerySubsetNames,
  reactRouterSubsetNames,
} from './scripts/rspack/react-router-subset-names.mjs';
import { APPS } from './server/src/apps.mjs';

// The front-end apps, from the one table of them (server/src/apps.mjs).
const apps = APPS.map((app) => app.dir);

// Tests and their helpers: the only files that may import @hypertek/shared/testing (or any testing/ folder).
const testFiles = [
  '**/*.test.{ts,tsx}',
  '**/__tests__/**',
  '**/test/**',
  '**/testing/**',
  '**/jest.setup*',
];
const sharedSrc = {
  group: ['@hypertek/shared/src/*'],
  message: "Use @hypertek/shared's exports map.",
};
const testingOnly = {
  group: ['@hypertek/shared/testing', '@hypertek/shared/testing/*', '**/testing', '**/testing/*'],
  message:
    '@hypertek/shared/testing is for tests only (it replaces the network); app code never imports it.',
};
const restrict = (message, patterns) => [
  'error',
  { paths: [{ name: 'react-router-dom', message }], patterns },
];
const rootMessage =
  "Import from 'react-router' (shared singleton; react-router-dom only re-exports it).";
const appMessage = "Import from 'react-router'.";
// What Rspack builds imports from 'react-router' (and '@tanstack/react-query') only what the apps
// share of it: the subset of scripts/rspack/react-router-subset.mjs (react-query-subset.mjs),
// where any other name would be `undefined` at run time.
// Types are erased (`import type`); tests run on the whole package.
// The wire contract's schemas are values for the API: a browser reads only their types (through
// '@hypertek/shared/contract'), so no schema library reaches a bundle.
const wireTypesOnly = ['@hypertek/shared/contract/wire', 'typebox'].map((name) => ({
  name,
  allowTypeImports: true,
  message:
    "The wire schemas are the API's: the apps import their types from '@hypertek/shared/contract'.",
}));
const routerSubset = [
  'error',
  {
    paths: [
      {
        name: 'react-router',
        allowImportNames: reactRouterSubsetNames(),
        allowTypeImports: true,
        message:
          'The apps share a subset of React Router (scripts/rspack/react-router-subset.mjs): add the name there first. Types need nothing.',
      },
      {
        name: '@tanstack/react-query',
        allowImportNames: reactQuerySubsetNames(),
        allowTypeImports: true,
        message:
          'The apps share a subset of TanStack Query (scripts/rspack/react-query-subset.mjs): add the name there first. Types need nothing.',
      },
      ...wireTypesOnly,
    ],
  },
];
// Layers inside an app: its shared folders (components/, hooks/, lib/, …) → features/<x> → app/.
// A layer imports only the layers before it, and a feature never imports another feature.
const SHARED_FOLDERS = ['components', 'hooks', 'lib', 'data', 'styles'];
/** The feature folders of an app, as they are on disk. */
const featuresOf = (app) => {
  try {
    return readdirSync(`${import.meta.dirname}/${app}/src/features`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};
export const layerZones = (app) => {
  const src = `./${app}/src`;
  return [
    ...featuresOf(app).map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message:
        "A feature never imports another feature: move what both need to the app's components/, hooks/ or lib/.",
    })),
    {
      target: SHARED_FOLDERS.map((folder) => `${src}/${folder}`),
      from: [`${src}/features`, `${src}/app`],
      message: "The app's shared folders never import its features or its app/ layer.",
    },
    {
      target: `${src}/features`,
      from: `${src}/app`,
      message: 'Features never import the app/ layer (the app composes them).',
    },
  ];
};

const otherApps = (app) =>
  apps
    .filter((other) => other !== app)
    .map((other) => ({
      group: [`@hypertek/${other}`, `@hypertek/${other}/*`, `**/${other}/**`],
      message: 'Apps never import each other; go through @hypertek/shared.',
    }));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/coverage/**',
      '**/node_modules/**',
      '**/*.config.js',
      '**/*.config.mjs',
      '**/jest-config.js',
      // Developer tooling is plain JavaScript outside the rules, except what `npm start` runs:
      // that is linted (`npm run lint:tooling`) and type-checked (scripts/tsconfig.json), and
      // scripts/lib/shipped-files.test.mjs fails on a file that ships or runs in npm start
      // outside lint and typecheck.
      'scripts/**/*',
      '!scripts/lib/',
      '!scripts/start.mjs',
      '!scripts/pnpm.mjs',
      '!scripts/lib/processes.mjs',
      'api/drizzle/**',
      // written by scripts/api-types.mjs from the API's OpenAPI document (git-ignored)
      '**/*.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    // Relative imports resolve to the TypeScript files they name (for no-cycle and the layers).
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Only our own modules can form a cycle (and resolving some packages' exports maps fails).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': restrict(rootMessage, [sharedSrc, testingOnly]),
    },
  },
  { files: testFiles, rules: { 'no-restricted-imports': restrict(rootMessage, [sharedSrc]) } },
  // File and folder names are kebab-case (`item-card.tsx`, `features/item-detail/`); a middle
  // extension is free (`buy.test.tsx`, `jest.setup-after-env.ts`), and so is `__tests__/`.
  {
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '**/{src,test,tests,support,testing,bench}/**/!(__tests__)/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['api/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Apps never import each other: each may only reach @hypertek/shared and its own files; only its
  // tests may reach the test kit.
  ...apps.flatMap((app) => [
    {
      files: [`${app}/**/*.{ts,tsx}`],
      rules: {
        'import-x/no-relative-packages': 'error',
        'no-restricted-imports': restrict(appMessage, [...otherApps(app), testingOnly]),
      },
    },
    {
      files: testFiles.map((glob) => `${app}/${glob}`),
      rules: { 'no-restricted-imports': restrict(appMessage, otherApps(app)) },
    },
    {
      // Tests may cross layers (a payment journey ends on the result page).
      files: [`${app}/src/**/*.{ts,tsx}`],
      ignores: testFiles,
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          { zones: layerZones(app), basePath: import.meta.dirname },
        ],
      },
    },
  ]),
  {
    files: [...apps, 'shared'].map((dir) => `${dir}/**/*.{ts,tsx}`),
    // The host's build-time frame (src/prerender/) runs in Node only, on the whole package.
    ignores: [...testFiles, 'host/src/prerender/**'],
    rules: { '@typescript-eslint/no-restricted-imports': routerSubset },
  },
  {
    // The wire contract itself is made of schemas.
    files: ['shared/src/contract/wire/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  // A subpath of @hypertek/shared (ui, data, search-box, dialog, market) is bundled into each app that
  // uses it; only the main entry is the federation singleton. So a subpath reaches the main
  // entry's values (session, config, HTTP client, messages) through '@hypertek/shared', never by a
  // relative path that would bundle a copy nobody set up. Types are free.
  {
    files: ['shared/src/{ui,data,search,dialog,market}/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          ...routerSubset[1],
          patterns: [
            {
              group: ['../*'],
              allowTypeImports: true,
              message:
                "Import the main entry's values from '@hypertek/shared' (the shared singleton), not by a relative path.",
            },
          ],
        },
      ],
    },
  },
  // The tooling npm start runs is JavaScript typed by JSDoc (scripts/tsconfig.json checks it). A
  // JSDoc cast (`/** @type {T} */ (JSON.parse(text))`) types a value for the typechecker, but the
  // lint's tree drops the parentheses it hangs on and sees `any`: these two rules would refuse
  // every typed read of a JSON file.
  {
    files: ['scripts/**/*.mjs'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/__tests__/**', '**/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
