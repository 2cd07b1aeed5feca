// Item pages as landing pages (compose.mjs): the item's read made by the host's server, its answer
// in the page, the page drawn with it, and the head its module writes (title, description,
// canonical address, link-preview card, JSON-LD); a missing id answers 404 with the not-found
// state; every route gets its own title; nobody's path answers 404 in the frame.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fakeOrigin } from '../testing/fake-origin.js';
import type { OriginFiles } from '../testing/fake-origin.js';
import { createComposer } from './composer.js';
import { pageHeadTags } from './head-tags.js';
import { createDataRenderer } from './page-renderer.js';
import { createRemoteCache } from './remote-cache.js';

const REMOTE = 'http://remote.test/mf-manifest.json';
const API = 'http://api.test/api/v1';
const config = { apiBaseUrl: API, remotes: { marketplace: REMOTE } };
const manifest = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'buy-land', path: './buy-land', assets: { js: { sync: [] }, css: { sync: [] } } },
  ],
});
const frames = {
  slot: '%%slot%%',
  loading: '<div class="route-loading">Loading…</div>',
  routes: {
    '/buy-land': {
      remote: 'marketplace',
      module: 'buy-land',
      path: '/buy-land',
      title: 'Land · Hyper Tek',
      description: 'Buy land.',
      html: '<header>bar</header><main><div data-prerendered="marketplace" inert="">%%slot%%</div></main>',
    },
    '/lands': {
      remote: 'account',
      module: 'lands',
      path: '/Lands',
      title: 'Your lands · Hyper Tek',
      description: 'Yours.',
      html: '<main>%%slot%%</main>',
    },
  },
  patterns: [
    {
      pattern: '^/reset-password/[^/]+/?$',
      title: 'Choose a new password · Hyper Tek',
      description: 'New.',
    },
  ],
  notFound: {
    title: 'Page not found · Hyper Tek',
    description: 'Lost in the war.',
    html: '<header>bar</header><section data-testid="not-found"><h1>Opps! 404</h1></section>',
  },
};

// The page's Node build, as the marketplace's prerender publishes it: renders the item from the
// answer the server gives it (shared's firstData reads the same map), and says its head.
const pageModule = `
  const { createElement } = require('react');
  const { useLocation } = require('react-router');
  const answers = () => globalThis[Symbol.for('hypertek.serverRender')].answers;
  module.exports.default = function Page() {
    const id = new URLSearchParams(useLocation().search).get('id');
    const answer = answers()['/search/item/' + encodeURIComponent(id)];
    if (!answer || answer.success !== true)
      return createElement('h1', null, 'This item does not exist');
    return createElement('article', null,
      createElement('img', { src: answer.data.image, alt: answer.data.title }),
      createElement('h1', null, answer.data.title));
  };
  module.exports.pageHead = (answer, status) => status === 404
    ? { status: 404, title: 'Land not found · Hyper Tek', description: 'No land has this id.' }
    : { status: 200, title: answer.data.title + ' · Land · Hyper Tek', description: 'Land parcel · $5,400 USDT · Listed',
        type: 'product', image: '/media/items/' + answer.data._id + '/card.png', imageAlt: answer.data.title,
        canonicalPath: '/buy-land?id=' + answer.data._id,
        jsonLd: { '@type': 'Product', name: answer.data.title, note: '</script><script>alert(1)</script>' } };
`;
const snapshotUrl = 'http://remote.test/prerender/buy-land.html';
const moduleUrl = 'http://remote.test/prerender/buy-land.cjs';
const item = {
  _id: '165',
  title: 'Neon Basin "Outpost" <3',
  price: 5400,
  kind: 'land',
  image: '/api/v1/media/items/165.svg',
};

const baseFiles = (): OriginFiles => ({
  [REMOTE]: { body: manifest },
  [snapshotUrl]: {
    body: '<!--preload-fetch:["/search/item/{id}"]--><p class="skeleton">Loading</p>',
  },
  [moduleUrl]: { body: pageModule },
  [`${API}/search/item/165`]: { body: JSON.stringify({ success: true, data: item }) },
  [`${API}/search/item/999`]: {
    status: 404,
    body: JSON.stringify({ success: false, message: 'Item not found' }),
  },
  [`${API}/search/item/abc`]: {
    status: 400,
    body: JSON.stringify({ success: false, message: 'Invalid id' }),
  },
  [`${API}/search/item/500`]: { status: 500, body: '{}' },
});

let root: string;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'item-pages-'));
  await mkdir(join(root, 'prerender'));
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Built."><title>Hyper Tek</title><script defer src="/static/js/main.1.js"></script></head><body><div id="root"><div class="splash">splash</div></div></body></html>',
  );
  await writeFile(join(root, 'prerender/frames.json'), JSON.stringify(frames));
  await mkdir(join(root, 'static/js'), { recursive: true });
  await writeFile(join(root, 'static/js/http-client.abc123.js'), '');
});
after(() => rm(root, { recursive: true, force: true }));

const composerWith = async (files = baseFiles()) => {
  const net = fakeOrigin(files);
  const cache = createRemoteCache({ fetchImpl: net.fetchImpl });
  const itemReads = createRemoteCache({ fetchImpl: net.fetchImpl, ttlMs: 0 });
  const renderer = createDataRenderer({
    appDir: join(import.meta.dirname, '../../../host'),
    config,
  });
  const composer = await createComposer({
    root,
    config,
    siteUrl: 'https://hypertek.test/',
    cache,
    itemReads,
    renderer,
    pins: { check: () => ({ ok: true }), digestOf: () => undefined },
  });
  return { composer, calls: net.calls };
};

/** The content of `<meta property|name="key">` in `html`. */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(
    html,
  )?.[1];

void describe('item pages', () => {
  void it('come drawn with their item, its answer in the page and its art preloaded', async () => {
    const { composer } = await composerWith();
    const { status, html } = await composer.document('/buy-land', '?id=165');
    assert.equal(status, 200);
    assert.match(html, /<h1>Neon Basin &quot;Outpost&quot; &lt;3<\/h1>/);
    assert.equal(html.includes('skeleton'), false);
    const [, data = ''] = /<script type="application\/json" id="first-data">(.*?)<\/script>/.exec(
      html,
    )!;
    assert.deepEqual(JSON.parse(data), { '/search/item/165': { success: true, data: item } });
    assert.match(
      html,
      /<link rel="preload" as="image" href="http:\/\/api\.test\/api\/v1\/media\/items\/165\.svg" fetchpriority="high">/,
    );
    // Its answer is in the page: the HTTP client waits for a request or the visitor's intent.
    assert.equal(html.includes('http-client'), false);
  });

  void it('carry their own title, description, canonical address, preview card and Product data', async () => {
    const { composer } = await composerWith();
    const { html } = await composer.document('/buy-land', '?id=165&utm_source=discord');
    const titles = html.match(/<title>[^<]*<\/title>/g);
    assert.deepEqual(titles, [
      '<title>Neon Basin &quot;Outpost&quot; &lt;3 · Land · Hyper Tek</title>',
    ]);
    assert.equal(html.includes('content="Built."'), false, "the build's description is replaced");
    assert.equal(metaOf(html, 'description'), 'Land parcel · $5,400 USDT · Listed');
    assert.match(html, /<link rel="canonical" href="https:\/\/hypertek\.test\/buy-land\?id=165">/);
    assert.equal(metaOf(html, 'og:url'), 'https://hypertek.test/buy-land?id=165');
    assert.equal(metaOf(html, 'og:type'), 'product');
    assert.equal(metaOf(html, 'og:image'), 'http://api.test/api/v1/media/items/165/card.png');
    assert.equal(metaOf(html, 'og:image:width'), '1200');
    assert.equal(metaOf(html, 'og:image:height'), '630');
    assert.equal(metaOf(html, 'twitter:card'), 'summary_large_image');
    assert.equal(html.includes('noindex'), false);
    const [, ld = ''] = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)!;
    assert.equal(ld.includes('</script>'), false, 'JSON-LD cannot close its element');
    assert.equal(JSON.parse(ld)['@type'], 'Product');
  });

  void it('answer 404 with the not-found state for an id the API does not have, or a malformed one', async () => {
    const { composer, calls } = await composerWith();
    for (const search of ['?id=999', '?id=abc', `?id=${'9'.repeat(41)}`]) {
      const { status, html } = await composer.document('/buy-land', search);
      assert.equal(status, 404, search);
      assert.match(html, /<h1>This item does not exist<\/h1>/, search);
      assert.match(html, /<title>Land not found · Hyper Tek<\/title>/, search);
      assert.match(html, /<meta name="robots" content="noindex">/, search);
      assert.equal(html.includes('rel="canonical"'), false, search);
      const [, data = ''] = /id="first-data">(.*?)<\/script>/.exec(html)!;
      const [answer] = Object.values(JSON.parse(data) as Record<string, { status: number }>);
      assert.equal(answer?.status, 404, 'the live page knows it too');
    }
    assert.equal(
      calls.some((url) => url.includes('9'.repeat(41))),
      false,
      'an id longer than any item id is not asked for',
    );
  });

  void it("come with the item's other reads that succeeded (its first sales), never without the item", async () => {
    const files = baseFiles();
    files[snapshotUrl] = {
      body: '<!--preload-fetch:["/search/item/{id}","/activity/item/{id}?limit=10"]--><p class="skeleton">Loading</p>',
    };
    const sales = { success: true, data: [{ _id: 's1', buyer: 'Ada' }], nextCursor: null };
    files[`${API}/activity/item/165?limit=10`] = { body: JSON.stringify(sales) };
    const { composer, calls } = await composerWith(files);
    const firstData = (html: string): Record<string, unknown> =>
      JSON.parse(
        /<script type="application\/json" id="first-data">(.*?)<\/script>/.exec(html)![1]!,
      ) as Record<string, unknown>;
    const drawn = await composer.document('/buy-land', '?id=165');
    assert.deepEqual(firstData(drawn.html), {
      '/search/item/165': { success: true, data: item },
      '/activity/item/165?limit=10': sales,
    });
    // A sales read that fails is left to the page; the item is drawn all the same.
    files[`${API}/activity/item/165?limit=10`] = { status: 500, body: '{}' };
    const without = await composer.document('/buy-land', '?id=165');
    assert.match(without.html, /<h1>Neon Basin/);
    assert.deepEqual(Object.keys(firstData(without.html)), ['/search/item/165']);
    // No such item: nothing of its sales in the page.
    const missing = await composer.document('/buy-land', '?id=999');
    assert.deepEqual(Object.keys(firstData(missing.html)), ['/search/item/999']);
    // Both reads are made at once, for every navigation.
    assert.equal(calls.filter((url) => url.endsWith('/activity/item/165?limit=10')).length, 2);
  });

  void it('read the item for every navigation: a sale shows at once', async () => {
    const files = baseFiles();
    const { composer } = await composerWith(files);
    assert.match((await composer.document('/buy-land', '?id=165')).html, /Outpost/);
    files[`${API}/search/item/165`] = {
      body: JSON.stringify({ success: true, data: { ...item, title: 'Sold Outpost' } }),
    };
    assert.match((await composer.document('/buy-land', '?id=165')).html, /<h1>Sold Outpost<\/h1>/);
  });

  void it('are served with their loading state and the route head when the API fails, never a 404', async () => {
    const files = baseFiles();
    files[`${API}/search/item/165`] = new Error('ECONNREFUSED');
    const { composer } = await composerWith(files);
    for (const search of ['?id=165', '?id=500', '']) {
      const { status, html } = await composer.document('/buy-land', search);
      assert.equal(status, 200, search);
      assert.match(html, /<p class="skeleton">Loading<\/p>/, search);
      assert.match(html, /<title>Land · Hyper Tek<\/title>/, search);
      assert.equal(html.includes('id="first-data"'), false, search);
    }
  });
});

void describe('route heads', () => {
  void it('give every route its title and description, the canonical path as the route table writes it', async () => {
    const { composer } = await composerWith();
    const { html } = await composer.document('/lands');
    assert.match(html, /<title>Your lands · Hyper Tek<\/title>/);
    assert.equal(metaOf(html, 'description'), 'Yours.');
    // Not marked public (index): no canonical, noindex.
    assert.match(html, /<meta name="robots" content="noindex">/);
    assert.equal(metaOf(html, 'og:image'), 'http://api.test/api/v1/media/site-card.png');
  });

  void it('serve a path with a parameter plain, with its head', async () => {
    const { composer } = await composerWith();
    const { status, html } = await composer.document('/reset-password/abc');
    assert.equal(status, 200);
    assert.match(html, /<title>Choose a new password · Hyper Tek<\/title>/);
    assert.match(html, /class="splash"/);
  });

  void it("answer nobody's path with 404 and the not-found page in its frame", async () => {
    const { composer } = await composerWith();
    for (const path of ['/nope', '/no/such/page', '/reset-password']) {
      const { status, html } = await composer.document(path);
      assert.equal(status, 404, path);
      assert.match(html, /<title>Page not found · Hyper Tek<\/title>/, path);
      assert.match(
        html,
        /<div class="server-frame" inert><header>bar<\/header><section><h1>Opps! 404/,
        path,
      );
      assert.equal(html.includes('data-testid'), false, path);
    }
  });

  void it('write public pages canonical, with the site card, and escape what they carry', () => {
    const tags = pageHeadTags({
      title: 'A "quoted" <title> & more',
      description: 'x',
      canonical: 'https://hypertek.test/land',
      image: 'https://api.test/site-card.png',
      imageAlt: 'Hyper Tek',
    });
    assert.match(tags, /^<title>A &quot;quoted&quot; &lt;title&gt; &amp; more<\/title>/);
    assert.match(tags, /<link rel="canonical" href="https:\/\/hypertek\.test\/land">/);
    assert.equal(tags.includes('noindex'), false);
    assert.match(tags, /<meta name="twitter:card" content="summary_large_image">/);
  });
});
