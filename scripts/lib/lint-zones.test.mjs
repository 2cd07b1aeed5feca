// The layers inside an app and the kebab-case file names, as the lint config enforces them
// (eslint.config.js, `layerZones`, check-file):
// a feature never imports another feature, the app's shared folders never import features, and
// features never import app/. Checked on real files written into an app for the length of a test.
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { repoRoot } from '../../server/src/apps.mjs';

const src = join(repoRoot, 'remote-marketplace/src');
const written = [];
after(() => Promise.all(written.map((file) => rm(file, { force: true, recursive: true }))));

/** The errors of `rule` on a module at `path` (under the marketplace's src/) with this code. */
async function lintErrors(path, code, rule, root = src) {
  const file = join(root, path);
  await mkdir(dirname(file), { recursive: true });
  written.push(path.includes('/Probe') ? dirname(file) : file);
  await writeFile(file, code);
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintFiles([file]);
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}
const zoneErrors = (path, code) => lintErrors(path, code, 'import-x/no-restricted-paths');

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

describe('file names', () => {
  it('refuse a file name that is not kebab-case', async () => {
    const errors = await lintErrors(
      'components/ZzLintProbe.tsx',
      'export const probe = 1;\n',
      'check-file/filename-naming-convention',
    );
    assert.equal(errors.length, 1);
    assert.match(errors[0], /ZzLintProbe\.tsx.*KEBAB_CASE/);
  });

  it('refuse a folder name that is not kebab-case', async () => {
    const errors = await lintErrors(
      'features/ProbeFolder/zz-lint-probe-e.ts',
      'export const probe = 1;\n',
      'check-file/folder-naming-convention',
    );
    assert.equal(errors.length, 1);
    assert.match(errors[0], /ProbeFolder/);
  });

  it('let kebab-case names with a middle extension pass', async () => {
    const errors = await lintErrors(
      'components/zz-lint-probe-f.test.tsx',
      'export const probe = 1;\n',
      'check-file/filename-naming-convention',
    );
    assert.deepEqual(errors, []);
  });
});

describe("@hypertek/shared's subpaths", () => {
  const shared = join(repoRoot, 'shared/src');
  const rule = '@typescript-eslint/no-restricted-imports';

  it("refuse a relative import of the main entry's values (a copy of the HTTP client)", async () => {
    const errors = await lintErrors(
      'ui/zz-lint-probe-g.ts',
      "export { http } from '../api/http-client';\n",
      rule,
      shared,
    );
    assert.equal(errors.length, 1);
    assert.match(errors[0], /from '@hypertek\/shared' \(the shared singleton\)/);
  });

  it('let them import through the package, and types by any path', async () => {
    const errors = await lintErrors(
      'data/zz-lint-probe-h.ts',
      "import type { User } from '../contract';\nexport { http } from '@hypertek/shared';\nexport type Probe = User;\n",
      rule,
      shared,
    );
    assert.deepEqual(errors, []);
  });
});

describe('the wire schemas', () => {
  const rule = '@typescript-eslint/no-restricted-imports';

  it("refuse an app importing a schema (a value): it would bundle the API's schema library", async () => {
    const errors = await lintErrors(
      'components/zz-lint-probe-i.ts',
      "export { ListingSchema } from '@hypertek/shared/contract/wire';\n",
      rule,
    );
    assert.equal(errors.length, 1);
    assert.match(errors[0], /The wire schemas are the API's/);
  });

  it('let an app import their types', async () => {
    const errors = await lintErrors(
      'components/zz-lint-probe-j.ts',
      "import type { MarketListing } from '@hypertek/shared/contract/wire';\nexport type Probe = MarketListing;\n",
      rule,
    );
    assert.deepEqual(errors, []);
  });
});
