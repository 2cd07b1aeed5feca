// The federation journeys of the issue: one React for the whole site, a session change seen across
// apps, and a site that survives a remote going down and recovers when it is back.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { navigateInApp, withPage } from '../support/browser.ts';
import { useSite } from '../support/site.ts';

/** Console lines that mean two Reacts, or a shared module whose version did not satisfy a consumer. */
const SHARING_PROBLEMS =
  /Invalid hook call|does not satisfy the requirement|Unsatisfied version|more than one copy of React/i;

const topBar = (page: Page) => page.locator('header[data-testid="top-bar"]');

async function expectRemote(page: Page, remote: string): Promise<void> {
  await page.locator(`[data-remote="${remote}"] h1`).first().waitFor({ state: 'visible' });
}

void describe('federation journeys', () => {
  const site = useSite();

  void test('exactly one React and one React DOM serve the host and all four remotes', async (t) => {
    await withPage(site.browser, t, async ({ page, context, consoleLines }) => {
      // Stand in for React DevTools: every React DOM copy that starts registers itself here.
      await context.addInitScript(() => {
        const renderers = new Map<number, { version?: string; rendererPackageName?: string }>();
        Object.assign(window, {
          __REACT_DEVTOOLS_GLOBAL_HOOK__: {
            renderers,
            supportsFiber: true,
            isDisabled: false,
            inject: (renderer: { version?: string }) => {
              renderers.set(renderers.size + 1, renderer);
              return renderers.size;
            },
            checkDCE: () => undefined,
            onScheduleFiberRoot: () => undefined,
            onCommitFiberRoot: () => undefined,
            onCommitFiberUnmount: () => undefined,
            onPostCommitFiberRoot: () => undefined,
          },
        });
      });
      await page.goto(`${site.stack.siteUrl}/`);
      await expectRemote(page, 'marketing');
      for (const [path, remote] of [
        ['/market-place', 'marketplace'],
        ['/signin', 'account'],
        ['/payment', 'checkout'],
        ['/about', 'marketing'],
      ] as const) {
        await navigateInApp(page, path);
        await expectRemote(page, remote);
      }
      const renderers = await page.evaluate(() => {
        const hook = (
          window as unknown as {
            __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, { version?: string }> };
          }
        ).__REACT_DEVTOOLS_GLOBAL_HOOK__;
        return [...hook.renderers.values()].map((r) => r.version ?? '?');
      });
      assert.equal(renderers.length, 1, `React DOM renderers started: ${renderers.join(', ')}`);

      // The federation runtime's share scope: which app's react / react-dom copies were loaded.
      const loaded = await page.evaluate(() => {
        const found: string[] = [];
        const seen = new Set<unknown>();
        const walk = (node: unknown, path: string[]): void => {
          if (node === null || typeof node !== 'object' || seen.has(node) || path.length > 6)
            return;
          seen.add(node);
          for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
            if (
              (key === 'react' || key === 'react-dom' || key === 'react-router') &&
              value &&
              typeof value === 'object'
            ) {
              for (const [version, shared] of Object.entries(
                value as Record<string, { from?: string; loaded?: boolean; lib?: unknown } | null>,
              )) {
                if (shared && typeof shared === 'object' && (shared.loaded || shared.lib))
                  found.push(`${key}@${version} from ${shared.from ?? '?'}`);
              }
            } else {
              walk(value, [...path, key]);
            }
          }
        };
        walk(
          (window as unknown as { __FEDERATION__?: { __SHARE__?: unknown } }).__FEDERATION__
            ?.__SHARE__,
          [],
        );
        return [...new Set(found)];
      });
      t.diagnostic(`loaded shared copies: ${loaded.join('; ')}`);
      assert.equal(
        loaded.filter((s) => s.startsWith('react@')).length,
        1,
        `react copies loaded: ${loaded.join('; ')}`,
      );
      assert.equal(
        loaded.filter((s) => s.startsWith('react-dom@')).length,
        1,
        `react-dom copies loaded: ${loaded.join('; ')}`,
      );
      // One router (its contexts are module state): the host's copy of the shared subset, with
      // React Router's own version (the subset module has none of its own).
      const routers = loaded.filter((s) => s.startsWith('react-router@'));
      assert.equal(routers.length, 1, `react-router copies loaded: ${loaded.join('; ')}`);
      assert.match(routers[0]!, /^react-router@\d+\.\d+\.\d+ from host$/);
      const problems = consoleLines.filter((line) => SHARING_PROBLEMS.test(line));
      assert.deepEqual(problems, [], 'no hook or shared-version errors in the console');
    });
  });

  void test('signing up in the account remote is seen by the host and the marketplace; logout undoes it', async (t) => {
    await withPage(site.browser, t, async ({ page, consoleLines }) => {
      const email = `e2e-${String(Date.now())}-${String(process.pid)}@example.com`;
      const password = 'Correct-Horse-42';
      await page.goto(`${site.stack.siteUrl}/signup`);
      await expectRemote(page, 'account');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.waitForURL(`${site.stack.siteUrl}/`);

      // The host's top bar follows the session at once.
      await topBar(page).getByRole('button', { name: 'Logout' }).waitFor();
      await topBar(page).getByRole('link', { name: 'Profile' }).waitFor();
      await topBar(page).getByPlaceholder('Search').first().waitFor();
      assert.equal(await topBar(page).getByRole('link', { name: 'Sign Up' }).count(), 0);

      // Another remote sees it too, without a page load.
      await navigateInApp(page, '/personal-activity');
      await expectRemote(page, 'marketplace');
      assert.equal(
        await page.getByText('Please Login first!').count(),
        0,
        'the marketplace knows the user is signed in',
      );

      // Logout through the confirm dialog.
      await topBar(page).getByRole('button', { name: 'Logout' }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Confirm Logout' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
      await dialog.getByRole('button', { name: 'Logout' }).click();
      await page.getByText('User logged out successfully').first().waitFor();
      await page.waitForURL(`${site.stack.siteUrl}/signin`);
      await expectRemote(page, 'account');
      assert.equal(await topBar(page).getByRole('button', { name: 'Logout' }).count(), 0);
      assert.equal(
        await page.evaluate(() => window.localStorage.getItem('auth')),
        null,
        'the saved session is gone',
      );

      // Signed out again: Sign Up is offered (the top bar hides it on the sign-in page itself)…
      await navigateInApp(page, '/');
      await expectRemote(page, 'marketing');
      await topBar(page)
        .getByRole('link', { name: 'Sign Up' })
        .or(topBar(page).getByRole('button', { name: 'Sign Up' }))
        .first()
        .waitFor();
      // …and the marketplace asks for a login once more.
      await navigateInApp(page, '/personal-activity');
      await page.getByText('Please Login first!').first().waitFor();
      assert.deepEqual(
        consoleLines.filter((line) => SHARING_PROBLEMS.test(line)),
        [],
      );
    });
  });

  void test('a remote that is down shows a fallback, the rest of the site works, and Try again recovers it', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      await site.stack.stopRemote('marketplace');
      try {
        await page.goto(`${site.stack.siteUrl}/`);
        await expectRemote(page, 'marketing');
        await page.evaluate(() => Object.assign(window, { __e2eSamePage: true }));

        await navigateInApp(page, '/market-place');
        const fallback = page.locator('[data-testid="remote-fallback"]');
        await fallback.waitFor({ state: 'visible' });
        await topBar(page).waitFor({ state: 'visible' });
        await page.locator('footer[data-testid="footer"]').waitFor({ state: 'attached' });

        // Other remotes are unaffected.
        await navigateInApp(page, '/about');
        await expectRemote(page, 'marketing');
        await navigateInApp(page, '/signin');
        await expectRemote(page, 'account');

        // Back to the broken route, bring the remote back, retry in place.
        await navigateInApp(page, '/market-place');
        await fallback.waitFor({ state: 'visible' });
        await site.stack.startRemote('marketplace');
        await fallback.getByRole('button', { name: 'Try again' }).click();
        await expectRemote(page, 'marketplace');
        assert.equal(await fallback.count(), 0, 'the fallback is gone');
        assert.equal(
          await page.evaluate(
            () => (window as unknown as { __e2eSamePage?: boolean }).__e2eSamePage,
          ),
          true,
          'no page reload',
        );
      } finally {
        await site.stack.startRemote('marketplace').catch(() => undefined);
      }
    });
  });
});
