// `npm run lint` and `npm run typecheck` cover every file that ships in an image or runs in
// `npm start` (issue 28): the list is made from the images' and npm start's entry points and their
// imports (shipped-files.mjs), not written by hand, so a new file is in it the day it is imported.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../../server/src/apps.mjs';
import { shippedFiles, uncovered } from './shipped-files.mjs';

test('every file shipped in an image or run by npm start is linted and type-checked', async () => {
  const files = shippedFiles(repoRoot);
  // The list reaches what it must: npm start and what it runs, the web server, the API, the words
  // they share.
  for (const file of [
    'scripts/start.mjs',
    'scripts/lib/processes.mjs',
    'scripts/pnpm.mjs',
    'server/src/apps.mjs',
    'server/src/cli/serve.ts',
    'server/src/compose/composer.ts',
    'server/src/releases/registry.ts',
    'api/src/server.ts',
    'shared/src/contract/release-words.mjs',
  ])
    assert.ok(files.includes(file), `${file} is missing from the list`);
  assert.ok(!files.some((file) => /\.test\.|\/testing\//.test(file)), 'no test ships');
  assert.deepEqual(await uncovered(repoRoot, files), []);
});

test('a file outside lint or typecheck is named, with why', async () => {
  // Tooling that npm start does not run: ignored by the lint config, in no tsconfig.
  const problems = await uncovered(repoRoot, ['scripts/lib/chromium.mjs', 'README.md']);
  assert.ok(
    problems.some((line) =>
      /^scripts\/lib\/chromium\.mjs: not in scripts\/tsconfig\.json/.test(line),
    ),
    problems.join('\n'),
  );
  assert.ok(
    problems.includes('scripts/lib/chromium.mjs: ignored by the lint config'),
    problems.join('\n'),
  );
  assert.ok(problems.some((line) => line.startsWith('README.md: in no package')));
});

test('the root lint and typecheck commands run the tooling checks the list relies on', () => {
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  assert.match(scripts.lint, /-r lint && npm run lint:tooling$/);
  assert.match(scripts.typecheck, /-r typecheck && npm run typecheck:tooling$/);
});
