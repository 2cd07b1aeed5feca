// Shipping the checkout remote as a release, on the running stack, with no host rebuild or
// restart: a published release with a visible change goes live on promote for every new page
// load, while a visitor who loaded the site before keeps the release they started with; a release
// built against another React major is refused by the gate, naming React; rollback brings the old
// release back within seconds; the registry's history lists every change in order with its actor.
// Last of the suite: it leaves the checkout served as before (the build in place).
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { promote, publish, rollback, status } from '../../scripts/release/actions.mjs';
import { assertCompatible, loadHostFacts } from '../../scripts/release/gate.mjs';
import { navigateInApp, withPage } from '../support/browser.ts';
import { useSite } from '../support/site.ts';

const CHECKOUT_DIST = join(import.meta.dirname, '..', '..', 'remote-checkout', 'dist');
const OLD = 'Welcome to Dashboard';
const NEW = 'Welcome to Dashboard, release two';

const work = mkdtempSync(join(tmpdir(), 'hypertek-e2e-release-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the checkout's build with `change` applied to every text file that has `from`. */
function changedBuild(name: string, from: string, to: string): string {
  const dir = join(work, name);
  cpSync(CHECKOUT_DIST, dir, { recursive: true });
  let changed = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    // The build's precompressed copies would be stale: publish makes them again.
    if (/\.(br|gz)$/.test(entry.name)) rmSync(file);
    else if (/\.(js|cjs|html|json)$/.test(entry.name)) {
      const text = readFileSync(file, 'utf8');
      if (text.includes(from)) {
        writeFileSync(file, text.split(from).join(to));
        changed++;
      }
    }
  }
  assert.ok(changed > 0, `no file of the checkout's build has ${from}`);
  return dir;
}

const dashboardHeading = (page: Page) =>
  page.locator('[data-remote="checkout"] h1').first().textContent();

/** Opens /dashboard in fresh page loads until its heading is `expected` (5 s at most). */
async function newLoadsShow(page: Page, siteUrl: string, expected: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  let heading: string | null = null;
  do {
    await page.goto(`${siteUrl}/dashboard`);
    heading = await dashboardHeading(page);
  } while (heading !== expected && Date.now() < deadline);
  assert.equal(heading, expected);
}

void describe('shipping a remote as a release', () => {
  const site = useSite();
  const actor = 'payments-team@hypertek.test';

  void test('publish, promote, a visitor mid-session, the gate, rollback, and the history', async (t) => {
    const dir = site.stack.releasesDir;
    const env = { SITE_URL: site.stack.siteUrl };
    await withPage(site.browser, t, async ({ page: before }) => {
      // A visitor on the site before the release goes live.
      await before.goto(`${site.stack.siteUrl}/`);
      await before.locator('[data-remote="marketing"] h1').first().waitFor();

      await publish({
        dir,
        remote: 'checkout',
        actor,
        buildDir: changedBuild('two', OLD, NEW),
        version: '1.0.0+e2e.two',
      });
      const facts = await loadHostFacts(env);
      promote({
        dir,
        remote: 'checkout',
        version: '1.0.0+e2e.two',
        actor,
        check: (release: unknown) => assertCompatible(release, facts),
      });

      // Every new page load gets it within seconds; the host was not rebuilt or restarted.
      await withPage(site.browser, t, ({ page }) => newLoadsShow(page, site.stack.siteUrl, NEW));

      // The visitor who loaded the site before keeps their release for this page's life.
      await navigateInApp(before, '/dashboard');
      await before.locator('[data-remote="checkout"] h1').first().waitFor();
      assert.equal(await dashboardHeading(before), OLD);
    });

    // A build against another React major is refused, naming React; nothing changes.
    const react18 = changedBuild('react18', '"requiredVersion": "^19', '"requiredVersion": "^18');
    await publish({
      dir,
      remote: 'checkout',
      actor,
      buildDir: react18,
      version: '1.0.0+e2e.react18',
    });
    const facts = await loadHostFacts(env);
    assert.throws(
      () =>
        promote({
          dir,
          remote: 'checkout',
          version: '1.0.0+e2e.react18',
          actor,
          check: (release: unknown) => assertCompatible(release, facts),
        }),
      /react: the release needs \^18/,
    );

    // Rollback: the build in place is back within seconds, for every new page load.
    rollback({ dir, remote: 'checkout', actor: 'night-shift@hypertek.test', reason: 'e2e' });
    await withPage(site.browser, t, ({ page }) => newLoadsShow(page, site.stack.siteUrl, OLD));

    const history = (status({ dir, history: 100 }) as { history: Record<string, unknown>[] })
      .history;
    assert.deepEqual(
      history.map((c) => [c.actor, c.action, c.from, c.to]),
      [
        [actor, 'publish', null, '1.0.0+e2e.two'],
        [actor, 'promote', null, '1.0.0+e2e.two'],
        [actor, 'publish', null, '1.0.0+e2e.react18'],
        ['night-shift@hypertek.test', 'rollback', '1.0.0+e2e.two', null],
      ],
    );
  });
});
