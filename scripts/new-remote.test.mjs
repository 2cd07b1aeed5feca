// The new-remote generator, run on a copy of the files it writes and edits.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';

import { generateRemote } from './new-remote.mjs';
import { repoRoot } from '../server/src/apps.mjs';

const EDITED = [
  'shared/src/contract/release-words.mjs',
  'server/src/apps.mjs',
  'shared/src/config/runtime-config.ts',
  'host/src/app/route-table.ts',
  'host/src/app/remote-route.tsx',
  'docs/product.md',
  'remote-checkout/package.json',
];
const root = mkdtempSync(join(tmpdir(), 'new-remote-'));
for (const path of EDITED) cpSync(join(repoRoot, path), join(root, path));
after(() => rmSync(root, { recursive: true, force: true }));
const read = (path) => readFileSync(join(root, path), 'utf8');

describe('node scripts/new-remote.mjs', () => {
  it("writes a remote in the template's layout, exposing its one page", () => {
    generateRemote({ root, name: 'rewards-hub', port: 3005, title: 'Rewards Hub' });
    for (const file of [
      'package.json',
      'rspack.config.mjs',
      'src/app/standalone.tsx',
      'src/features/rewards-hub/rewards-hub-page.tsx',
      'src/features/rewards-hub/rewards-hub-page.test.tsx',
      'src/test/setup-after-env.ts',
    ])
      assert.ok(existsSync(join(root, 'remote-rewards-hub', file)), file);
    const pkg = JSON.parse(read('remote-rewards-hub/package.json'));
    assert.equal(pkg.name, '@hypertek/remote-rewards-hub');
    assert.ok(pkg.dependencies['@hypertek/shared'] && pkg.dependencies['@tanstack/react-query']);
    assert.ok(!Object.keys(pkg.dependencies).some((dep) => dep.startsWith('@stripe/')));
    assert.match(
      read('remote-rewards-hub/rspack.config.mjs'),
      /exposes = \{\s*'\.\/rewards-hub': '\.\/src\/features\/rewards-hub\/rewards-hub-page\.tsx',\s*\}/,
    );
    assert.match(
      read('remote-rewards-hub/src/features/rewards-hub/rewards-hub-page.tsx'),
      /export default function RewardsHubPage/,
    );
  });

  it("adds it to the release words, so the API's reports and the host's config know it", async () => {
    // The edited module, loaded as the API, the host and the web server load it.
    const words = await import(
      pathToFileURL(join(root, 'shared/src/contract/release-words.mjs')).href
    );
    assert.deepEqual(words.REMOTE_NAMES, [
      'marketing',
      'marketplace',
      'account',
      'checkout',
      'rewards-hub',
    ]);
    assert.ok(words.isRemoteName('rewards-hub'));
    // The database knows a remote by the form of its name (release_reports_remote_check).
    assert.match('rewards-hub', new RegExp(words.REMOTE_NAME_SHAPE));
  });

  it('registers it with the apps, the runtime config, the route table and the product page', () => {
    assert.match(
      read('server/src/apps.mjs'),
      /name: 'rewards-hub',[^}]*portEnv: 'REWARDS_HUB_PORT',\s*defaultPort: 3005,\s*remote: 'rewards-hub'/,
    );
    assert.match(
      read('shared/src/contract/release-words.mjs'),
      /REMOTE_NAMES = \/\*\* @type \{const\} \*\/ \(\[[^\]]*'checkout', 'rewards-hub'\]\);/,
    );
    assert.match(
      read('shared/src/config/runtime-config.ts'),
      /'rewards-hub': 'http:\/\/localhost:3005\/mf-manifest.json'/,
    );
    assert.match(
      read('host/src/app/route-table.ts'),
      /'rewards-hub': \{\s*'\/rewards-hub': 'rewards-hub',\s*\},\s*\} as const/,
    );
    assert.match(read('host/src/app/remote-route.tsx'), /'rewards-hub': 'rewards hub',/);
    assert.match(read('docs/product.md'), /\| `\/rewards-hub` \| Rewards Hub \| rewards-hub \|/);
  });

  it('refuses a name that is not kebab-case, a remote that exists, and a taken port', () => {
    assert.throws(
      () => generateRemote({ root, name: 'Rewards', port: 3006 }),
      /not a kebab-case name/,
    );
    assert.throws(
      () => generateRemote({ root, name: 'rewards-hub', port: 3006 }),
      /exists already/,
    );
    assert.throws(() => generateRemote({ root, name: 'shop', port: 3005 }), /port 3005 is taken/);
  });
});
