// Field data from a real browser: with a release of the marketing remote live, a visitor's view of
// /funnel-page leaves, once they leave the page, one page view with its Web Vitals (the host's
// beacon when the page is left) and the funnel's first step, both under that version, in the API's field
// data (GET /releases/field). After the release journey: it puts the marketing remote back as
// it was (the build in place).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { promote, publish, rollback } from '@hypertek/server/releases/actions';
import type { Check } from '@hypertek/server/releases/actions';
import { assertCompatible, loadHostFacts } from '@hypertek/server/releases/gate';
import { releaseSecrets } from '@hypertek/server/releases/secrets';
import { withPage } from '../support/browser.ts';
import {
  leaveMeasuredView,
  readField,
  remoteBuild,
  type VersionFigures,
} from '../support/releasing.ts';
import { useSite } from '../support/site.ts';

const VERSION = '1.0.0+e2e.field';

const work = mkdtempSync(join(tmpdir(), 'hypertek-e2e-field-'));
after(() => rmSync(work, { recursive: true, force: true }));

void describe('field data from a real browser', () => {
  const site = useSite();
  const actor = 'marketing-team@hypertek.test';

  void test("a visitor's page view leaves its vitals and its funnel step under the live version", async (t) => {
    const { siteUrl, apiUrl, releasesDir: dir } = site.stack;
    const facts = await loadHostFacts({ SITE_URL: siteUrl });
    const check: Check = (release) => assertCompatible(release, facts);
    await publish({
      dir,
      remote: 'marketing',
      actor,
      buildDir: remoteBuild('marketing', work),
      version: VERSION,
    });
    await promote({ dir, remote: 'marketing', version: VERSION, actor, check });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // the host reads it within 1 s
      const { token } = releaseSecrets({ RELEASES_DIR: dir });
      let figures: VersionFigures | undefined;
      let seen: VersionFigures[] = [];
      const sent: string[] = [];
      await withPage(site.browser, t, async ({ page, context }) => {
        // What the page's beacons did (the browser's answer to each sendBeacon), for the failure.
        await page.exposeFunction('__beaconSent', (line: string) => void sent.push(line));
        await context.addInitScript(() => {
          const send = navigator.sendBeacon.bind(navigator);
          navigator.sendBeacon = (url, data) => {
            const queued = send(url, data);
            void (
              window as unknown as { __beaconSent: (line: string) => Promise<void> }
            ).__beaconSent(`${String(url)}: ${queued ? 'queued' : 'refused'}`);
            return queued;
          };
        });
        await page.goto(`${siteUrl}/funnel-page`);
        const release = await page.evaluate(
          () =>
            (
              JSON.parse(document.getElementById('runtime-config')?.textContent ?? '{}') as {
                releases?: Record<string, { version: string }>;
              }
            ).releases?.marketing?.version,
        );
        assert.equal(release, VERSION, 'the page runs the live release');
        assert.match(
          await page.evaluate(() => document.cookie),
          /(^|; )ht_visitor=[A-Za-z0-9_-]{16,}/,
          "the host's server gave this visitor an id",
        );
        await page.locator('[data-remote="marketing"] h1').first().waitFor();
        // The collector arrives after the load event, when the browser is idle.
        await leaveMeasuredView(page);

        const deadline = Date.now() + 10_000;
        do {
          seen = await readField(apiUrl, token, 'marketing');
          figures = seen.find((row) => row.version === VERSION && row.channel === 'live');
          if (figures && figures.views > 0 && (figures.funnel['funnel-viewed'] ?? 0) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        } while (Date.now() < deadline);
      });

      assert.ok(
        figures,
        `no field data under ${VERSION}; the API had: ${JSON.stringify(seen)}; the page's beacons: ${sent.join(', ') || 'none'}`,
      );
      assert.equal(figures.views, 1, 'one page view, one beacon');
      assert.equal(figures.visitors, 1);
      assert.equal(figures.funnel['funnel-viewed'], 1);
      // The vitals web-vitals reports as soon as they are known. LCP, CLS and INP it reports at
      // `visibilitychange` to hidden, which headless Chromium never fires (its pages stay
      // visible, even when closed or left): the unit tests cover those.
      for (const vital of ['TTFB', 'FCP'])
        assert.equal(typeof figures.p75[vital], 'number', `${vital} measured`);
    } finally {
      await rollback({ dir, remote: 'marketing', actor });
    }
  });
});
