// Only the code a team released runs (issue 30 point 2; docs/security.md, "Integrity of
// remotes"): the checkout's release is published (its digests recorded), then its files are
// changed on the checkout's server, where the release is served from: one of its chunks (the
// payment page's), its entry, and its manifest (one byte, pointing the entry at a planted
// script). The changed code sets a global marker. A buyer shown each changed release (a preview
// link) reaches the payment page: the marker stays unset, the checkout's fallback shows, the
// release's report says `integrity`, and the API's metric counts it (the host's server counts the
// refused manifest it fetched itself). The same release untouched shows the card form.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { preview, publish } from '@hypertek/server/releases/actions';
import { releaseSecrets } from '@hypertek/server/releases/secrets';
import { withPage } from '../support/browser.ts';
import { openLandForSale, signInNewBuyer, startPurchase } from '../support/buying.ts';
import { useSite } from '../support/site.ts';

const CHECKOUT_DIST = join(import.meta.dirname, '..', '..', 'remote-checkout', 'dist');
const MARKER = '__hypertekTampered';
const actor = 'payments-team@hypertek.test';

/** The changed code: what an attacker's bytes would do first. */
const tamperedCode = (what: string) => `globalThis.${MARKER}=${JSON.stringify(what)};`;

/** Writes `text` over a release's file, and drops its precompressed copies (they would be served). */
function overwrite(file: string, text: string) {
  writeFileSync(file, text);
  for (const copy of [`${file}.br`, `${file}.gz`]) if (existsSync(copy)) rmSync(copy);
}

/** How each file of a published release folder is changed on the checkout's server. */
const TAMPERS = {
  chunk(folder: string) {
    const js = join(folder, 'static/js');
    const chunk = readdirSync(js).find((name) =>
      /^__federation_expose_stripe_payment\.[\w-]+\.js$/.test(name),
    );
    assert.ok(chunk, "the checkout's build has the payment page's chunk");
    overwrite(join(js, chunk), tamperedCode('chunk') + readFileSync(join(js, chunk), 'utf8'));
  },
  entry(folder: string) {
    const entry = join(folder, 'remoteEntry.js');
    overwrite(entry, tamperedCode('entry') + readFileSync(entry, 'utf8'));
  },
  manifest(folder: string) {
    // One byte: the entry's name now names a script planted beside it.
    const manifest = join(folder, 'mf-manifest.json');
    const text = readFileSync(manifest, 'utf8');
    assert.ok(text.includes('"remoteEntry.js"'));
    overwrite(manifest, text.replace('"remoteEntry.js"', '"remoteEntrx.js"'));
    const planted = tamperedCode('manifest') + readFileSync(join(folder, 'remoteEntry.js'), 'utf8');
    writeFileSync(join(folder, 'remoteEntrx.js'), planted);
  },
} satisfies Record<string, (folder: string) => void>;

/** The API's /metrics: the checkout's failure reports of `version`, by stage. */
async function failuresCounted(apiUrl: string, version: string) {
  const text = await (await fetch(new URL('/metrics', apiUrl))).text();
  const counted: Record<string, number> = {};
  for (const line of text.split('\n'))
    if (
      line.startsWith('hypertek_remote_reports_total{') &&
      line.includes(`version="${version}"`) &&
      line.includes('outcome="failed"')
    ) {
      const stage = /stage="([a-z]+)"/.exec(line)?.[1] ?? '';
      counted[stage] = (counted[stage] ?? 0) + Number(line.split(' ').at(-1));
    }
  return counted;
}

/** The host's /metrics: the files of `version` its server refused, by kind. */
async function refusedByHost(siteUrl: string, version: string) {
  const text = await (await fetch(new URL('/metrics', siteUrl))).text();
  return text
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('hypertek_remote_integrity_refusals_total{') &&
        line.includes(`version="${version}"`),
    )
    .map((line) => `${/file="([a-z-]+)"/.exec(line)?.[1] ?? ''} ${line.split(' ').at(-1) ?? ''}`);
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

void describe('only the code a team released runs', () => {
  const site = useSite();

  /** Publishes the checkout's build as `version`, changed on its server by `tamper`. */
  async function publishTampered(version: string, tamper?: keyof typeof TAMPERS) {
    const { releasesDir: dir } = site.stack;
    await publish({ dir, remote: 'checkout', actor, buildDir: CHECKOUT_DIST, version });
    if (tamper) TAMPERS[tamper](join(dir, 'checkout', version));
    const { link } = await preview({
      dir,
      remote: 'checkout',
      version,
      actor,
      signingKey: releaseSecrets({ RELEASES_DIR: dir }).signingKey,
      siteUrl: site.stack.siteUrl,
    });
    return link;
  }

  /** A buyer who took `link` (this release of the checkout) at the payment page. */
  async function atPaymentPage(page: Page, link: string) {
    const { siteUrl, apiUrl } = site.stack;
    await page.goto(link);
    await signInNewBuyer(page, { siteUrl, apiUrl });
    // A land still for sale (the other journeys buy some of the first ones).
    await openLandForSale(page, siteUrl, [8, 9, 10, 11, 12, 13, 14, 15, 16]);
    await startPurchase(page);
    await page.waitForURL(/\/stripe-payment/);
  }

  void test('the untouched release shows the payment form', async (t) => {
    const link = await publishTampered('1.0.0+e2e.sealed');
    await withPage(site.browser, t, async ({ page }) => {
      await atPaymentPage(page, link);
      await page.locator('[data-remote="checkout"]').getByLabel('Card number').waitFor();
      assert.equal(await page.evaluate((name) => name in globalThis, MARKER), false);
    });
  });

  for (const tamper of ['chunk', 'entry', 'manifest'] as const)
    void test(`a changed ${tamper} never runs: the fallback, a report and a metric`, async (t) => {
      const version = `1.0.0+e2e.tampered.${tamper}`;
      const link = await publishTampered(version, tamper);
      await withPage(site.browser, t, async ({ page, consoleLines }) => {
        await atPaymentPage(page, link);
        await page.getByTestId('remote-fallback').waitFor();
        assert.equal(await page.getByLabel('Card number').count(), 0, 'no card form');
        // Give a refused script every chance to have run.
        await page.waitForTimeout(300);
        const marker = await page.evaluate(
          (name) => (globalThis as unknown as Record<string, unknown>)[name] ?? null,
          MARKER,
        );
        assert.equal(marker, null, `the ${tamper}'s changed code ran`);
        const counted = await until(
          () => failuresCounted(site.stack.apiUrl, version),
          (seen) => (seen.integrity ?? 0) >= 1,
          5_000,
        );
        assert.deepEqual(counted, { integrity: 1 }, `failure reports of ${version}`);
        t.diagnostic(
          `console: ${consoleLines.filter((line) => /integrity|refused/i.test(line)).join(' | ')}`,
        );

        // A page of the checkout drawn by the host's server: it fetches the release's manifest
        // itself, and refuses a changed one (the scripts it never runs). With only the payment
        // page's chunk changed, the rest of the release works.
        await page.goto(`${site.stack.siteUrl}/dashboard`);
        if (tamper === 'chunk')
          await page
            .locator('[data-remote="checkout"] h1')
            .getByText('Welcome to Dashboard')
            .waitFor();
        else await page.getByTestId('remote-fallback').waitFor();
        assert.equal(await page.evaluate((name) => name in globalThis, MARKER), false);
        assert.deepEqual(
          await refusedByHost(site.stack.siteUrl, version),
          tamper === 'manifest' ? ['manifest 1'] : [],
          `the host's server's refusals of ${version}`,
        );
      });
    });
});
