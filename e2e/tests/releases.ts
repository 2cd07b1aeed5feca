// Shipping the checkout remote as a release, on the running stack, with no host rebuild or
// restart anywhere: a release with a visible change is published; a preview link shows it to one
// browser (with a banner and a way out) while another sees the live release; a 50% canary splits
// new visitors, each keeping their side on reload; promote makes everyone see it; a visitor who
// loaded the old release before the promote pays by card after it; a release built against
// another React major is refused, naming React; a canary that throws on render is rolled back by
// the canary guard once its failures pass the threshold, and the registry says why; the API's
// /metrics shows each canary's visitors and failures by version; rollback brings the old release
// back within seconds; the registry's history lists every change in order with its actor.
// Last of the suite: it leaves the checkout served as before (the build in place).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  canary,
  preview,
  promote,
  publish,
  rollback,
  status,
} from '@hypertek/server/releases/actions';
import type { Check } from '@hypertek/server/releases/actions';
import { assertCompatible, loadHostFacts } from '@hypertek/server/releases/gate';
import { readRegistry } from '@hypertek/server/releases/registry';
import { releaseSecrets } from '@hypertek/server/releases/secrets';
import { canaryBucket } from '@hypertek/server/releases/routing';
import { navigateInApp, withPage } from '../support/browser.ts';
import { fillCard, openLand, signInNewBuyer, startPurchase } from '../support/buying.ts';
import { changedBuild } from '../support/releasing.ts';
import { useSite } from '../support/site.ts';

const OLD = 'Welcome to Dashboard';
const NEW = 'Welcome to Dashboard, release two';
const ONE = '1.0.0+e2e.one';
const TWO = '1.0.0+e2e.two';
const BROKEN = '1.0.0+e2e.broken';
const REACT18 = '1.0.0+e2e.react18';

const work = mkdtempSync(join(tmpdir(), 'hypertek-e2e-release-'));
after(() => rmSync(work, { recursive: true, force: true }));

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

/** A new visitor (a fresh browser context, no cookie) at /dashboard, and their visitor id. */
async function newVisitor(browser: Browser, siteUrl: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${siteUrl}/dashboard`);
  const visitor = (await context.cookies()).find((c) => c.name === 'ht_visitor')?.value ?? '';
  return { context, page, visitor };
}

/** The API's /metrics: the release reports counted for `version`, by outcome. */
async function reportsCounted(apiUrl: string, version: string) {
  const text = await (await fetch(new URL('/metrics', apiUrl))).text();
  const counted: Record<string, number> = {};
  for (const line of text.split('\n'))
    if (
      line.startsWith('hypertek_remote_reports_total{') &&
      line.includes(`version="${version}"`)
    ) {
      const outcome = /outcome="([a-z]+)"/.exec(line)?.[1] ?? '';
      counted[outcome] = (counted[outcome] ?? 0) + Number(line.split(' ').at(-1));
    }
  return counted;
}

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

void describe('shipping a remote as a release', () => {
  const site = useSite();
  const actor = 'payments-team@hypertek.test';

  void test('publish, preview, canary, promote, a visitor mid-session pays, the gate, the canary guard, rollback, and the history', async (t) => {
    const { siteUrl, apiUrl, releasesDir: dir } = site.stack;
    const facts = await loadHostFacts({ SITE_URL: siteUrl });
    const check: Check = (release) => assertCompatible(release, facts);

    // The live release: the checkout as built, published and promoted.
    await publish({
      dir,
      remote: 'checkout',
      actor,
      buildDir: changedBuild('checkout', work, 'one'),
      version: ONE,
    });
    await promote({ dir, remote: 'checkout', version: ONE, actor, check });
    await withPage(site.browser, t, ({ page }) => newLoadsShow(page, siteUrl, OLD));

    await withPage(site.browser, t, async ({ page: before }) => {
      // A visitor signs in on the live release, before anything else goes live.
      await signInNewBuyer(before, { siteUrl, apiUrl });
      await navigateInApp(before, '/dashboard');
      await before.locator('[data-remote="checkout"] h1').first().waitFor();

      // Release two, with a visible change.
      await publish({
        dir,
        remote: 'checkout',
        actor,
        buildDir: changedBuild('checkout', work, 'two', OLD, NEW),
        version: TWO,
      });

      // Preview: the link shows it to one browser, with the banner; everyone else sees the live one.
      const { link } = await preview({
        dir,
        remote: 'checkout',
        version: TWO,
        minutes: 10,
        actor,
        signingKey: releaseSecrets({ RELEASES_DIR: dir }).signingKey,
        siteUrl,
        check,
      });
      await withPage(site.browser, t, async ({ page }) => {
        await page.goto(link);
        assert.equal(new URL(page.url()).search, '', 'the pass leaves the address');
        const banner = page.locator('#release-preview');
        assert.match((await banner.textContent()) ?? '', /Previewing checkout 1\.0\.0\+e2e\.two/);
        await newLoadsShow(page, siteUrl, NEW);
        await withPage(site.browser, t, ({ page: other }) => newLoadsShow(other, siteUrl, OLD));
        await page.locator('#release-preview').getByRole('link', { name: 'Leave preview' }).click();
        await page.waitForURL(`${siteUrl}/dashboard`);
        assert.equal(await page.locator('#release-preview').count(), 0);
        await newLoadsShow(page, siteUrl, OLD);
      });

      // A 50% canary: new visitors split, each on the side of their visitor cookie, kept on reload.
      await canary({ dir, remote: 'checkout', version: TWO, percent: 50, actor, check });
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // the host reads it within 1 s
      const seen = new Set<string>();
      for (let i = 0; i < 24 && seen.size < 2; i++) {
        const visitor = await newVisitor(site.browser, siteUrl);
        try {
          const inCanary = canaryBucket(visitor.visitor, 'checkout', TWO) < 50;
          await visitor.page.locator('[data-remote="checkout"] h1').first().waitFor();
          const heading = (await dashboardHeading(visitor.page)) ?? '';
          assert.equal(heading, inCanary ? NEW : OLD, `visitor ${visitor.visitor}`);
          await visitor.page.reload();
          await visitor.page.locator('[data-remote="checkout"] h1').first().waitFor();
          assert.equal(await dashboardHeading(visitor.page), heading, 'the same side on reload');
          seen.add(heading);
        } finally {
          await visitor.context.close();
        }
      }
      assert.deepEqual([...seen].sort(), [OLD, NEW], 'new visitors land on both sides');
      // The canary's visitors, counted by version on the API's /metrics.
      await until(
        async () => ((await reportsCounted(apiUrl, TWO)).loaded ?? 0) >= 1,
        5_000,
        "the canary's visitors on /metrics",
      );

      // Promote: everyone gets it.
      await promote({ dir, remote: 'checkout', version: TWO, actor, check });
      await withPage(site.browser, t, ({ page }) => newLoadsShow(page, siteUrl, NEW));

      // The visitor who loaded the old release before keeps it, and pays by card after the promote.
      await navigateInApp(before, '/');
      await navigateInApp(before, '/dashboard');
      await before.locator('[data-remote="checkout"] h1').first().waitFor();
      assert.equal(await dashboardHeading(before), OLD);
      await openLand(before, siteUrl, 5, { inApp: true });
      await startPurchase(before);
      await before.waitForURL(/\/stripe-payment/);
      await fillCard(before, '4242 4242 4242 4242');
      await before.getByRole('button', { name: /^Pay \$/ }).click();
      await before.getByText('Payment Successful!', { exact: true }).first().waitFor();
      await before.waitForURL(`${siteUrl}/success`);
    });

    // A build against another React major is refused, naming React; nothing changes.
    await publish({
      dir,
      remote: 'checkout',
      actor,
      buildDir: changedBuild(
        'checkout',
        work,
        'react18',
        '"requiredVersion": "^19',
        '"requiredVersion": "^18',
      ),
      version: REACT18,
    });
    await assert.rejects(
      promote({ dir, remote: 'checkout', version: REACT18, actor, check }),
      /react: the release needs \^18/,
    );

    // A canary that throws on render: its visitors see the fallback, the host reports each
    // failure to the API, and the canary guard rolls it back once they pass the threshold.
    await publish({
      dir,
      remote: 'checkout',
      actor,
      buildDir: changedBuild(
        'checkout',
        work,
        'broken',
        `"${OLD}"`,
        '(()=>{throw new Error("release broken on purpose")})()',
      ),
      version: BROKEN,
    });
    await canary({
      dir,
      remote: 'checkout',
      version: BROKEN,
      percent: 90,
      threshold: 0.2,
      minVisitors: 3,
      actor,
      check,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    let fallbacks = 0;
    await until(
      async () => {
        const visitor = await newVisitor(site.browser, siteUrl);
        const failed = await visitor.page
          .getByTestId('remote-fallback')
          .waitFor({ timeout: 5_000 })
          .then(
            () => true,
            () => false,
          );
        if (failed) fallbacks++;
        await visitor.context.close();
        return !readRegistry(dir).remotes.checkout?.canary;
      },
      30_000,
      'the failing canary rolled back',
    );
    assert.ok(fallbacks >= 3, `${fallbacks} visitors saw the fallback`);
    const guarded = readRegistry(dir).history.at(-1);
    assert.ok(guarded);
    assert.equal(guarded.action, 'canary-rollback');
    assert.equal(guarded.actor, 'canary guard');
    assert.match(
      guarded.reason ?? '',
      /^failure rate \d+% \(\d+ of \d+ visitors\) passed the threshold of 20%$/,
    );
    const counted = await reportsCounted(apiUrl, BROKEN);
    assert.ok(
      (counted.failed ?? 0) >= 3,
      `failures of ${BROKEN} on /metrics: ${JSON.stringify(counted)}`,
    );
    await withPage(site.browser, t, ({ page }) => newLoadsShow(page, siteUrl, NEW));

    // Rollback: the old release is back within seconds, then the build in place.
    await rollback({ dir, remote: 'checkout', actor: 'night-shift@hypertek.test', reason: 'e2e' });
    await withPage(site.browser, t, ({ page }) => newLoadsShow(page, siteUrl, OLD));
    await rollback({ dir, remote: 'checkout', actor: 'night-shift@hypertek.test' });

    const { history } = await status({ dir, history: 100 });
    assert.deepEqual(
      history.map((c) => [c.actor, c.action, c.from, c.to]),
      [
        [actor, 'publish', null, ONE],
        [actor, 'promote', null, ONE],
        [actor, 'publish', null, TWO],
        [actor, 'preview', ONE, TWO],
        [actor, 'canary', null, TWO],
        [actor, 'promote', ONE, TWO],
        [actor, 'publish', null, REACT18],
        [actor, 'publish', null, BROKEN],
        [actor, 'canary', null, BROKEN],
        ['canary guard', 'canary-rollback', BROKEN, TWO],
        ['night-shift@hypertek.test', 'rollback', TWO, ONE],
        ['night-shift@hypertek.test', 'rollback', ONE, null],
      ],
    );
  });
});
