import assert from 'node:assert/strict';
import { test } from 'node:test';

import { APPS, repoRoot } from '../../server/src/apps.mjs';
import { workspacePackages } from './workspace.mjs';

test('the workspace lists every app of the app table (remote-* expanded), shared, api and e2e', () => {
  const dirs = workspacePackages(repoRoot).map(({ dir }) => dir);
  for (const dir of [...APPS.map((app) => app.dir), 'shared', 'api', 'e2e'])
    assert.ok(dirs.includes(dir), `${dir} is missing from ${dirs.join(', ')}`);
  assert.ok(!dirs.some((dir) => dir.includes('*')), 'no pattern is left unexpanded');
  // Each has a test script, so `npm test` runs every one of them.
  for (const { dir, pkg } of workspacePackages(repoRoot))
    assert.ok(pkg.scripts?.test, `${dir} has no test script`);
});
