// No import cycle in our own code, type-only imports included (ESLint's no-cycle skips those).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { repoRoot } from '../../server/src/apps.mjs';
import { cyclesOf, importCycles } from './import-cycles.mjs';
import { workspacePackages } from './workspace.mjs';

test("no import cycle in any package's src/, the scripts or deploy/, type-only imports included", () => {
  const folders = [
    ...workspacePackages(repoRoot).map(({ dir }) => `${dir}/src`),
    'scripts',
    'deploy',
  ];
  const cycles = importCycles(repoRoot, folders);
  assert.deepEqual(
    cycles.map((cycle) => cycle.join(' <-> ')),
    [],
    'each line is a set of files that import each other: move what they share into one of them or a third',
  );
});

const work = mkdtempSync(join(tmpdir(), 'import-cycles-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('a cycle made only of type imports is one; a chain is not; every form of import counts', () => {
  const write = (path, text) => {
    mkdirSync(join(work, path, '..'), { recursive: true });
    writeFileSync(join(work, path), text);
  };
  write(
    'a/src/types.ts',
    "import type { Listing } from './market';\nexport type Item = { l?: Listing };\n",
  );
  write(
    'a/src/market.ts',
    "import type { Item } from './types';\nexport type Listing = { i?: Item };\n",
  );
  write('a/src/chain-1.ts', "export { x } from './chain-2';\n");
  write('a/src/chain-2.ts', 'export const x = 1;\n');
  write('a/src/lazy.tsx', "export const load = () => import('./dir');\n");
  write('a/src/dir/index.ts', "import '../lazy.js';\n");
  assert.deepEqual(importCycles(work, ['a/src']), [
    ['a/src/dir/index.ts', 'a/src/lazy.tsx'],
    ['a/src/market.ts', 'a/src/types.ts'],
  ]);
  // A file importing itself is a cycle of one.
  assert.deepEqual(
    cyclesOf(
      new Map([
        ['x', ['x']],
        ['y', []],
      ]),
    ),
    [['x']],
  );
});
