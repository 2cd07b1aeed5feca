// Import cycles between our own source files, type-only imports included. ESLint's
// `import-x/no-cycle` (eslint.config.js) skips `import type` by design, so two modules that
// need each other's types (the shared contract's `market.ts` and `types.ts` did) pass it; such a
// pair is still one module cut in two, and the first value import between them makes a real
// cycle. Here every relative import of every TypeScript, TSX and JavaScript module file under a
// package's `src/` counts (TypeScript's own pre-processor reads them: static, type-only,
// re-exports, `import()`), and the cycles are the strongly connected components of that graph.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(m?[jt]s|tsx)$/;
const SKIP = new Set(['node_modules', 'dist', '__snapshots__']);

/** Every source file under `dir` (absolute paths). */
function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    if (SKIP.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** The file a relative import names, as the bundlers and TypeScript resolve it; null if none. */
function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mjs', '.js'].map((ext) => base + ext),
    ...['index.ts', 'index.tsx', 'index.mjs', 'index.js'].map((name) => join(base, name)),
  ];
  // `./x.js` written for `./x.ts` or `./x.tsx` (TypeScript's ESM style).
  if (/\.m?js$/.test(base))
    candidates.push(...['.ts', '.tsx'].map((ext) => base.replace(/\.m?js$/, ext)));
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/**
 * The import graph of the files under `roots`: file → the files it imports (relative imports
 * only; packages are others' modules).
 * @param {string[]} roots folders (absolute)
 */
export function importGraph(roots) {
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  for (const root of roots) {
    for (const file of sourceFiles(root)) {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = info.importedFiles
        .map((ref) => ref.fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => resolveRelative(file, name))
        .filter((path) => path !== null);
      graph.set(file, [...new Set(targets)]);
    }
  }
  return graph;
}

/**
 * The cycles of a graph: its strongly connected components of more than one file (or a file
 * importing itself), each sorted and in order of their first file, by Tarjan's algorithm.
 * @param {Map<string, string[]>} graph
 * @returns {string[][]}
 */
export function cyclesOf(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node))
        cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** The cycles under `folders` (relative to `root`), as paths relative to it. */
export function importCycles(root, folders) {
  const roots = folders.map((dir) => join(root, dir)).filter((dir) => existsSync(dir));
  return cyclesOf(importGraph(roots)).map((cycle) => cycle.map((file) => relative(root, file)));
}
