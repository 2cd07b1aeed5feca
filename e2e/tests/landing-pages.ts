// Item pages as landing pages, on the running stack: read as a link-preview service reads them
// (the HTML alone, no script run) they carry the item's title, price, preview card and canonical
// address, and the card is a 1200×630 picture; their schema.org Product data follows the listing;
// robots.txt and the sitemap (valid, every item listed, every address answering 200). In the
// browser: an item link opened cold shows the item before any script runs, the title follows the
// route on navigation, and a bad id answers 404 with the not-found state.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sitemapProblems } from '../../scripts/lib/sitemap-schema.mjs';
import { withPage } from '../support/browser.ts';
import { useSite } from '../support/site.ts';

interface ItemAnswer {
  success: boolean;
  data: {
    _id: string;
    title: string;
    kind: 'nfa' | 'land';
    price: number;
    serialNumber?: string;
    market?: { listing: unknown; reservedUntil: string | null };
  };
}

/** What a preview service reads of a page: its head's tags. */
function previewOf(html: string) {
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(
      html,
    )?.[1] ?? null;
  const unescape = (text: string | null) =>
    text
      ?.replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&') ?? null;
  return {
    title: unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null),
    description: unescape(meta('og:description')),
    image: unescape(meta('og:image')),
    url: unescape(meta('og:url')),
    type: meta('og:type'),
    twitterCard: meta('twitter:card'),
    canonical: unescape(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? null),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json ?? 'null') as Record<string, unknown>,
    ),
  };
}

/** The width and height of a PNG (its IHDR) or a JPEG (its first SOFn), else null. */
function pictureSize(bytes: Buffer): { type: string; width: number; height: number } | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])))
    return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let at = 2; at + 9 < bytes.length;) {
      const marker = bytes[at + 1] ?? 0;
      const length = bytes.readUInt16BE(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return {
          type: 'jpeg',
          height: bytes.readUInt16BE(at + 5),
          width: bytes.readUInt16BE(at + 7),
        };
      at += 2 + length;
    }
  }
  return null;
}

void describe('item pages as landing pages', () => {
  const site = useSite();

  const item = async (id: string): Promise<ItemAnswer['data']> => {
    const response = await fetch(`${site.stack.apiUrl}/search/item/${id}`);
    assert.equal(response.status, 200, `item ${id}`);
    return ((await response.json()) as ItemAnswer).data;
  };
  /** A page's HTML as a preview service gets it: no cookies, no script. */
  const served = async (path: string) => {
    const response = await fetch(site.stack.siteUrl + path, {
      headers: {
        'User-Agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      },
    });
    return { status: response.status, html: await response.text() };
  };

  void test('read as a link-preview service does, an item link carries its title, price, 1200×630 card and canonical address', async () => {
    for (const id of ['165', '1']) {
      const wanted = await item(id);
      const path = `/${wanted.kind === 'land' ? 'buy-land' : 'buy-nfa'}?id=${id}`;
      const { status, html } = await served(`${path}&utm_source=discord`);
      assert.equal(status, 200, path);
      const preview = previewOf(html);
      assert.equal(
        preview.title,
        `${wanted.title} · ${wanted.kind === 'land' ? 'Land' : 'NFA'} · Hyper Tek`,
      );
      const price = `$${wanted.price.toLocaleString('en-US')} USDT`;
      assert.ok(preview.description?.includes(price), `${path}: no ${price} in the preview`);
      if (wanted.serialNumber)
        assert.ok(preview.description?.includes(`#${wanted.serialNumber}`), `${path}: no serial`);
      assert.equal(
        preview.canonical,
        `${site.stack.siteUrl}${path}`,
        'the ?id= address, nothing more',
      );
      assert.equal(preview.url, preview.canonical);
      assert.equal(preview.type, 'product');
      assert.equal(preview.twitterCard, 'summary_large_image');
      // The item itself is in the HTML, not only in its head.
      assert.ok(html.includes(`id="mp-detail-title">${wanted.title}<`), `${path}: title not drawn`);

      assert.ok(preview.image, `${path}: no og:image`);
      const card = await fetch(preview.image);
      assert.equal(card.status, 200, preview.image);
      assert.match(card.headers.get('content-type') ?? '', /^image\/(png|jpeg)$/);
      const size = pictureSize(Buffer.from(await card.arrayBuffer()));
      assert.deepEqual(size && { width: size.width, height: size.height }, {
        width: 1200,
        height: 630,
      });
    }
  });

  void test("an item page's Product data has an Offer whose availability follows the listing", async () => {
    const cases: Array<[string, string]> = [];
    for (const id of ['165', '6', '80']) {
      const wanted = await item(id);
      const listed = wanted.market?.listing != null;
      cases.push([id, listed ? 'InStock' : 'OutOfStock']);
      const { html } = await served(`/${wanted.kind === 'land' ? 'buy-land' : 'buy-nfa'}?id=${id}`);
      const [product] = previewOf(html).jsonLd;
      assert.ok(product, `item ${id}: no JSON-LD`);
      assert.equal(product['@context'], 'https://schema.org');
      assert.equal(product['@type'], 'Product');
      assert.equal(product.name, wanted.title);
      const offer = product.offers as Record<string, unknown>;
      assert.equal(offer['@type'], 'Offer');
      assert.equal(Number(offer.price), wanted.price);
      assert.equal(offer.priceCurrency, 'USD');
      assert.equal(
        offer.availability,
        `https://schema.org/${listed ? 'InStock' : 'OutOfStock'}`,
        `item ${id}`,
      );
    }
    // The seed has both: the house's listed catalogue, and a pilot's item that is not listed.
    assert.ok(cases.some(([, a]) => a === 'InStock') && cases.some(([, a]) => a === 'OutOfStock'));
  });

  void test('robots.txt points to a sitemap that validates, lists every item and only addresses that answer 200', async () => {
    const robots = await served('/robots.txt');
    assert.equal(robots.status, 200);
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(robots.html)?.[1];
    assert.equal(sitemapUrl, `${site.stack.siteUrl}/sitemap.xml`);

    const sitemap = await served('/sitemap.xml');
    assert.equal(sitemap.status, 200);
    assert.deepEqual(await sitemapProblems(sitemap.html), []);
    const addresses = [...sitemap.html.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) =>
      (loc ?? '').replace(/&amp;/g, '&'),
    );
    const count = await fetch(`${site.stack.apiUrl}/sitemap/items?size=1`);
    const total = ((await count.json()) as { data: { total: number } }).data.total;
    const items = addresses.filter((a) => /\/buy-(nfa|land)\?id=/.test(a));
    assert.equal(items.length, total, 'every item is listed');
    assert.equal(new Set(addresses).size, addresses.length, 'each address once');
    for (const path of ['/', '/market-place', '/land', '/nfa-expand'])
      assert.ok(addresses.includes(site.stack.siteUrl + (path === '/' ? '/' : path)), path);

    const failing: string[] = [];
    const queue = [...addresses];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const response = await fetch(next);
          await response.arrayBuffer();
          if (response.status !== 200) failing.push(`${next}: ${response.status}`);
        }
      }),
    );
    assert.deepEqual(failing, []);
  });

  void test('an item link opened cold shows the item before any script runs', async () => {
    const context = await site.browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    try {
      const wanted = await item('165');
      const page = await context.newPage();
      const response = await page.goto(`${site.stack.siteUrl}/buy-land?id=165`);
      assert.equal(response?.status(), 200);
      assert.equal(await page.title(), `${wanted.title} · Land · Hyper Tek`);
      assert.equal(await page.locator('h1#mp-detail-title').innerText(), wanted.title);
      assert.ok(
        (await page.locator('.mp-big-price').innerText()).includes(
          `$${wanted.price.toLocaleString('en-US')} USDT`,
        ),
      );
      const art = page.locator('.mp-detail-media img.ui-item-image');
      await art.evaluate((img: HTMLImageElement) => img.decode());
      assert.ok(await art.evaluate((img: HTMLImageElement) => img.naturalWidth > 0), 'no art');
    } finally {
      await context.close();
    }
  });

  void test('from an item page to another route, the title follows; Back brings the item title again', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      const wanted = await item('165');
      await page.goto(`${site.stack.siteUrl}/buy-land?id=165`);
      await page
        .locator('[data-remote="marketplace"] h1#mp-detail-title', { hasText: wanted.title })
        .waitFor();
      assert.equal(await page.title(), `${wanted.title} · Land · Hyper Tek`);
      await page
        .locator('footer[data-testid="footer"]')
        .getByRole('link', { name: 'Market Place' })
        .click();
      await page.waitForURL(/\/market-place$/);
      await page.waitForFunction(() => document.title === 'Market Place · Hyper Tek');
      assert.equal(
        await page.locator('meta[name="description"]').getAttribute('content'),
        'Buy, sell and trade Hyper Tek NFAs and land parcels: collectibles of the 2117 wars, paid by card.',
      );
      await page.goBack();
      await page.waitForFunction(
        (title) => document.title === title,
        `${wanted.title} · Land · Hyper Tek`,
      );
    });
  });

  void test('a bad id answers 404 with the not-found state, in the HTML and in the live page', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      for (const id of ['987654321', 'not-a-number']) {
        const response = await page.goto(`${site.stack.siteUrl}/buy-nfa?id=${id}`);
        assert.equal(response?.status(), 404, id);
        assert.equal(await page.title(), 'NFA not found · Hyper Tek', 'the HTML says so');
        await page
          .locator('[data-remote="marketplace"]')
          .getByRole('heading', { level: 1, name: 'This item does not exist' })
          .waitFor();
        // The live page (which replaces the drawn one) keeps saying it.
        await page.locator('[data-remote="marketplace"] .mp-detail-problem').waitFor();
        await page.waitForLoadState('networkidle');
        assert.equal(await page.title(), 'NFA not found · Hyper Tek', 'the live page says so');
      }
      const unknown = await page.goto(`${site.stack.siteUrl}/no-such-sector`);
      assert.equal(unknown?.status(), 404);
      await page.getByText('Opps! 404').first().waitFor();
      assert.equal(await page.title(), 'Page not found · Hyper Tek');
    });
  });
});
