// Every item has an address, and its page tells its own story: an item opened from the market
// keeps its address through a reload, Back and a shared link; an unknown id says so; the activity
// table reads on a phone without a sideways scroll; an activity row leads to its item, whose sales
// history lists that sale; the offer form (signed in, on another user's item) takes only a
// positive price and makes the offer.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test, type TestContext } from 'node:test';
import type { Page } from 'playwright-core';
import { withPage } from '../support/browser.ts';
import { BUYER_PASSWORD, buyThroughApi, callApi, HOUSE_ID } from '../support/buying.ts';
import { useSite } from '../support/site.ts';

interface Item {
  _id: string;
  title: string;
  kind: 'nfa' | 'land';
}

interface ActivityRow {
  name: string;
  type: string;
  price: number;
  itemId?: string;
  itemKind?: 'nfa' | 'land';
}

const marketplace = (page: Page) => page.locator('[data-remote="marketplace"]');
const detailTitle = (page: Page) => marketplace(page).locator('h1#mp-detail-title');

void describe('item journeys', () => {
  const site = useSite();

  async function apiGet(path: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${site.stack.apiUrl}${path}`);
    return { status: response.status, body: await response.json() };
  }

  /** The `index`-th NFA of the catalogue, as the API lists it. */
  async function catalogueNfa(index: number): Promise<Item> {
    const { body } = await apiGet(`/market/getMarket?limit=${index + 1}`);
    const item = (body as { data: Item[] }).data[index];
    assert.ok(item, `the catalogue has no NFA number ${index + 1}`);
    return item;
  }

  void test('an item opened from the market keeps its address: reload, Back and a new tab show it', async (t) => {
    await withPage(site.browser, t, async ({ page, context }) => {
      await page.goto(`${site.stack.siteUrl}/market-place`);
      const link = marketplace(page)
        .locator('section[aria-labelledby]', { has: page.getByRole('heading', { name: 'NFA' }) })
        .getByRole('link', { name: /^Buy Now: / })
        .first();
      const title = ((await link.getAttribute('aria-label')) ?? '').replace(/^Buy Now: /, '');
      assert.ok(title, 'no NFA card on the market page');
      await link.click();
      await page.waitForURL(/\/buy-nfa\?id=[^&]+$/);
      await detailTitle(page).filter({ hasText: title }).waitFor();
      const address = page.url();

      await page.reload();
      await detailTitle(page).filter({ hasText: title }).waitFor();
      assert.equal(page.url(), address, 'the reload changed the address');

      await page.goto(`${site.stack.siteUrl}/land`);
      await page.goBack();
      await detailTitle(page).filter({ hasText: title }).waitFor();
      assert.equal(page.url(), address, 'Back did not come to the same address');

      // A shared link: a new tab with empty storage and no navigation state.
      const other = await context.browser()!.newContext();
      try {
        const tab = await other.newPage();
        await tab.goto(address);
        await detailTitle(tab).filter({ hasText: title }).waitFor({ timeout: 15_000 });
      } finally {
        await other.close();
      }
    });
  });

  void test('/buy-nfa?id= opened directly comes with that item from search/item: the live page asks nothing again', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      const item = await catalogueNfa(2);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/search/item/')) asked.push(request.url());
      });
      await page.goto(`${site.stack.siteUrl}/buy-nfa?id=${encodeURIComponent(item._id)}`);
      // The live page (not the drawn one: it is inert, outside [data-remote]) shows the item.
      await detailTitle(page).filter({ hasText: item.title }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(asked, [], 'the item was read again by the browser');
      assert.equal(new URL(page.url()).searchParams.get('id'), item._id);
    });
  });

  void test("an NFA's id on /buy-land is sent to /buy-nfa with the same id", async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      const item = await catalogueNfa(1);
      await page.goto(`${site.stack.siteUrl}/buy-land?id=${encodeURIComponent(item._id)}`);
      await page.waitForURL(/\/buy-nfa\?id=/);
      await detailTitle(page).filter({ hasText: item.title }).waitFor();
    });
  });

  void test("an unknown id says 'This item does not exist', with a way back to the market", async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      await page.goto(`${site.stack.siteUrl}/buy-nfa?id=987654321`);
      await marketplace(page)
        .getByRole('heading', { level: 1, name: 'This item does not exist' })
        .waitFor();
      const back = marketplace(page).getByRole('link', { name: 'Back to the MarketPlace' });
      await back.click();
      await page.waitForURL(/\/market-place$/);
    });
  });

  for (const width of [360, 390]) {
    void test(`at ${width} px the activity table is a list of cards with Price and Time, no sideways scroll`, async (t) => {
      await withPage(site.browser, t, async ({ page }) => {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(`${site.stack.siteUrl}/market-place`);
        const table = marketplace(page).getByRole('table', { name: 'Latest marketplace activity' });
        await table.waitFor();
        await page.waitForLoadState('networkidle');
        const layout = await page.evaluate(() => {
          const cells = (label: string) =>
            [...document.querySelectorAll<HTMLElement>(`.ui-table td[data-label="${label}"]`)].map(
              (cell) => {
                const box = cell.getBoundingClientRect();
                return {
                  label: getComputedStyle(cell, '::before').content,
                  text: cell.textContent,
                  left: box.left,
                  right: box.right,
                  visible: box.width > 0 && box.height > 0,
                };
              },
            );
          return {
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
            wrapScrolls: [...document.querySelectorAll<HTMLElement>('.ui-table-wrap')].some(
              (wrap) => wrap.scrollWidth > wrap.clientWidth + 1,
            ),
            price: cells('Price'),
            time: cells('Time'),
          };
        });
        assert.ok(
          layout.scrollWidth <= layout.innerWidth,
          `the page scrolls sideways: ${layout.scrollWidth} > ${layout.innerWidth}`,
        );
        assert.equal(layout.wrapScrolls, false, 'the table scrolls sideways inside its frame');
        assert.ok(layout.price.length > 0, 'no activity rows');
        for (const cell of [...layout.price, ...layout.time]) {
          assert.ok(cell.visible, `a cell is hidden: ${JSON.stringify(cell)}`);
          assert.ok(
            cell.left >= 0 && cell.right <= width,
            `a cell is cut: ${JSON.stringify(cell)}`,
          );
        }
        assert.deepEqual(
          [...new Set(layout.price.map((cell) => cell.label))],
          ['"Price"'],
          'the price is not labelled',
        );
        assert.deepEqual([...new Set(layout.time.map((cell) => cell.label))], ['"Time"']);
        for (const cell of layout.price) assert.match(cell.text, /^\$[\d,]+(\.\d\d)? USDT$/);
        for (const cell of layout.time) assert.match(cell.text, /^\d+d$/);
      });
    });
  }

  void test('an activity row leads to its item, whose sales history lists that sale', async (t: TestContext) => {
    // A sale of its own (other journeys' listings and offers may be newer than any seeded sale):
    // a new account buys a house NFA from the middle of the catalogue, which no journey buys.
    const buyer = await callApi(site.stack.apiUrl, '/user/signup', {
      body: {
        Email: `sale-${randomBytes(4).toString('hex')}@example.com`,
        Password: BUYER_PASSWORD,
        ConfirmPassword: BUYER_PASSWORD,
      },
    });
    assert.equal(buyer.status, 201, JSON.stringify(buyer.body));
    const market = await apiGet('/market/getMarket?limit=60');
    const forSale = (
      market.body as { data: { id: string; listed: boolean; ownerId: string; price: number }[] }
    ).data
      .slice(30)
      .find((item) => item.listed && item.ownerId === HOUSE_ID);
    assert.ok(forSale, 'a house NFA in the middle of the catalogue');
    await buyThroughApi(
      site.stack.apiUrl,
      { id: buyer.body.user?._id ?? '', token: buyer.body.token ?? '' },
      { id: forSale.id, cents: Math.round(forSale.price * 100) },
    );
    const feed = await apiGet('/activity/getActivity?limit=50');
    const entries = (feed.body as { data: ActivityRow[] }).data;
    await withPage(site.browser, t, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${site.stack.siteUrl}/market-place`);
      const table = marketplace(page).getByRole('table', { name: 'Latest marketplace activity' });
      // The newest sale the table shows with a link to its item (listings and offers are in the
      // feed too, and an item's history lists its sales only).
      const saleRow = table
        .getByRole('row')
        .filter({ has: page.getByText('Sale', { exact: true }) })
        .filter({ has: page.getByRole('link') })
        .first();
      const link = saleRow.getByRole('link').first();
      const name = (await link.textContent())?.trim() ?? '';
      const sold = entries.find(
        (row) => row.type === 'Sale' && row.name === name && row.itemId && row.itemKind,
      );
      assert.ok(sold?.itemId && sold.itemKind, `the feed's sale of ${name} names its item`);
      const { itemId, itemKind } = sold;
      const sales = await apiGet(`/activity/item/${encodeURIComponent(itemId)}`);
      assert.equal(sales.status, 200, `GET /activity/item/${itemId} answers`);
      await link.click();
      await page.waitForURL(new RegExp(`/buy-${itemKind}\\?id=${encodeURIComponent(itemId)}$`));
      await detailTitle(page).waitFor();
      const history = marketplace(page).getByRole('region', { name: 'Sales history' });
      // As a visitor does: the history is below the item, and reads its sales once near the screen.
      await history.scrollIntoViewIfNeeded();
      const salesTable = history.getByRole('table');
      await salesTable.waitFor();
      const prices = await salesTable.locator('td[data-label="Price"]').allTextContents();
      const price = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        trailingZeroDisplay: 'stripIfInteger',
      }).format(sold.price);
      assert.ok(prices.includes(`${price} USDT`), `${price} USDT not in ${prices.join(', ')}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 0, `the item page scrolls sideways by ${overflow} px`);
    });
  });

  void test("the offer form takes only a positive price, and 'Your Pay' follows it", async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      // A new account makes an offer on an NFA a seeded pilot owns and has not listed (item 11).
      const email = `offer-${Date.now().toString(36)}@example.com`;
      const signup = await fetch(`${site.stack.apiUrl}/user/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          Email: email,
          Password: 'Offer-2117!',
          ConfirmPassword: 'Offer-2117!',
        }),
      });
      assert.equal(signup.status, 201);
      await page.goto(`${site.stack.siteUrl}/signin`);
      const signin = page.locator('[data-remote="account"] form').first();
      await signin.getByLabel('Email').fill(email);
      await signin.getByLabel('Password', { exact: true }).fill('Offer-2117!');
      await signin.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${site.stack.siteUrl}/profile`);
      await page.goto(`${site.stack.siteUrl}/buy-nfa?id=11`);
      await marketplace(page).getByRole('link', { name: 'Make Offer' }).click();
      await page.waitForURL(/\/offer$/);

      const form = page.locator('[data-remote="checkout"] form');
      const price = form.getByLabel('Price');
      const pay = form.getByTestId('your-pay');
      const submit = form.getByRole('button', { name: 'Submit Offer' });
      await price.waitFor();
      assert.equal(await pay.textContent(), '--- USDC');

      await submit.click();
      await form.getByRole('alert').filter({ hasText: 'Enter a price' }).waitFor();
      assert.match(page.url(), /\/offer$/);

      // Text a number field cannot read: the field's value is empty, the browser knows it is bad.
      await price.pressSequentially('1e');
      await submit.click();
      await form
        .getByRole('alert')
        .filter({ hasText: 'Price must be a positive number' })
        .waitFor();
      assert.equal(await pay.textContent(), '--- USDC');

      await price.fill('-4');
      await submit.click();
      await form
        .getByRole('alert')
        .filter({ hasText: 'Price must be a positive number' })
        .waitFor();
      assert.match(page.url(), /\/offer$/);

      await price.fill('1750.5');
      assert.equal(await pay.textContent(), '$1,750.50 USDC');
      await submit.click();
      await page.waitForURL(/\/success$/);
    });
  });
});
