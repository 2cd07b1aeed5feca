// @ts-check
// The names that a shared subset re-exports (react-router-subset.mjs, react-query-subset.mjs), read
// from its file (their one source): for ESLint's guard on application imports and for the tooling
// test.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const REACT_ROUTER_SUBSET_FILE = path.join(import.meta.dirname, 'react-router-subset.mjs');
export const REACT_QUERY_SUBSET_FILE = path.join(import.meta.dirname, 'react-query-subset.mjs');

/**
 * The names `file` re-exports from `<package>-build` (the alias of the package itself).
 * @returns {string[]}
 */
export function subsetNames(file = REACT_ROUTER_SUBSET_FILE, build = 'react-router-build') {
  const source = readFileSync(file, 'utf8');
  const from = build.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const lists = [
    ...source.matchAll(new RegExp(`^export\\s*\\{([^}]*)\\}\\s*from\\s*'${from}';`, 'gm')),
  ];
  if (lists.length !== 1) throw new Error(`${file}: expected one \`export { … } from '${build}'\``);
  const names = lists[0][1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const invalid = names.filter((name) => !/^[A-Za-z_$][\w$]*$/.test(name));
  if (invalid.length > 0 || names.length === 0)
    throw new Error(`${file}: unexpected export list (${invalid.join(', ') || 'empty'})`);
  return names;
}

/** The React Router subset's names. */
export const reactRouterSubsetNames = () => subsetNames();

/** The TanStack Query subset's names. */
export const reactQuerySubsetNames = () =>
  subsetNames(REACT_QUERY_SUBSET_FILE, '@tanstack/react-query-build');
