// The release console's journeys (issue 29, "How it is checked"), on the running stack. The
// marketing team, signed in as its seeded staff member: a release published by the pipeline, a
// preview link of it, a canary started in the console (a visitor on the canary's side leaves field
// data under it: the console's charts show that version), promoted, and rolled back with a reason:
// each change in the history with the staff member's name. The payments team makes a checkout
// token in the console, reads its secret once from the page: the release endpoint refuses it on
// marketing with the reason; revoked in the console, it is refused as unknown.
// After the other release journeys: marketing is left as it was found (the build in place).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { promote, publish } from '@hypertek/server/releases/actions';
import type { Check } from '@hypertek/server/releases/actions';
import { assertCompatible, loadHostFacts } from '@hypertek/server/releases/gate';
import { readRegistry } from '@hypertek/server/releases/registry';
import { VISITOR_COOKIE } from '@hypertek/server/releases/routing';
import { releaseSecrets } from '@hypertek/server/releases/secrets';
import { withPage } from '../support/browser.ts';
import {
  callRelease,
  leaveMeasuredView,
  MARKETING,
  openConsoleAs,
  pageRelease,
  PAYMENTS,
  readField,
  remoteBuild,
  restoreLive,
  visitorOn,
} from '../support/releasing.ts';
import { useSite } from '../support/site.ts';

const BASE = '1.0.0+e2e.console-live';
const VERSION = '1.0.0+e2e.console';
const PERCENT = 30;
const STAFF = 'Mara Lind (marketing)';
const pipeline = 'marketing-ci@hypertek.test';

const work = mkdtempSync(join(tmpdir(), 'hypertek-e2e-console-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Waits until `check` holds (polled every 250 ms), or fails with `what`. */
async function eventually(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The marketing remote's panel of the console. */
const marketingPanel = (page: Page) => page.getByRole('region', { name: 'marketing', exact: true });

/** Opens one of the panel's actions, fills what `fill` fills, and confirms with `confirm`. */
async function act(
  page: Page,
  action: string,
  title: string,
  confirm: string,
  fill: (dialog: Locator) => Promise<void>,
) {
  await marketingPanel(page).getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: `${title}: marketing` });
  await fill(dialog);
  await dialog.getByRole('button', { name: confirm }).click();
  return dialog;
}

/** The latest change of the history, as the console's table shows it. */
const latestChange = (page: Page) =>
  page.getByRole('table', { name: 'Release history, newest first' }).getByRole('row').nth(1);

void describe('the release console', () => {
  const site = useSite();

  void test('the marketing team previews, starts a canary, sees its figures, promotes and rolls back, all in the console', async (t) => {
    const { siteUrl, apiUrl, releasesDir: dir } = site.stack;
    const before = readRegistry(dir).remotes.marketing?.live ?? null;
    const facts = await loadHostFacts({ SITE_URL: siteUrl });
    const check: Check = (release) => assertCompatible(release, facts);
    // Publishing stays a build step: the pipeline publishes two releases and puts one live.
    for (const version of [BASE, VERSION])
      await publish({
        dir,
        remote: 'marketing',
        actor: pipeline,
        buildDir: remoteBuild('marketing', work, version),
        version,
      });
    await promote({ dir, remote: 'marketing', version: BASE, actor: pipeline, check });
    try {
      await withPage(site.browser, t, async ({ page }) => {
        await openConsoleAs(page, siteUrl, MARKETING);
        const panel = marketingPanel(page);
        await panel.locator('dd').getByText(BASE, { exact: true }).waitFor();

        // A preview link of the new release, for this browser only.
        const preview = await act(
          page,
          'Preview link',
          'Make a preview link',
          'Make the link',
          (d) =>
            d
              .getByRole('combobox', { name: 'Version' })
              .selectOption(VERSION)
              .then(() => undefined),
        );
        const link = page.getByRole('link', { name: new RegExp(`^${siteUrl}/`) });
        assert.match((await link.getAttribute('href')) ?? '', /release-preview=/);
        await page
          .getByRole('dialog', { name: 'Preview link' })
          .getByRole('button', { name: 'Done' })
          .click();
        await preview.waitFor({ state: 'detached' });

        // The canary, asked and confirmed in its dialog.
        await act(page, 'Canary', 'Start or change a canary', 'Start the canary', async (d) => {
          await d.getByRole('combobox', { name: 'Version' }).selectOption(VERSION);
          await d.getByRole('spinbutton', { name: 'Share of visitors (%)' }).fill(String(PERCENT));
        });
        await panel.getByText(`${VERSION}: ${PERCENT}% of visitors since`).waitFor();
        await panel.getByRole('heading', { name: 'The canary judge' }).waitFor();
        await panel.locator('.ac-console-decision').waitFor();
        assert.equal(readRegistry(dir).remotes.marketing?.canary?.version, VERSION);
        assert.match(
          (await latestChange(page).textContent()) ?? '',
          new RegExp(`canary.*${STAFF.replace(/[()]/g, '\\$&')}`),
        );

        // A visitor on the canary's side views the funnel page and leaves it: their field data
        // is under the canary, and the console's charts draw that version once they read it.
        const { token } = releaseSecrets({ RELEASES_DIR: dir });
        await withPage(site.browser, t, async ({ page: visitor, context }) => {
          await context.addCookies([
            { name: VISITOR_COOKIE, value: visitorOn('marketing', VERSION, PERCENT), url: siteUrl },
          ]);
          await visitor.goto(`${siteUrl}/funnel-page`);
          assert.deepEqual(await pageRelease(visitor, 'marketing'), {
            version: VERSION,
            channel: 'canary',
          });
          await visitor.locator('[data-remote="marketing"] h1').first().waitFor();
          await leaveMeasuredView(visitor);
          await eventually(
            async () =>
              (await readField(apiUrl, token, 'marketing')).some(
                (row) => row.version === VERSION && row.channel === 'canary' && row.views > 0,
              ),
            10_000,
            `field data under ${VERSION} (canary)`,
          );
        });
        await page.reload();
        const vitals = panel.getByRole('img', { name: /marketing vitals at the 75th percentile/ });
        await vitals.waitFor();
        assert.match(
          (await vitals.getAttribute('aria-label')) ?? '',
          new RegExp(`${VERSION.replace(/[+.]/g, '\\$&')} \\(canary\\)`),
        );
        const table = panel.getByRole('table', { name: /each version's visitors/ });
        await table
          .getByRole('row', { name: new RegExp(`${VERSION.replace(/[+.]/g, '\\$&')} canary`) })
          .waitFor();

        // Promoted: every visitor gets it; the history names the staff member.
        await act(page, 'Promote', 'Promote to live', 'Promote', (d) =>
          d
            .getByRole('combobox', { name: 'Version' })
            .selectOption(VERSION)
            .then(() => undefined),
        );
        await panel.locator('dd').getByText(VERSION, { exact: true }).waitFor();
        assert.equal(
          await panel.locator('dd').getByText('none', { exact: true }).count(),
          1,
          'no canary',
        );
        const promoted = (await latestChange(page).textContent()) ?? '';
        for (const text of ['promote', STAFF, BASE, VERSION])
          assert.ok(promoted.includes(text), promoted);
        assert.equal(readRegistry(dir).remotes.marketing?.live, VERSION);

        // Rolled back, with a reason: the release before it is live again.
        await act(page, 'Roll back', 'Roll back', 'Roll back', (d) =>
          d.getByRole('textbox', { name: /Reason/ }).fill('e2e: back to the release before'),
        );
        await panel.locator('dd').getByText(BASE, { exact: true }).waitFor();
        const rolledBack = (await latestChange(page).textContent()) ?? '';
        for (const text of ['rollback', STAFF, 'e2e: back to the release before'])
          assert.ok(rolledBack.includes(text), rolledBack);
        assert.equal(readRegistry(dir).remotes.marketing?.live, BASE);
      });
    } finally {
      // Back to what the suite had before, whatever failed: no canary, the same live release.
      await restoreLive(dir, 'marketing', before, pipeline);
    }
  });

  void test('the payments team makes a checkout token in the console, shown once; it is refused on marketing with the reason, and unknown once revoked', async (t) => {
    const { siteUrl } = site.stack;
    const name = `checkout-console-${Date.now()}`;
    await withPage(site.browser, t, async ({ page }) => {
      await openConsoleAs(page, siteUrl, PAYMENTS);
      const form = page.getByRole('form', { name: 'Make a release token' });
      const remote = form.getByRole('combobox', { name: 'Remote' });
      await remote.waitFor();
      assert.deepEqual(await remote.locator('option').allTextContents(), ['checkout']);
      await form.getByRole('textbox', { name: /Name/ }).fill(name);
      await form.getByRole('button', { name: 'Make the token' }).click();

      const made = page.getByRole('region', { name: `Token “${name}” for checkout` });
      assert.match(
        (await made.getByRole('alert').textContent()) ?? '',
        /it will not be shown again/,
      );
      const secret = ((await made.getByLabel("The token's secret").textContent()) ?? '').trim();
      assert.match(secret, /^htr_[A-Za-z0-9_-]{43}$/);

      const onMarketing = await callRelease(siteUrl, secret, 'promote', {
        remote: 'marketing',
        version: VERSION,
      });
      assert.deepEqual(onMarketing, {
        status: 403,
        message: `The release token "${name}" may act on checkout only, not on marketing.`,
      });

      // Put away, the secret is gone from the page; the list shows the token, unused on checkout.
      await made.getByRole('button', { name: 'I have copied it' }).click();
      assert.equal(await page.getByText(secret).count(), 0);
      const tokens = page.getByRole('table', { name: 'Release tokens, newest first' });
      const row = tokens.getByRole('row', { name: new RegExp(name) });
      await row.waitFor();
      assert.match((await row.textContent()) ?? '', /checkout.*by Paz Okafor/);

      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Revoke the token “${name}”` });
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await row.getByText(/^revoked /).waitFor();
      assert.equal((await callRelease(siteUrl, secret, 'status')).status, 401);
    });
  });
});
