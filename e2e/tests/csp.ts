// The Content-Security-Policy at work (docs/security.md): a script that reached the page without
// the response's nonce (as injected markup would) runs not, nor does a string handed to a script
// sink; the browser reports both to the host's /_csp-report, which counts them by directive.
// (Every other journey fails on any violation: support/browser.ts. That the server marks only its
// own scripts for the nonce is server/src/compose/composer.test.ts's.)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useSite } from '../support/site.ts';

/** The host's count of reported violations of `directive` (its /metrics). */
async function violations(siteUrl: string, directive: string): Promise<number> {
  const text = await (await fetch(new URL('/metrics', siteUrl))).text();
  const line = new RegExp(
    `hypertek_web_csp_violations_total\\{directive="${directive}",disposition="enforce",app="host"\\} (\\d+)`,
  ).exec(text);
  return Number(line?.[1] ?? 0);
}

void describe('content security policy', () => {
  const site = useSite();

  void test('an injected script and a string in a script sink are blocked, reported and counted', async () => {
    const { siteUrl } = site.stack;
    const before = {
      script: await violations(siteUrl, 'script-src-elem'),
      sink: await violations(siteUrl, 'require-trusted-types-for'),
    };
    const context = await site.browser.newContext();
    try {
      const page = await context.newPage();
      // The page with markup injected on the way: a script in the body, without the nonce.
      await page.route(`${siteUrl}/about`, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          '<div id="root"',
          '<script>window.__injected = true</script><div id="root"',
        );
        await route.fulfill({ response, body: html });
      });
      await page.goto(`${siteUrl}/about`);
      await page.locator('[data-remote="marketing"]').first().waitFor();
      assert.equal(
        await page.evaluate(() => (window as { __injected?: boolean }).__injected ?? false),
        false,
        'the injected script ran',
      );
      // A DOM XSS: a string into a script address; the Trusted Types default policy refuses it.
      const sink = await page.evaluate(() => {
        try {
          document.createElement('script').src = 'https://evil.example/x.js';
          return 'accepted';
        } catch (error) {
          return (error as Error).name;
        }
      });
      assert.equal(sink, 'TypeError');
      // Browsers send reports on their own schedule (the Reporting API batches them).
      const started = Date.now();
      const deadline = started + 90_000;
      let seen = { script: 0, sink: 0 };
      while (Date.now() < deadline) {
        seen = {
          script: (await violations(siteUrl, 'script-src-elem')) - before.script,
          sink: (await violations(siteUrl, 'require-trusted-types-for')) - before.sink,
        };
        if (seen.script >= 1 && seen.sink >= 1) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const after = `${String(Date.now() - started)} ms`;
      assert.ok(
        seen.script >= 1 && seen.sink >= 1,
        `counted after ${after}: ${JSON.stringify(seen)}`,
      );
      console.log(`csp: both reports counted ${after} after the violations`);
    } finally {
      await context.close();
    }
  });
});
