// Every way to sign in, on the running stack: a browser wallet backed by a real key, Discord's
// full redirect against the loopback provider, and Google with its script and endpoints served
// from loopback. Each checks the session the site keeps and that nothing went to the console.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { withPage } from '../support/browser.ts';
import { DISCORD_PERSON, GOOGLE_PERSON, GOOGLE_SCRIPT_URL } from '../support/providers.ts';
import { useSite } from '../support/site.ts';
import { installWallet } from '../support/wallet.ts';

interface SavedSession {
  user: {
    _id: string;
    FullName: string;
    Email: string;
    WalletAddress?: string | null;
    GoogleId: string | null;
    DiscordId: string | null;
  };
  token: string;
  isLoggedInUser: boolean;
}

const savedSession = (page: Page): Promise<SavedSession | null> =>
  page.evaluate(() => {
    const raw = window.localStorage.getItem('auth');
    return raw === null ? null : (JSON.parse(raw) as SavedSession);
  });

/** Console errors and page errors: a sign-in journey must leave none. */
const errorsIn = (lines: string[]): string[] =>
  lines.filter((line) => line.startsWith('error:') || line.startsWith('pageerror:'));

const alternative = (page: Page, name: string) =>
  page.locator('[data-remote="account"]').getByRole('button', { name });

void describe('sign-in journeys', () => {
  const site = useSite();

  void test('a browser wallet signs up on the first visit and into the same account on the second', async (t) => {
    const privateKey = generatePrivateKey();
    const signInWithWallet = async (context: BrowserContext, page: Page) => {
      const wallet = await installWallet(context, privateKey);
      await page.goto(`${site.stack.siteUrl}/signin`);
      await alternative(page, 'Continue with MetaMask').click();
      await page.getByText('MetaMask Signup/login successful!').first().waitFor();
      await page.waitForURL(`${site.stack.siteUrl}/profile`);
      // Revoke the previous permission silently, ask for accounts, then one signature.
      assert.deepEqual(
        wallet.calls.filter((call) => call !== 'eth_chainId'),
        ['wallet_revokePermissions', 'eth_requestAccounts', 'personal_sign'],
      );
      const saved = await savedSession(page);
      assert.ok(saved?.isLoggedInUser, 'the session is saved under auth');
      assert.equal(saved.user.WalletAddress, wallet.address.toLowerCase());
      return saved;
    };

    let firstId = '';
    await withPage(site.browser, t, async ({ page, context, consoleLines }) => {
      firstId = (await signInWithWallet(context, page)).user._id;
      assert.deepEqual(errorsIn(consoleLines), []);
    });
    await withPage(site.browser, t, async ({ page, context, consoleLines }) => {
      const again = await signInWithWallet(context, page);
      assert.equal(again.user._id, firstId, 'the same wallet signs into the same account');
      assert.deepEqual(errorsIn(consoleLines), []);
    });
  });

  void test('Discord: authorize on the provider, back with code and state, signed in; a second time goes to the profile', async (t) => {
    await withPage(site.browser, t, async ({ page, consoleLines }) => {
      const calls = site.providers.calls.length;
      await page.goto(`${site.stack.siteUrl}/signin`);
      await alternative(page, 'Continue with Discord').click();
      // The provider sends the browser back to the site; the host exchanges the code once.
      await page.getByText(`Welcome, ${DISCORD_PERSON.global_name}!`).first().waitFor();
      await page.waitForURL(`${site.stack.siteUrl}/`);
      const address = new URL(page.url());
      assert.equal(address.searchParams.get('code'), null, 'the code is gone from the address');
      assert.equal(address.searchParams.get('state'), null, 'the state is gone from the address');
      const saved = await savedSession(page);
      assert.equal(saved?.user.DiscordId, DISCORD_PERSON.id);
      assert.equal(saved.user.FullName, DISCORD_PERSON.global_name);
      assert.equal(
        await page.evaluate(() => window.localStorage.getItem('token')),
        saved.token,
        'a Discord sign-in also saves the token under token',
      );
      assert.deepEqual(
        site.providers.calls.slice(calls),
        [
          'GET /discord/oauth2/authorize',
          'POST /discord/api/oauth2/token',
          'GET /discord/api/users/@me',
        ],
        'one authorization, one code exchange, one user read',
      );

      // Signed out, the same Discord account signs in again and lands on its profile.
      await page.evaluate(() => window.localStorage.clear());
      await page.goto(`${site.stack.siteUrl}/signin`);
      await alternative(page, 'Continue with Discord').click();
      await page.getByText(`Welcome, ${DISCORD_PERSON.global_name}!`).first().waitFor();
      await page.waitForURL(`${site.stack.siteUrl}/profile`);
      assert.equal((await savedSession(page))?.user._id, saved.user._id, 'the same account');
      assert.deepEqual(errorsIn(consoleLines), []);
    });
  });

  void test('a ?code= that this tab did not ask for is left alone', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      const calls = site.providers.calls.length;
      await page.goto(`${site.stack.siteUrl}/about?code=not-ours`);
      await page.locator('[data-remote="marketing"] h1').first().waitFor();
      await page.waitForTimeout(500);
      assert.equal(new URL(page.url()).searchParams.get('code'), 'not-ours');
      assert.equal(await savedSession(page), null, 'nobody is signed in');
      assert.deepEqual(site.providers.calls.slice(calls), [], 'no code was exchanged');
    });
  });

  void test('Google: its script loads on the click, the token is checked by the API, the profile opens', async (t) => {
    await withPage(site.browser, t, async ({ page, context, consoleLines }) => {
      const scriptRequests: string[] = [];
      await context.route(GOOGLE_SCRIPT_URL, async (route) => {
        scriptRequests.push(route.request().url());
        const response = await fetch(site.providers.googleScriptUrl);
        await route.fulfill({
          status: response.status,
          contentType: 'text/javascript',
          body: await response.text(),
        });
      });
      await page.goto(`${site.stack.siteUrl}/signin`);
      await alternative(page, 'Continue with Google').waitFor();
      assert.deepEqual(scriptRequests, [], "Google's script is not loaded before the click");

      await alternative(page, 'Continue with Google').click();
      await page.getByText('Google Signup/Login successful!').first().waitFor();
      await page.waitForURL(`${site.stack.siteUrl}/profile`);
      assert.equal(scriptRequests.length, 1);
      const saved = await savedSession(page);
      assert.equal(saved?.user.GoogleId, GOOGLE_PERSON.sub);
      assert.equal(saved.user.Email, GOOGLE_PERSON.email);
      assert.deepEqual(errorsIn(consoleLines), []);
    });
  });
});
