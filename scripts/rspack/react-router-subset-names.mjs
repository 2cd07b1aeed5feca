// @ts-check
// The names that react-router-subset.mjs re-exports, read from that file (its one source): for
// ESLint's guard on application imports and for the tooling test.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const REACT_ROUTER_SUBSET_FILE = path.join(import.meta.dirname, 'react-router-subset.mjs');

/** @returns {string[]} */
export function reactRouterSubsetNames(file = REACT_ROUTER_SUBSET_FILE) {
  const source = readFileSync(file, 'utf8');
  const lists = [...source.matchAll(/^export\s*\{([^}]*)\}\s*from\s*'react-router-build';/gm)];
  if (lists.length !== 1)
    throw new Error(`${file}: expected one \`export { … } from 'react-router-build'\``);
  const names = lists[0][1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const invalid = names.filter((name) => !/^[A-Za-z_$][\w$]*$/.test(name));
  if (invalid.length > 0 || names.length === 0)
    throw new Error(`${file}: unexpected export list (${invalid.join(', ') || 'empty'})`);
  return names;
}
