// The canary judge from real browsers (issue 29, "How it is checked"): a marketing release whose
// funnel page blocks the main thread on every click (a busy loop in its chunk, the entry's digest
// sealed again: the integrity pinning still passes) goes to a 50% canary against a live copy of the
// same build. Visitors on each side (by their visitor cookie) view /funnel-page, click its heading
// and leave: their vitals, INP with them, reach the API. The stack's judge gives a verdict on 20
// canary page views and 10 values a side (JUDGE_MIN_CANARY_VIEWS, JUDGE_MIN_PER_SIDE); the host's
// guard asks it every 15 s and rolls the canary back, and the console, for the marketing team's
// staff member, shows the rollback by the canary judge with its reason (INP p75 worse by X%).
// After the other release journeys: marketing is left as it was found (the build in place).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test, type TestContext } from 'node:test';
import { canary, promote, publish } from '@hypertek/server/releases/actions';
import type { Check } from '@hypertek/server/releases/actions';
import { assertCompatible, loadHostFacts } from '@hypertek/server/releases/gate';
import { readRegistry } from '@hypertek/server/releases/registry';
import { VISITOR_COOKIE } from '@hypertek/server/releases/routing';
import { releaseSecrets } from '@hypertek/server/releases/secrets';
import { withPage } from '../support/browser.ts';
import {
  changedBuild,
  hideMeasuredView,
  MARKETING,
  openConsoleAs,
  pageRelease,
  readField,
  remoteBuild,
  restoreLive,
  visitorOn,
} from '../support/releasing.ts';
import { useSite } from '../support/site.ts';

const LIVE = '1.0.0+e2e.judge-live';
const SLOW = '1.0.0+e2e.judge-slow';
const PERCENT = 50;
/** How long the canary's click handler keeps the main thread. */
const BLOCK_MS = 300;
/** The page views a side gets, and the time the views take, at most before the journey gives up. */
const VIEWS_MAX = 40;
const DRIVE_MS = 180_000;
const pipeline = 'marketing-ci@hypertek.test';

/** Appended to the funnel page's chunk: every click blocks the main thread for BLOCK_MS. */
const BUSY_CLICK = `document.addEventListener("click",function(){for(var e=performance.now()+${BLOCK_MS};performance.now()<e;);});\n`;
/** The last line of the funnel page's chunk (its name is the build's, its hash aside). */
const FUNNEL_CHUNK_END = '//# sourceMappingURL=__federation_expose_funnel_page.';

const work = mkdtempSync(join(tmpdir(), 'hypertek-e2e-judge-'));
after(() => rmSync(work, { recursive: true, force: true }));

void describe('the canary judge', () => {
  const site = useSite();

  void test('a canary whose funnel page blocks the main thread on a click is rolled back by the judge, and the console says why', async (t) => {
    const { siteUrl, apiUrl, releasesDir: dir } = site.stack;
    const before = readRegistry(dir).remotes.marketing?.live ?? null;
    const facts = await loadHostFacts({ SITE_URL: siteUrl });
    const check: Check = (release) => assertCompatible(release, facts);
    await publish({
      dir,
      remote: 'marketing',
      actor: pipeline,
      buildDir: remoteBuild('marketing', work, 'live'),
      version: LIVE,
    });
    await publish({
      dir,
      remote: 'marketing',
      actor: pipeline,
      buildDir: changedBuild(
        'marketing',
        work,
        'slow',
        FUNNEL_CHUNK_END,
        BUSY_CLICK + FUNNEL_CHUNK_END,
      ),
      version: SLOW,
    });
    await promote({ dir, remote: 'marketing', version: LIVE, actor: pipeline, check });
    const started = Date.now();
    await canary({
      dir,
      remote: 'marketing',
      version: SLOW,
      percent: PERCENT,
      actor: pipeline,
      check,
    });
    const { token } = releaseSecrets({ RELEASES_DIR: dir });
    const views = { canary: 0, live: 0 };
    const rolledBack = () => !readRegistry(dir).remotes.marketing?.canary;
    /** What the judge had, for a failure: each side's figures and its verdict now. */
    const figures = async () => {
      const field = (await readField(apiUrl, token, 'marketing')).filter((row) =>
        [LIVE, SLOW].includes(row.version),
      );
      const query = new URLSearchParams({
        remote: 'marketing',
        canary: SLOW,
        live: LIVE,
        percent: String(PERCENT),
      });
      const answer = await fetch(new URL(`/api/v1/releases/judgement?${query}`, apiUrl), {
        headers: { authorization: `Bearer ${token}` },
      });
      const verdict = ((await answer.json()) as { verdict?: { decision: string; reason: string } })
        .verdict;
      return `page views driven ${JSON.stringify(views)}; field data ${JSON.stringify(field)}; the judge now: ${JSON.stringify(verdict)}`;
    };

    /** Visitors of one side, one page view each, until the canary is rolled back. */
    const drive = (side: 'canary' | 'live', tc: TestContext) =>
      withPage(site.browser, tc, async ({ page, context }) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500)); // the host reads it within 1 s
        while (!rolledBack() && views[side] < VIEWS_MAX && Date.now() - started < DRIVE_MS) {
          await context.clearCookies();
          await context.addCookies([
            {
              name: VISITOR_COOKIE,
              value: visitorOn('marketing', SLOW, PERCENT, side),
              url: siteUrl,
            },
          ]);
          await page.goto(`${siteUrl}/funnel-page`);
          const release = await pageRelease(page, 'marketing');
          // Rolled back while this page loaded: its view counts for live, not for this side.
          if (rolledBack()) break;
          assert.deepEqual(
            release,
            side === 'canary'
              ? { version: SLOW, channel: 'canary' }
              : { version: LIVE, channel: 'live' },
          );
          const heading = page.locator('[data-remote="marketing"] h1').first();
          await heading.waitFor();
          await hideMeasuredView(page, () => heading.click());
          views[side]++;
        }
      });

    try {
      await Promise.all([drive('canary', t), drive('live', t)]);
      // The guard asks the judge every 15 s: the last views may still be on their way.
      const deadline = Date.now() + 25_000;
      while (!rolledBack() && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 500));
      assert.ok(rolledBack(), `the canary was not rolled back: ${await figures()}`);
      const change = readRegistry(dir).history.at(-1);
      assert.ok(change);
      assert.deepEqual(
        { action: change.action, actor: change.actor, remote: change.remote, from: change.from },
        { action: 'canary-rollback', actor: 'canary judge', remote: 'marketing', from: SLOW },
        await figures(),
      );
      const reason = change.reason ?? '';
      assert.match(
        reason,
        /^INP p75 \d+ ms on the canary against \d+ ms on live \(\+\d+%\), beyond the guardrail of \+20%/,
        await figures(),
      );
      t.diagnostic(
        `rolled back ${Math.round((Date.now() - started) / 1000)} s after the canary started, after ${JSON.stringify(views)} page views: ${reason}`,
      );

      // The console, for the marketing team: no canary, and the rollback with the judge's reason.
      await withPage(site.browser, t, async ({ page }) => {
        await openConsoleAs(page, siteUrl, MARKETING);
        const panel = page.getByRole('region', { name: 'marketing', exact: true });
        await panel.locator('dd').getByText(LIVE, { exact: true }).waitFor();
        const row = page
          .getByRole('table', { name: 'Release history, newest first' })
          .getByRole('row')
          .filter({ hasText: 'canary judge' })
          .first();
        await row.waitFor();
        const text = (await row.textContent()) ?? '';
        for (const expected of ['canary-rollback', SLOW, reason, 'INP p75:'])
          assert.ok(text.includes(expected), `"${expected}" not in the console's row: ${text}`);
      });
    } finally {
      // Back to what the suite had before, whatever failed: no canary, the same live release.
      await restoreLive(dir, 'marketing', before, pipeline);
    }
  });
});
