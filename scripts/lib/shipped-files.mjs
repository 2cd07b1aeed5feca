// What ships in an image or runs in `npm start`, and whether `npm run lint` and `npm run typecheck`
// cover each of those files (scripts/lib/shipped-files.test.mjs).
//
// Shipped or run:
// - the web image: the files the server package's build compiles (server/tsconfig.build.json);
// - the API image and `npm start`'s API: every file of the API's run (from api/src/server.ts);
// - `npm start` itself: scripts/start.mjs and what it imports, the web server it starts
//   (server/src/cli/serve.ts, compiled) and scripts/pnpm.mjs, which it runs;
// and, through each, the workspace files they import (`@hypertek/shared/release-words`, the
// contract). Third-party packages are not ours to lint.
//
// Covered: linted when the package that holds the file (or the root, for scripts/) runs ESLint on
// it in its `lint` script and the lint config does not ignore it; typechecked when the tsconfig of
// its `typecheck` script includes it, a JavaScript file with `checkJs` or `// @ts-check`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { workspacePackages } from './workspace.mjs';

const SOURCE = /\.(ts|tsx|mts|cts|mjs|js|cjs)$/;

/** The file a relative or workspace import names, or null (a package of the registry, a builtin). */
function resolveImport(root, packages, from, specifier) {
  if (specifier.startsWith('.')) {
    const base = resolve(dirname(from), specifier);
    const candidates = [
      base,
      ...['.ts', '.tsx', '.mjs', '.js'].map((ext) => base + ext),
      ...['.ts', '.tsx'].map((ext) => base.replace(/\.m?js$/, ext)),
      ...['index.ts', 'index.tsx', 'index.mjs', 'index.js'].map((name) => join(base, name)),
    ];
    return candidates.find((file) => SOURCE.test(file) && existsSync(file)) ?? null;
  }
  const match = /^(@hypertek\/[^/]+)(\/.*)?$/.exec(specifier);
  const target = match && packages.find(({ pkg }) => pkg.name === match[1]);
  if (!target) return null;
  const entry = target.pkg.exports?.[`.${match[2] ?? ''}`];
  const wildcard = Object.entries(target.pkg.exports ?? {}).find(
    ([key]) => key.endsWith('/*') && `.${match[2] ?? ''}`.startsWith(key.slice(0, -1)),
  );
  let path = typeof entry === 'string' ? entry : (entry?.types ?? entry?.default);
  if (!path && wildcard) {
    const [key, value] = wildcard;
    const rest = `.${match[2]}`.slice(key.length - 1);
    path = (typeof value === 'string' ? value : (value.types ?? value.default)).replace('*', rest);
  }
  return path ? join(root, target.dir, path) : null;
}

/** Every import of a source file (static, dynamic with a literal, re-exports, `import type`). */
function importsOf(file) {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((imported) => imported.fileName);
}

/** The files reached from `entries` by their imports, within the workspace. */
export function importGraph(root, entries) {
  const packages = workspacePackages(root);
  const seen = new Set();
  const queue = entries.map((entry) => join(root, entry));
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(file)) {
      const next = resolveImport(root, packages, file, specifier);
      if (next && !next.includes(`${sep}node_modules${sep}`)) queue.push(next);
    }
  }
  return [...seen];
}

/** The files a tsconfig includes, with whether each is type-checked. */
function tsconfigFiles(configPath) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  const checkJs = parsed.options.checkJs === true;
  return new Map(
    parsed.fileNames.map((file) => [
      resolve(file),
      !/\.(m|c)?js$/.test(file) || checkJs || /^\s*\/\/ @ts-check/.test(readFileSync(file, 'utf8')),
    ]),
  );
}

/**
 * Every file shipped in an image or run by `npm start`, as paths inside the repository.
 * @param {string} root the repository
 */
export function shippedFiles(root) {
  const serverBuild = [...tsconfigFiles(join(root, 'server/tsconfig.build.json')).keys()].map(
    (file) => relative(root, file),
  );
  const started = importGraph(root, [
    'scripts/start.mjs',
    'scripts/pnpm.mjs',
    ...serverBuild,
    'api/src/server.ts',
  ]);
  return [...new Set(started.map((file) => relative(root, file)))].sort();
}

/** The tsconfig and the lint of the script `name` of the package at `dir` (null: none). */
function commandsOf(root, dir, scripts) {
  const typecheck = /\btsc -p (\S+)/.exec(scripts?.typecheck ?? '')?.[1];
  const lint = /\beslint(?: --\S+)* (\S+)/.exec(scripts?.lint ?? '')?.[1];
  return {
    tsconfig: typecheck ? join(root, dir, typecheck) : null,
    lintTarget: lint ? resolve(root, dir, lint) : null,
  };
}

/**
 * Which of `files` the root's `npm run lint` and `npm run typecheck` leave out, and why: for each,
 * the package that holds it (or the root, for a file outside every package) must lint it (its
 * lint script's target holds it, and ESLint does not ignore it) and type-check it.
 * @param {string} root
 * @param {string[]} files paths inside the repository
 * @returns {Promise<string[]>} one line per problem
 */
export async function uncovered(root, files) {
  const { ESLint } = await import('eslint');
  const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const owners = [
    ...workspacePackages(root).map(({ dir, pkg }) => ({ dir, scripts: pkg.scripts })),
    // The root lints and type-checks the tooling that `npm start` runs (`lint:tooling`,
    // `typecheck:tooling`, part of its `lint` and `typecheck`).
    {
      dir: 'scripts',
      scripts: {
        lint: rootPkg.scripts?.['lint:tooling'],
        typecheck: rootPkg.scripts?.['typecheck:tooling'],
      },
      fromRoot: true,
    },
  ];
  const configs = new Map();
  const linters = new Map();
  const problems = [];
  for (const file of files) {
    const path = join(root, file);
    const owner = owners.find(({ dir }) => file.startsWith(`${dir}/`));
    if (!owner) {
      problems.push(`${file}: in no package, so neither linted nor type-checked`);
      continue;
    }
    const base = owner.fromRoot ? '.' : owner.dir;
    const { tsconfig, lintTarget } = commandsOf(root, base, owner.scripts);
    if (!tsconfig) problems.push(`${file}: ${owner.dir} has no typecheck (tsc -p …)`);
    else {
      if (!configs.has(tsconfig)) configs.set(tsconfig, tsconfigFiles(tsconfig));
      const checked = configs.get(tsconfig).get(path);
      if (checked === undefined)
        problems.push(`${file}: not in ${relative(root, tsconfig)}, so not type-checked`);
      else if (!checked)
        problems.push(
          `${file}: in ${relative(root, tsconfig)} but not checked (no checkJs or @ts-check)`,
        );
    }
    if (!lintTarget || !(path === lintTarget || path.startsWith(lintTarget + sep)))
      problems.push(`${file}: ${owner.dir}'s lint script does not lint it`);
    else {
      const cwd = join(root, base);
      if (!linters.has(cwd)) linters.set(cwd, new ESLint({ cwd }));
      if (await linters.get(cwd).isPathIgnored(path))
        problems.push(`${file}: ignored by the lint config`);
    }
  }
  return problems;
}
