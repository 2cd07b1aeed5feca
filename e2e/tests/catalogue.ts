// The whole catalogue in the browser: a shared, sorted and filtered /land link shows its view
// (and keeps it on reload), scrolling reaches the last land and Back from it keeps the place, and
// a phone never scrolls these pages sideways.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { withPage } from '../support/browser.ts';
import { useSite } from '../support/site.ts';

/** The seed's catalogue (api/src/db/seed/catalogue.ts). */
const SEEDED = { lands: 60, nfas: 120 } as const;

interface Land {
  _id: string;
  price: number;
  title: string;
  attributes?: { region?: string; size?: string };
}

const marketplace = (page: Page) => page.locator('[data-remote="marketplace"]');
const countText = (page: Page) => marketplace(page).locator('.mp-load-more p[aria-live]');
const filterBar = (page: Page, what: string) =>
  page.getByRole('search', { name: `Sort and filter ${what}` });

/** '$1,234.50 USDT' → 1234.5 */
const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

/** The prices of the cards in the DOM, top to bottom. */
const shownPrices = async (page: Page) =>
  (await marketplace(page).locator('article.item-card .price').allTextContents()).map(dollars);

/** Scrolls down until the count says the list is complete ('Showing all N …'). */
async function scrollToTheEnd(page: Page, noun: string): Promise<void> {
  for (let step = 0; step < 80; step++) {
    if (/^Showing all \d+ /.test((await countText(page).textContent()) ?? '')) return;
    await page.mouse.wheel(0, 2500);
    await page.waitForTimeout(150);
  }
  assert.fail(`the ${noun} list never ended: '${await countText(page).textContent()}'`);
}

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.equal(overflow, 0, `${what} scrolls sideways by ${String(overflow)} px`);
}

const selectedText = (select: Locator) =>
  select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.text ?? '');

void describe('catalogue', () => {
  const site = useSite();

  void test('a shared /land link with a sort and filters shows that view, and a reload keeps it', async (t) => {
    await withPage(site.browser, t, async ({ page, consoleLines }) => {
      const url = `${site.stack.siteUrl}/land?sort=price_asc&min=500&region=Neon+Basin`;
      for (const load of ['open', 'reload'] as const) {
        if (load === 'open') await page.goto(url);
        else await page.reload();
        // The live page (the drawn one has placeholders and no count).
        await marketplace(page).locator('.mp-load-more').waitFor();
        const bar = filterBar(page, 'lands');
        assert.equal(
          await selectedText(bar.getByLabel('Sort by')),
          'Price: low to high',
          `${load}: sort`,
        );
        assert.equal(await bar.getByLabel('Min').inputValue(), '500', `${load}: min`);
        assert.equal(await bar.getByLabel('Max').inputValue(), '', `${load}: max`);
        assert.equal(await selectedText(bar.getByLabel('Region')), 'Neon Basin', `${load}: region`);
        assert.equal(page.url(), url, `${load}: the address`);
      }
      const errors = consoleLines.filter((line) => /^(error|pageerror):/.test(line));
      assert.deepEqual(errors, []);
    });
  });

  void test('the shared view lists what the catalogue has: Neon Basin lands of $500 or more, cheapest first', async (t) => {
    // Every land, straight from the API, filtered and sorted here by brute force.
    const response = await fetch(`${site.stack.apiUrl}/land/getland?limit=100`);
    const all = ((await response.json()) as { data: Land[] }).data;
    assert.equal(all.length, SEEDED.lands);
    const expected = all
      .filter((land) => land.attributes?.region === 'Neon Basin' && land.price >= 500)
      .map((land) => land.price)
      .sort((a, b) => a - b);
    assert.ok(expected.length > 0, 'the seed has Neon Basin lands of $500 or more');

    await withPage(site.browser, t, async ({ page }) => {
      await page.goto(`${site.stack.siteUrl}/land?sort=price_asc&min=500&region=Neon+Basin`);
      await marketplace(page).locator('.mp-load-more').waitFor();
      await scrollToTheEnd(page, 'land');
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.equal(
        await countText(page).textContent(),
        expected.length === 1 ? 'Showing 1 land' : `Showing all ${String(expected.length)} lands`,
      );
      const prices = await shownPrices(page);
      assert.deepEqual(prices, expected.slice(0, prices.length));
      const regions = await marketplace(page)
        .locator('article.item-card .ui-item-card-details')
        .allTextContents();
      assert.ok(
        regions.every((text) => text.startsWith('Neon Basin')),
        regions.join(', '),
      );
    });
  });

  void test('scrolling to the 60th land, opening it and coming back keeps the list and the place', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      const reads: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/land/getland')) reads.push(request.url());
      });
      await page.goto(`${site.stack.siteUrl}/land`);
      await marketplace(page).locator('a.ui-item-card-action').first().waitFor();
      await scrollToTheEnd(page, 'land');
      assert.equal(
        await countText(page).textContent(),
        `Showing all ${String(SEEDED.lands)} lands`,
      );
      // The cards after the Instant Sell tile: only the rows near the screen are in the DOM.
      const cards = marketplace(page).locator('article.item-card');
      assert.ok((await cards.count()) < SEEDED.lands, 'every card is in the DOM');

      const last = marketplace(page).locator('a.ui-item-card-action').last();
      await last.scrollIntoViewIfNeeded();
      const href = (await last.getAttribute('href')) ?? '';
      assert.match(href, /^\/buy-land\?id=/);
      const before = (await last.boundingBox())?.y ?? NaN;
      const readsBefore = reads.length;
      await last.click();
      await page.waitForURL((address) => address.pathname === '/buy-land');
      assert.equal(new URL(page.url()).search, href.slice(href.indexOf('?')));
      await marketplace(page).locator('h1').first().waitFor();

      await page.goBack();
      await page.waitForURL((address) => address.pathname === '/land');
      const again = marketplace(page).locator(`a.ui-item-card-action[href="${href}"]`);
      await again.waitFor();
      await page.waitForTimeout(300);
      const after = (await again.boundingBox())?.y ?? NaN;
      assert.ok(
        Math.abs(after - before) <= 24,
        `the 60th land was at ${before.toFixed(0)} px, and at ${after.toFixed(0)} px after Back`,
      );
      assert.ok(await again.isVisible(), 'the 60th land is on screen');
      assert.equal(
        await countText(page).textContent(),
        `Showing all ${String(SEEDED.lands)} lands`,
      );
      assert.equal(reads.length, readsBefore, 'the lands were read again');
    });
  });

  void test('scrolling /nfa-expand reaches every NFA, after the 4 tiles the product shows first', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${site.stack.siteUrl}/nfa-expand`);
      const grid = marketplace(page).getByRole('region', { name: 'Collectibles' });
      // The live grid's first row: the tiles level with the first (the grid as the server drew
      // it, hydrated, until the list grows; then rows drawn as they come near the screen).
      const tiles = grid.locator('.mp-grid article');
      await tiles.nth(4).waitFor();
      const firstRow = await tiles.evaluateAll((articles) => {
        const top = articles[0]?.getBoundingClientRect().top ?? 0;
        return articles.filter((a) => Math.abs(a.getBoundingClientRect().top - top) < 2).length;
      });
      assert.equal(firstRow, 4);
      assert.equal(
        await tiles.first().getByRole('heading').textContent(),
        'Instant Sell',
        'the first tile',
      );
      await scrollToTheEnd(page, 'collectible');
      assert.equal(
        await countText(page).textContent(),
        `Showing all ${String(SEEDED.nfas)} collectibles`,
      );
    });
  });

  void test('at 390 px the catalogue pages and their open filters never scroll sideways', async (t) => {
    await withPage(site.browser, t, async ({ page, consoleLines }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [path, what] of [
        ['/land', 'lands'],
        ['/nfa-expand', 'collectibles'],
      ] as const) {
        await page.goto(`${site.stack.siteUrl}${path}`);
        await marketplace(page).locator('a.ui-item-card-action').first().waitFor();
        await noSidewaysScroll(page, path);
        const bar = filterBar(page, what);
        const toggle = bar.getByRole('button', { name: /^Filters/ });
        assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
        assert.equal(await bar.getByLabel('Min').isVisible(), false, 'the filters are folded');
        await toggle.click();
        await bar.getByLabel('Min').waitFor();
        await noSidewaysScroll(page, `${path} with its filters open`);
        await page.mouse.wheel(0, 4000);
        await page.waitForTimeout(300);
        await noSidewaysScroll(page, `${path} scrolled`);
      }
      const errors = consoleLines.filter((line) => /^(error|pageerror):/.test(line));
      assert.deepEqual(errors, []);
    });
  });
});
