// The payment pages' script inventory and the monitor (issue 30 points 4 and 5; docs/security.md,
// "The payment pages' scripts"). In a real Chromium, every script the payment pages run (as the
// debugger sees it compile) must be in the inventory with the digest its source expects: each
// payment page loaded on its own, and the card form reached as a buyer reaches it (signed in,
// from an item page). A probe page that adds an unlisted script fails the same check. The
// monitor, run against this stack, finds the payment pages as released.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { INVENTORY, judgeScript } from '@hypertek/server/payment-pages/inventory';
import {
  checkPaymentPages,
  inventoryContext,
  reportLines,
} from '@hypertek/server/payment-pages/monitor';
import { monitorOptionsFrom } from '@hypertek/server/payment-pages/run';
import { withPage } from '../support/browser.ts';
import { openLandForSale, signInNewBuyer, startPurchase } from '../support/buying.ts';
import { recordScripts, type RanScript } from '../support/page-scripts.ts';
import { ROUTES } from '../support/routes.ts';
import { useSite } from '../support/site.ts';

const HOST_BUILD = join(import.meta.dirname, '..', '..', 'host', 'dist');

/** One line per script: what the journey saw, printed when a check fails. */
const listed = (ran: RanScript[]) =>
  ran.map((s) => `  ${s.inline ? 'inline in ' : ''}${s.url} ${s.digest}`).join('\n');

void describe('payment pages: the script inventory and the monitor', () => {
  const site = useSite();
  const options = () => monitorOptionsFrom({ env: site.stack.env, hostRoot: HOST_BUILD });

  /** The inventory's refusals of what ran (`directLoad`: on a payment page loaded on its own). */
  const refusals = (ran: RanScript[], directLoad: boolean) => {
    const context = inventoryContext(options());
    return ran.flatMap((script) => {
      const verdict = judgeScript(
        script.inline
          ? { inline: true, digest: script.digest }
          : { inline: false, url: script.url, digest: script.digest },
        context,
        { directLoad },
      );
      return verdict.ok ? [] : [`${verdict.script}: ${verdict.reason}`];
    });
  };

  /** Opens `path` and waits for the checkout's page in it, live (its code ran). */
  const openPaymentPage = async (page: Page, path: string) => {
    await page.goto(`${site.stack.siteUrl}${path}`, { waitUntil: 'networkidle' });
    await page.locator('[data-remote="checkout"]').first().waitFor();
  };

  void test("the inventory's pages are the checkout's routes", () => {
    const checkout = ROUTES.filter((route) => route.remote === INVENTORY.pages.remote);
    assert.deepEqual(
      [...INVENTORY.pages.paths].sort(),
      checkout.map((route) => route.path).sort(),
      'a new checkout page is inventoried (server/src/payment-pages/inventory.json)',
    );
  });

  void test('each payment page loaded on its own runs only inventoried scripts with their digests', async (t) => {
    await withPage(site.browser, t, async ({ context }) => {
      for (const path of INVENTORY.pages.paths) {
        // A page of its own each: the debugger also reports what the page ran before.
        const page = await context.newPage();
        const recorder = await recordScripts(page);
        await openPaymentPage(page, path);
        // The page's own code has run: a file of the checkout's besides its entry (its page).
        const checkout = new URL('.', site.stack.env.REMOTE_CHECKOUT_URL ?? '').href;
        const pageRan = (ran: RanScript[]) =>
          ran.some((s) => s.url.startsWith(checkout) && !s.url.endsWith('/remoteEntry.js'));
        let ran = await recorder.scripts();
        for (const until = Date.now() + 20_000; !pageRan(ran) && Date.now() < until;) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          ran = await recorder.scripts();
        }
        await recorder.stop();
        await page.close();
        assert.ok(ran.some((s) => s.inline) && ran.length >= 4, `${path} ran:\n${listed(ran)}`);
        assert.deepEqual(refusals(ran, true), [], `${path} ran:\n${listed(ran)}`);
      }
    });
  });

  void test('the card form, reached by a buyer from an item page, runs only inventoried scripts', async (t) => {
    const { siteUrl, apiUrl } = site.stack;
    await withPage(site.browser, t, async ({ page }) => {
      const recorder = await recordScripts(page);
      await signInNewBuyer(page, { siteUrl, apiUrl });
      // A land still for sale, among those the other journeys do not buy (they take 1-3, 8-16).
      await openLandForSale(page, siteUrl, [17, 18, 7, 6, 5, 4]);
      await startPurchase(page);
      await page.waitForURL(/\/stripe-payment/);
      await page.locator('[data-remote="checkout"]').getByLabel('Card number').waitFor();
      const ran = await recorder.scripts();
      await recorder.stop();
      assert.ok(
        ran.some((s) => s.url.includes('stripe_payment')),
        `the card form's chunk ran:\n${listed(ran)}`,
      );
      assert.deepEqual(refusals(ran, false), [], `the document ran:\n${listed(ran)}`);
    });
  });

  void test('the check fails on a probe page that adds an unlisted script', async (t) => {
    const { siteUrl } = site.stack;
    await withPage(site.browser, t, async ({ page }) => {
      // The payment page changed on the way, as a compromised server would: one more script,
      // with the response's nonce, so that the browser runs it.
      await page.route(`${siteUrl}/payment`, async (route) => {
        const response = await route.fetch();
        const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '');
        const html = (await response.text()).replace(
          '<div id="root"',
          `<script nonce="${nonce?.[1] ?? ''}">window.__probe = 1</script><div id="root"`,
        );
        await route.fulfill({ response, body: html });
      });
      const recorder = await recordScripts(page);
      await openPaymentPage(page, '/payment');
      const ran = await recorder.scripts();
      await recorder.stop();
      const refused = refusals(ran, true);
      assert.equal(refused.length, 1, `refused:\n${refused.join('\n')}\nran:\n${listed(ran)}`);
      assert.match(
        refused[0] ?? '',
        /^an inline script \(sha384-[^)]+\): not in the payment pages’ script inventory$/,
      );
    });
  });

  void test('the monitor finds the payment pages as released', async () => {
    const report = await checkPaymentPages(options());
    const lines = reportLines(report);
    assert.deepEqual(report.findings, [], lines.join('\n'));
    assert.equal(report.pages, INVENTORY.pages.paths.length, lines.join('\n'));
    assert.ok(report.scripts > 20, lines.join('\n'));
  });
});
