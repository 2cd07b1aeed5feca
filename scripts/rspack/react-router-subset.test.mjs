// The shared React Router subset (react-router-subset.mjs): every app's build uses it, each of its
// names exists in React Router, and ESLint keeps application code to those names, so that a name
// the subset lacks fails here (npm test) and in lint instead of being `undefined` in the browser.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { createAppConfig } from './create-app-config.mjs';
import {
  REACT_QUERY_SUBSET_FILE,
  REACT_ROUTER_SUBSET_FILE,
  reactQuerySubsetNames,
  reactRouterSubsetNames,
} from './react-router-subset-names.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const RULE = '@typescript-eslint/no-restricted-imports';
const names = reactRouterSubsetNames();
const hostDir = path.join(root, 'host');
const routerDir = path.dirname(
  createRequire(path.join(hostDir, 'package.json')).resolve('react-router/package.json'),
);
const routerVersion = JSON.parse(
  readFileSync(path.join(routerDir, 'package.json'), 'utf8'),
).version;

/** The rule's settings that the repository's ESLint config gives `file` (undefined: none). */
const eslint = new ESLint({ cwd: root });
async function routerRuleFor(file) {
  const config = await eslint.calculateConfigForFile(path.join(root, file));
  const setting = config?.rules?.[RULE]; // no config: a file ESLint ignores (generated code)
  return setting && setting[0] !== 0 && setting[0] !== 'off' ? setting : undefined;
}

/** Lints `code` as `file` with that one rule, as the repository's config sets it for `file`. */
async function lintAs(file, code) {
  const setting = await routerRuleFor(file);
  if (!setting) return [];
  const linter = new Linter({ configType: 'flat' });
  // This rule's reports and parse errors (comments that name the other rules of the config are
  // reported as unknown rules here).
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        linterOptions: { reportUnusedDisableDirectives: 'off' },
        plugins: { '@typescript-eslint': tseslint.plugin },
        rules: { [RULE]: setting },
      },
    ],
    { filename: path.join(root, file) },
  );
  return messages.filter((m) => m.ruleId === RULE || m.fatal);
}

/** TypeScript sources of the apps and of @hypertek/shared (what Rspack builds, and their tests). */
function sources() {
  const dirs = readdirSync(root).filter(
    (d) => d === 'host' || d === 'shared' || /^remote-/.test(d),
  );
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(rel);
    }
  };
  for (const dir of dirs) walk(path.join(dir, 'src'));
  return found;
}

describe('the shared React Router subset', () => {
  test('re-exports only names that React Router has, none twice', async () => {
    const reactRouter = await import(
      pathToFileURL(path.join(routerDir, 'dist/production/index.mjs')).href
    );
    assert.ok(names.length >= 5, `names: ${names.join(', ')}`);
    assert.deepEqual(
      names.filter((name) => !(name in reactRouter)),
      [],
    );
    assert.equal(new Set(names).size, names.length);
    // The declarative router only: the data router is what the subset leaves out.
    assert.ok(names.includes('BrowserRouter') && names.includes('useRoutes'));
    assert.ok(!names.includes('RouterProvider') && !names.includes('createBrowserRouter'));
  });

  test("is what every app's build resolves 'react-router' to, shared with React Router's version", () => {
    for (const mode of ['production', 'development']) {
      const config = createAppConfig({
        appDir: hostDir,
        name: 'host',
        port: 3000,
        title: 'Hyper Tek',
      })({}, { mode });
      const alias = /** @type {Record<string, string>} */ (config.resolve?.alias);
      assert.equal(alias['react-router$'], REACT_ROUTER_SUBSET_FILE);
      assert.equal(alias['react-router-build$'], path.join(routerDir, `dist/${mode}/index.mjs`));
      const federation = config.plugins?.find(
        (p) => p && p.constructor.name === 'ModuleFederationPlugin',
      );
      const shared = federation?._options?.shared ?? federation?.options?.shared;
      assert.ok(shared, 'the federation plugin keeps its options');
      assert.deepEqual(shared['react-router'], {
        singleton: true,
        requiredVersion: `^${routerVersion}`,
        version: routerVersion,
        // The host provides its shared modules in its entry script (the remotes take them from it).
        eager: true,
      });
    }
  });
});

describe('the shared TanStack Query subset', () => {
  test("is what every app's build resolves '@tanstack/react-query' to: names the package has", async () => {
    const config = createAppConfig({
      appDir: hostDir,
      name: 'host',
      port: 3000,
      title: 'Hyper Tek',
    })({}, { mode: 'production' });
    const alias = /** @type {Record<string, string>} */ (config.resolve?.alias);
    assert.equal(alias['@tanstack/react-query$'], REACT_QUERY_SUBSET_FILE);
    const query = await import(pathToFileURL(alias['@tanstack/react-query-build$']).href);
    const queryNames = reactQuerySubsetNames();
    assert.deepEqual(
      queryNames.filter((name) => !(name in query)),
      [],
    );
    // What the data layer needs: the client and its cache, and the two hooks.
    assert.deepEqual([...queryNames].sort(), [
      'QueryCache',
      'QueryClient',
      'useInfiniteQuery',
      'useQuery',
    ]);
  });

  test('ESLint keeps application code to those names', async () => {
    const file = 'shared/src/data/use-list.ts';
    assert.deepEqual(
      await lintAs(
        file,
        "import { QueryClient, useQuery, type QueryKey } from '@tanstack/react-query';",
      ),
      [],
    );
    const messages = await lintAs(file, "import { useMutation } from '@tanstack/react-query';");
    assert.equal(messages.length, 1, JSON.stringify(messages));
    assert.match(messages[0].message, /react-query-subset\.mjs/);
  });
});

describe("ESLint's guard on imports from 'react-router'", () => {
  const source = 'remote-account/src/features/auth/signin-page.tsx';

  test('lets application code import the names of the subset, and any type', async () => {
    const code = [
      `import { ${names.join(', ')} } from 'react-router';`,
      "import type { Location, NavigateFunction } from 'react-router';",
      "import { Link as L, type RouteObject } from 'react-router';",
      "export { Outlet } from 'react-router';",
    ].join('\n');
    assert.deepEqual(await lintAs(source, code), []);
  });

  test('fails on a name the subset lacks, in an import or a re-export, and on import *', async () => {
    for (const code of [
      "import { Link, useMatches } from 'react-router';",
      "import { createBrowserRouter } from 'react-router';",
      "export { useHref } from 'react-router';",
      "import * as Router from 'react-router';",
    ]) {
      const messages = await lintAs(source, code);
      assert.equal(messages.length, 1, `${code}: ${JSON.stringify(messages)}`);
      assert.equal(messages[0].ruleId, RULE);
      assert.match(messages[0].message, /react-router-subset\.mjs/);
    }
  });

  test('covers the host, every remote and @hypertek/shared, and leaves tests free', async () => {
    for (const file of [
      'host/src/app/app.tsx',
      'remote-marketing/src/features/faq/faq-page.tsx',
      'remote-marketplace/src/components/item-card.tsx',
      'remote-checkout/src/lib/payment-item.ts',
      'shared/src/standalone/render-standalone.tsx',
    ])
      assert.ok(await routerRuleFor(file), `${file} is guarded`);
    for (const file of [
      'host/src/app/__tests__/app.test.tsx',
      'host/src/testing/render.tsx',
      'remote-marketing/src/test/render-page.tsx',
      'shared/src/index.test.ts',
    ])
      assert.equal(await routerRuleFor(file), undefined, `${file} may import anything`);
  });

  test('passes on every source file of the apps as they are', async () => {
    let guarded = 0;
    const problems = [];
    for (const file of sources()) {
      if (!(await routerRuleFor(file))) continue;
      guarded += 1;
      for (const m of await lintAs(file, readFileSync(path.join(root, file), 'utf8')))
        problems.push(`${file}:${m.line} ${m.message}`);
    }
    assert.deepEqual(problems, []);
    assert.ok(guarded > 100, `only ${guarded} files checked`);
  });
});
