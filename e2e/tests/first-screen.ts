// The first screen before any script: the host's web server draws the whole site with the route's
// page into the HTML, the app hydrates it (adopts every element instead of building it again),
// and nothing moves.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withPage } from '../support/browser.ts';
import { useSite } from '../support/site.ts';

/** The pages the performance budget is about, and a heading each one draws before any script. */
const FIRST_SCREENS = [
  ['/', 'Rule the Hyper Tek frontier'],
  ['/market-place', 'A New Era Dawns in Hyper Tek'],
  ['/funnel-page', null],
  ['/land', 'Lands'],
  ['/signin', null],
] as const;

void describe('first screen', () => {
  const site = useSite();

  void test('the five main pages come with their page drawn in the HTML, for hydration', async () => {
    for (const [path, heading] of FIRST_SCREENS) {
      const response = await fetch(`${site.stack.siteUrl}${path}`);
      assert.equal(response.status, 200, path);
      const html = await response.text();
      // Inert until the code that answers it runs: the frame until React adopts it, the page
      // until its remote's code does.
      assert.match(html, /<div id="root" data-hydrate inert>/, `${path}: not drawn for hydration`);
      const page = html.slice(html.indexOf('<div class="remote-route" inert="">'));
      assert.match(page, /<h1[ >]/, `${path}: the page's heading is not drawn`);
      const text = page.replace(/<[^>]+>/g, '');
      if (heading) assert.ok(text.includes(heading), `${path}: '${heading}' is not drawn`);
      assert.equal(html.match(/\binert\b/g)?.length, 2, `${path}: inert elements`);
      assert.match(html, /id="runtime-config"/, `${path}: the runtime config is not inline`);
    }
  });

  void test('with scripts off, a phone still sees the top bar, the page with its first lands, and the footer', async (t) => {
    const context = await site.browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      await page.goto(`${site.stack.siteUrl}/land`);
      assert.equal(await page.locator('h1', { hasText: 'Lands' }).isVisible(), true);
      assert.equal(await page.locator('header.top-bar').isVisible(), true);
      assert.equal(await page.locator('footer.footer').count(), 1);
      // The first lands themselves, drawn by the server with the catalogue's answer: the first
      // card after the Instant Sell tile, with its art loaded.
      const card = page.locator('article.item-card').first();
      assert.equal(await card.isVisible(), true, 'no land card drawn');
      assert.match(
        (await card.locator('a.ui-item-card-action').getAttribute('href')) ?? '',
        /^\/buy-land\?id=/,
      );
      const art = card.locator('img.ui-item-image');
      await art.evaluate((img: HTMLImageElement) => img.decode());
      assert.ok(
        await art.evaluate((img: HTMLImageElement) => img.naturalWidth > 0),
        'art not loaded',
      );
    } catch (error) {
      t.diagnostic(String(error));
      throw error;
    } finally {
      await context.close();
    }
  });

  void test('the app hydrates the drawn page at 390 px: every drawn element kept, no hydration error, no layout shift, a click works', async (t) => {
    await withPage(site.browser, t, async ({ page, consoleLines }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number; __drawn: Element[] };
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            w.__shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // The elements the HTML drew, before any script ran.
        document.addEventListener('DOMContentLoaded', () => {
          w.__drawn = [...document.querySelectorAll('#root *')];
        });
      });
      for (const [path, selector] of [
        ['/land', '[data-remote="marketplace"] a.ui-item-card-action'],
        ['/', '[data-remote="marketing"] h1'],
        ['/signin', '[data-remote="account"] form'],
        // Drawn with its three lists (their answers in the page).
        ['/market-place', '[data-remote="marketplace"] a.ui-item-card-action'],
      ] as const) {
        await page.goto(`${site.stack.siteUrl}${path}`);
        // `data-remote` marks the route once its page's code has hydrated it.
        await page.locator(selector).first().waitFor();
        await page.waitForLoadState('networkidle');
        const state = await page.evaluate(() => {
          const w = window as unknown as { __shift: number; __drawn: Element[] };
          return {
            drawn: w.__drawn.length,
            kept: w.__drawn.filter((element) => element.isConnected).length,
            inert: document.querySelectorAll('#root[inert], #root [inert]').length,
            topBars: document.querySelectorAll('header.top-bar').length,
            footers: document.querySelectorAll('footer.footer').length,
            shift: w.__shift,
          };
        });
        t.diagnostic(`${path}: ${JSON.stringify(state)}`);
        assert.ok(state.drawn > 50, `${path}: only ${state.drawn} elements drawn`);
        assert.deepEqual(
          { ...state, shift: undefined },
          {
            drawn: state.drawn,
            kept: state.drawn,
            inert: 0,
            topBars: 1,
            footers: 1,
            shift: undefined,
          },
          path,
        );
        assert.ok(state.shift <= 0.02, `${path}: layout shift ${state.shift.toFixed(4)}`);
      }
      // The hydrated page answers: the top bar's menu opens.
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.click();
      assert.equal(
        await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
        'true',
      );
      const errors = consoleLines.filter((line) => /^(error|pageerror):/.test(line));
      assert.deepEqual(errors, []);
    });
  });

  void test('the app starts after the first paint, and the first lands come with the HTML: no read, their art preloaded', async (t) => {
    await withPage(site.browser, t, async ({ page, consoleLines }) => {
      const reads: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/land/getland')) reads.push(request.url());
      });
      await page.goto(`${site.stack.siteUrl}/land`);
      await page.locator('[data-remote="marketplace"] a.ui-item-card-action').first().waitFor();
      await page.waitForLoadState('networkidle');
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const navigation = performance.getEntriesByType('navigation')[0] as
          PerformanceNavigationTiming | undefined;
        return {
          firstPaint: paint?.startTime ?? null,
          // The boot script cannot have run before the page's first byte.
          firstByte: navigation?.responseStart ?? 0,
          // Scripts the app itself loads (not the ones the HTML preloads).
          firstAppScript: Math.min(
            ...resources.filter((r) => r.initiatorType === 'script').map((r) => r.startTime),
          ),
          // What the HTML asked for itself: the first row's art.
          preloaded: resources
            .filter((r) => r.initiatorType === 'link')
            .map((r) => new URL(r.name).pathname),
        };
      });
      assert.notEqual(timing.firstPaint, null, 'no first paint reported');
      // After the first paint, or, when the paint is late (a loaded machine), by the boot
      // script's fallback a second after it ran (server/src/compose/html.ts, BOOT_SCRIPT).
      const fallback = timing.firstByte + 1_000;
      assert.ok(
        timing.firstAppScript >= Math.min(timing.firstPaint ?? 0, fallback),
        `the app loaded a script at ${timing.firstAppScript.toFixed(0)} ms, before the first paint at ${String(timing.firstPaint)} ms and before the boot's fallback (first byte at ${timing.firstByte.toFixed(0)} ms + 1 s)`,
      );
      const art = timing.preloaded.filter((path) => path.includes('/media/items/'));
      assert.equal(art.length, 3, `the first row's art preloaded: ${art.join(', ')}`);
      // The host's server put its recent answer of the first read in the page.
      assert.equal(await page.locator('script#first-data').count(), 1);
      assert.deepEqual(reads, [], 'the lands were read although the page came with them');
      // So the page asks the API nothing: the HTTP client (axios) is not loaded until the visitor
      // shows an intent (here, the pointer moves over the page).
      const clientLoads = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((r) => new URL(r.name).pathname)
            .filter((path) => /\/static\/js\/http-client\.\w+\.js$/.test(path)),
        );
      assert.deepEqual(
        await clientLoads(),
        [],
        'the HTTP client loaded with a page that asks nothing',
      );
      await page.mouse.move(40, 200);
      await page.waitForFunction(() =>
        performance.getEntriesByType('resource').some((r) => r.name.includes('/http-client.')),
      );
      assert.equal((await clientLoads()).length, 1, 'the HTTP client loaded once at the intent');
      assert.deepEqual(
        consoleLines.filter((line) => /preload/i.test(line)),
        [],
        'a preload went unused',
      );
    });
  });
});
