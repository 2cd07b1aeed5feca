// Permissions per team on the running stack. Through the API and the host's release endpoint
// (which asks the API who a bearer is): the payments staff member makes a release token scoped to
// checkout; the endpoint refuses that token and that staff member on marketing with the reason,
// lets the token read the status and act on checkout, and forgets it once it is revoked. In the
// console (/console, a browser): the payments team sees every remote's panel and the seeded field
// data, and its roll back of marketing is refused in the dialog with the reason; the marketing
// team makes a preview link of its published release, and the link shows it with the banner.
// Last of the suite: nothing here changes what is live (refused actions and a preview only).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withPage } from '../support/browser.ts';
import { callApi } from '../support/buying.ts';
import { callRelease, MARKETING, openConsoleAs, PAYMENTS } from '../support/releasing.ts';
import { useSite } from '../support/site.ts';

void describe('permissions per team', () => {
  const site = useSite();

  void test('a token scoped to checkout cannot promote marketing, nor can the payments team; it can act on checkout until revoked', async () => {
    const { siteUrl, apiUrl } = site.stack;
    const release = (bearer: string, action: string, body?: object) =>
      callRelease(siteUrl, bearer, action, body);

    const signedIn = await callApi(apiUrl, '/user/login', { body: PAYMENTS });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    const staff = signedIn.body.token ?? '';
    const made = await callApi(apiUrl, '/releases/tokens', {
      token: staff,
      body: { name: `checkout-e2e-${Date.now()}`, remote: 'checkout' },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const { id, secret, name } = made.body.data as { id: string; secret: string; name: string };

    const promoteMarketing = { remote: 'marketing', version: '1.0.0+e2e.nothing' };
    const byToken = await release(secret, 'promote', promoteMarketing);
    assert.deepEqual(byToken, {
      status: 403,
      message: `The release token "${name}" may act on checkout only, not on marketing.`,
    });
    const byStaff = await release(staff, 'promote', promoteMarketing);
    assert.deepEqual(byStaff, {
      status: 403,
      message: 'The payments role may act on checkout only, not on marketing.',
    });

    // Allowed on checkout: the endpoint gets to the registry, which refuses an unknown version.
    const before = await release(secret, 'status');
    assert.equal(before.status, 200, before.message);
    const onCheckout = await release(secret, 'promote', {
      remote: 'checkout',
      version: '9.9.9+e2e.none',
    });
    assert.equal(onCheckout.status, 409, onCheckout.message);
    assert.match(onCheckout.message, /checkout has no release 9\.9\.9\+e2e\.none/);

    assert.equal((await release('not-a-token-at-all', 'status')).status, 401);
    const revoked = await callApi(apiUrl, `/releases/tokens/${id}`, {
      method: 'DELETE',
      token: staff,
    });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    assert.equal((await release(secret, 'status')).status, 401, 'a revoked token is unknown');
  });

  void test("the payments team's console shows every remote's figures, and its roll back of marketing is refused with the reason", async (t) => {
    const { siteUrl } = site.stack;
    await withPage(site.browser, t, async ({ page }) => {
      await openConsoleAs(page, siteUrl, PAYMENTS);
      for (const remote of ['marketing', 'marketplace', 'account', 'checkout']) {
        await page.getByRole('region', { name: remote, exact: true }).waitFor();
      }
      const marketing = page.getByRole('region', { name: 'marketing', exact: true });
      // The seeded week of field data, per version.
      await marketing.getByRole('table', { name: /each version's visitors/ }).waitFor();
      await marketing.getByRole('button', { name: 'Roll back' }).click();
      const dialog = page.getByRole('dialog', { name: 'Roll back: marketing' });
      await dialog.getByRole('textbox', { name: /Reason/ }).fill('e2e: not our remote');
      await dialog.getByRole('button', { name: 'Roll back' }).click();
      assert.equal(
        await dialog.getByRole('alert').textContent(),
        'The payments role may act on checkout only, not on marketing.',
      );
    });
  });

  void test('the marketing team makes a preview link of its release in the console, and the link shows it', async (t) => {
    const { siteUrl } = site.stack;
    // Published by the field data journey before this one (and rolled back there): not live.
    const version = '1.0.0+e2e.field';
    await withPage(site.browser, t, async ({ page }) => {
      await openConsoleAs(page, siteUrl, MARKETING);
      const marketing = page.getByRole('region', { name: 'marketing', exact: true });
      await marketing.getByRole('button', { name: 'Preview link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make a preview link: marketing' });
      await dialog.getByRole('combobox', { name: 'Version' }).selectOption(version);
      await dialog.getByRole('button', { name: 'Make the link' }).click();
      const link = page.getByRole('link', { name: new RegExp(`^${siteUrl}/`) });
      const href = (await link.getAttribute('href')) ?? '';
      assert.ok(href.startsWith(`${siteUrl}/`), href);
      await page.goto(href);
      const banner = page.locator('#release-preview');
      await banner.waitFor();
      assert.match((await banner.textContent()) ?? '', /Previewing marketing 1\.0\.0\+e2e\.field/);
    });
  });
});
