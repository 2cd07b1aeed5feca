// The layers inside an app, as the lint config enforces them (eslint.config.js, `layerZones`):
// a feature never imports another feature, the app's shared folders never import features, and
// features never import app/. Checked on real files written into an app for the length of a test.
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { repoRoot } from '../serve/apps.mjs';

const src = join(repoRoot, 'remote-marketplace/src');
const written = [];
after(() => Promise.all(written.map((file) => rm(file, { force: true }))));

/** The zone errors of a module at `path` (under the marketplace's src/) with these imports. */
async function zoneErrors(path, code) {
  const file = join(src, path);
  written.push(file);
  await writeFile(file, code);
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintFiles([file]);
  return result.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

describe('layers inside an app', () => {
  it('refuse a feature importing another feature', async () => {
    const errors = await zoneErrors(
      'features/land/zz-lint-probe-a.ts',
      "export { preloadFetch } from '../market/nfa-expand-page';\n",
    );
    assert.equal(errors.length, 1);
    assert.match(errors[0], /A feature never imports another feature/);
  });

  it("refuse the app's shared folders importing a feature, and a feature importing app/", async () => {
    const shared = await zoneErrors(
      'components/zz-lint-probe-b.ts',
      "export { LAND_PAGE_SIZE } from '../features/land/land-page';\n",
    );
    assert.match(shared.join('\n'), /shared folders never import its features/);
    const app = await zoneErrors(
      'features/land/zz-lint-probe-c.ts',
      "export { default } from '../../app/standalone';\n",
    );
    assert.match(app.join('\n'), /Features never import the app\/ layer/);
  });

  it('let a feature use its own files and the shared folders', async () => {
    const errors = await zoneErrors(
      'features/land/zz-lint-probe-d.ts',
      "export { LAND_PAGE_SIZE } from './land-page';\nexport { PageSection } from '../../components/page-section';\n",
    );
    assert.deepEqual(errors, []);
  });
});
