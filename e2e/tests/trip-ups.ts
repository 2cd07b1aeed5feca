// Search that leads somewhere, and the trip-ups a first-time user hit: the avatar in the top bar,
// no form toast left over after sign-up, toasts clear of the top bar, phone tables that do not
// scroll sideways.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { navigateInApp, withPage } from '../support/browser.ts';
import { useSite } from '../support/site.ts';

const topBar = (page: Page) => page.locator('header[data-testid="top-bar"]');
const toasts = (page: Page) => page.locator('.Toastify__toast');
const PASSWORD = 'Correct-Horse-42';

/** A 1×1 PNG, for the avatar upload. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let accounts = 0;
const freshEmail = () =>
  `trip-${String(Date.now())}-${String(process.pid)}-${String((accounts += 1))}@example.com`;

/** Signs a new account up through /signup and waits for the home page. */
async function signUp(page: Page, siteUrl: string): Promise<void> {
  await page.goto(`${siteUrl}/signup`);
  await page.getByLabel('Email', { exact: true }).fill(freshEmail());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL(`${siteUrl}/`);
  await topBar(page).getByRole('button', { name: 'Logout' }).first().waitFor();
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every toast on screen lies wholly under the top bar, and covers none of `controls`. */
async function assertToastsClear(page: Page, controls: Locator[], where: string): Promise<void> {
  const bar = await topBar(page).boundingBox();
  assert.ok(bar, 'the top bar is on screen');
  const shown = await toasts(page).all();
  assert.ok(shown.length > 0, `${where}: a toast is on screen`);
  for (const toast of shown) {
    const box = await toast.boundingBox();
    if (!box) continue;
    assert.ok(
      box.y >= bar.y + bar.height - 0.5,
      `${where}: the toast starts at ${String(box.y)}, under the top bar ending at ${String(bar.y + bar.height)}`,
    );
    for (const control of controls) {
      const controlBox = await control.boundingBox();
      if (controlBox) assert.ok(!overlaps(box, controlBox), `${where}: a toast covers a control`);
    }
  }
}

/** The page does not scroll sideways, and neither does any table's box. */
async function assertNoSidewaysScroll(page: Page, path: string): Promise<void> {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    boxes: [...document.querySelectorAll('.table-wrap')].map(
      (box) => box.scrollWidth - box.clientWidth,
    ),
  }));
  assert.equal(overflow.page, 0, `${path}: the page scrolls sideways`);
  assert.ok(overflow.boxes.length > 0, `${path}: a table is shown`);
  for (const extra of overflow.boxes) assert.ok(extra <= 0, `${path}: a table scrolls sideways`);
}

/** `locator` is wholly inside the viewport's width and shows its whole text (nothing cut). */
async function assertWhollyVisible(locator: Locator, what: string): Promise<void> {
  const fits = await locator.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.left >= 0 &&
      box.right <= document.documentElement.clientWidth &&
      node.scrollWidth <= node.clientWidth + 1
    );
  });
  assert.ok(fits, `${what} is wholly visible`);
}

void describe('search and trip-ups', () => {
  const site = useSite();

  void test('top-bar search: type a serial, pick the result with the keyboard, land on its page by id', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      await signUp(page, site.stack.siteUrl);
      const box = topBar(page).getByRole('combobox', { name: 'Search lands and NFAs' });
      await box.fill('NFA-0048');
      const list = page.getByRole('listbox', { name: 'Search results' });
      await list.waitFor();
      const option = list.getByRole('option', { name: /NFA-0048/ });
      await option.waitFor();
      assert.equal(await box.getAttribute('aria-expanded'), 'true');

      await box.press('ArrowDown');
      assert.equal(
        await box.getAttribute('aria-activedescendant'),
        await option.getAttribute('id'),
      );
      assert.equal(await option.getAttribute('aria-selected'), 'true');
      const itemCall = page.waitForRequest((request) =>
        /\/search\/item\/[^/?]+$/.test(request.url()),
      );
      await box.press('Enter');

      const id = decodeURIComponent(new URL((await itemCall).url()).pathname.split('/').pop()!);
      await page.waitForURL((url) => url.pathname === '/buy-nfa');
      assert.equal(
        new URL(page.url()).searchParams.get('id'),
        id,
        'the page address names the item',
      );
      await page.locator('[data-remote="marketplace"]').first().waitFor();
    });
  });

  void test('no toast is left over after a sign-up that first failed validation', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      await page.goto(`${site.stack.siteUrl}/signup`);
      await page.getByLabel('Email', { exact: true }).fill(freshEmail());
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password', { exact: true }).fill(`${PASSWORD}-typo`);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      const mismatch = toasts(page).filter({ hasText: 'Passwords do not match' });
      await mismatch.waitFor();
      const shownAt = Date.now();

      await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.waitForURL(`${site.stack.siteUrl}/`);
      await toasts(page).filter({ hasText: 'Signup successful!' }).waitFor();

      // Gone well before its own 4 s would have run out.
      await mismatch.waitFor({ state: 'detached', timeout: 2_500 });
      assert.ok(
        Date.now() - shownAt < 4_000,
        'the form error went with the success, not by timing out',
      );
    });
  });

  void test('toasts stay under the top bar and clear of its controls, at 1440 and 390 px', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signUp(page, site.stack.siteUrl);
      await toasts(page).filter({ hasText: 'Signup successful!' }).waitFor();
      const bar = topBar(page);
      await bar.getByRole('combobox', { name: 'Search lands and NFAs' }).waitFor();
      await assertToastsClear(
        page,
        [
          bar.getByRole('combobox', { name: 'Search lands and NFAs' }),
          bar.getByRole('link', { name: 'Profile' }),
          bar.getByRole('button', { name: 'Logout' }),
        ],
        '1440 px',
      );

      // A phone, with the menu (search, profile, logout) open while an error toast shows.
      await page.setViewportSize({ width: 390, height: 844 });
      await navigateInApp(page, '/edit');
      await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
      await page.getByLabel('New Password', { exact: true }).fill('Another-Horse-42');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toasts(page).first().waitFor();
      await bar.getByRole('button', { name: 'Open menu' }).click();
      const menu = bar.getByRole('navigation', { name: 'Mobile' });
      await menu.getByRole('combobox', { name: 'Search lands and NFAs' }).waitFor();
      await page.waitForTimeout(100); // the toasts follow the taller bar on its next layout
      await assertToastsClear(
        page,
        [
          bar.getByRole('button', { name: 'Close menu' }),
          menu.getByRole('combobox', { name: 'Search lands and NFAs' }),
          menu.getByRole('link', { name: 'Profile' }),
          menu.getByRole('button', { name: 'Logout' }),
        ],
        '390 px, menu open',
      );
    });
  });

  void test('the uploaded avatar appears in the top bar right after saving /edit', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      await signUp(page, site.stack.siteUrl);
      const profileLink = topBar(page).getByRole('link', { name: 'Profile' });
      assert.equal(await profileLink.locator('img').count(), 0, 'no avatar yet: the generic icon');
      await profileLink.locator('svg').waitFor();

      await navigateInApp(page, '/edit');
      await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
      await page.locator('input[type="file"]').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: PIXEL_PNG,
      });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => url.pathname.toLowerCase() === '/profile');

      const avatar = profileLink.locator('img');
      await avatar.waitFor();
      const src = await avatar.getAttribute('src');
      assert.match(src ?? '', /^https?:\/\/[^/]+\/.+/, 'an image on the API host');
      await page.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        await avatar.elementHandle(),
      );
      assert.equal(await profileLink.locator('svg').count(), 0, 'the generic icon is gone');
    });
  });

  void test('at 390 px the /List and /Activity tables stack: Price and Time in view, nothing scrolls sideways', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${site.stack.siteUrl}/signin`);
      await page.getByLabel('Email', { exact: true }).fill('demo@hypertek.local');
      await page.getByLabel('Password', { exact: true }).fill('HyperTek2117');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname.toLowerCase() === '/profile');

      await navigateInApp(page, '/List');
      const listings = page.getByRole('table');
      await listings.waitFor();
      await assertNoSidewaysScroll(page, '/List');
      const firstListing = listings.getByRole('row').nth(1);
      await assertWhollyVisible(firstListing.getByText('Active', { exact: true }), "'Active'");
      await assertWhollyVisible(firstListing.locator('td.price'), 'the listing price');
      await assertWhollyVisible(
        page.getByRole('checkbox', { name: 'Select all listings' }),
        "'Select all'",
      );

      await navigateInApp(page, '/Activity');
      const activity = page.getByRole('table');
      await activity.getByRole('columnheader', { name: 'Time' }).waitFor({ state: 'attached' });
      await activity.getByRole('row').nth(1).waitFor();
      await assertNoSidewaysScroll(page, '/Activity');
      const firstEntry = activity.getByRole('row').nth(1);
      await assertWhollyVisible(firstEntry.locator('td.price'), 'the activity price');
      await assertWhollyVisible(firstEntry.getByRole('cell').last(), 'the activity time');
      // The cell's label is drawn beside its value (the column's name, as CSS generated text).
      const time = firstEntry.getByRole('cell').last();
      const label = await time.evaluate((cell) => getComputedStyle(cell, '::before').content);
      assert.equal(label, '"Time"');
      // Label and value on one line, apart: the label at the card's left, the value at its right.
      const line = await time.evaluate((cell) => {
        const box = cell.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(cell);
        const text = range.getBoundingClientRect();
        return {
          display: getComputedStyle(cell).display,
          gapLeft: text.left - box.left,
          gapRight: box.right - text.right,
        };
      });
      assert.equal(line.display, 'flex');
      assert.ok(
        line.gapLeft > 100 && line.gapRight < 2,
        `the value sits at the right: ${JSON.stringify(line)}`,
      );
      assert.match(await time.innerText(), /^\d+d$/);
    });
  });
});
