// Every route (docs/product.md, Routes and screens) renders its owning remote inside the host's layout.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withPage } from '../support/browser.ts';
import { ROUTES } from '../support/routes.ts';
import { useSite } from '../support/site.ts';

void describe('routes', () => {
  const site = useSite();

  for (const route of ROUTES) {
    void test(`${route.path} renders the ${route.remote} remote${route.chrome ? ' with top bar and footer' : ' without top bar and footer'}`, async (t) => {
      await withPage(site.browser, t, async ({ page }) => {
        const response = await page.goto(site.stack.siteUrl + route.path);
        assert.equal(response?.status(), 200);
        const remote = page.locator(`[data-remote="${route.remote}"]`);
        await remote.first().waitFor({ state: 'attached' });
        assert.equal(
          await page.locator('[data-remote]').evaluateAll((nodes) =>
            nodes
              .map((n) => n.getAttribute('data-remote'))
              .filter((name, i, all) => all.indexOf(name) === i)
              .join(','),
          ),
          route.remote,
        );
        await page.locator('h1').first().waitFor({ state: 'visible' });
        assert.equal(
          await page.locator('[data-testid="remote-fallback"]').count(),
          0,
          'no fallback',
        );
        const topBar = page.locator('header[data-testid="top-bar"]');
        const footer = page.locator('footer[data-testid="footer"]');
        if (route.chrome) {
          await topBar.waitFor({ state: 'visible' });
          await footer.waitFor({ state: 'attached' });
        } else {
          assert.equal(await topBar.count(), 0, 'no top bar');
          assert.equal(await footer.count(), 0, 'no footer');
        }
      });
    });
  }

  for (const [path, what] of [
    ['/no-such-page', 'an unknown path'],
    ['/no/such/page', 'a nested unknown path (a deep link: the page loads its scripts from /)'],
  ] as const) {
    void test(`${what} shows the not-found screen, and Go Home leads to /`, async (t) => {
      await withPage(site.browser, t, async ({ page }) => {
        await page.goto(site.stack.siteUrl + path);
        await page.getByText('Opps! 404').waitFor();
        await page.locator('header[data-testid="top-bar"]').waitFor();
        await page.getByRole('button', { name: 'Go Home' }).click();
        await page.waitForURL(`${site.stack.siteUrl}/`);
        await page.locator('[data-remote="marketing"] h1').first().waitFor();
      });
    });
  }

  void test('/home shows a loading screen, then the home page', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      await page.goto(`${site.stack.siteUrl}/home`);
      const loading = page.locator('[data-testid="home-loading"]');
      await loading.waitFor({ state: 'visible', timeout: 5000 });
      await page
        .locator('[data-remote="marketing"] h1')
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 });
      assert.equal(await loading.count(), 0, 'the loading screen is gone');
      assert.equal(new URL(page.url()).pathname, '/');
    });
  });
});
