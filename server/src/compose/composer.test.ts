// The host's composed documents (compose.mjs): config inline, the route's page drawn by the server,
// the remote's files fetched, kept a few seconds and revalidated, and a remote that is down.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fakeOrigin } from '../testing/fake-origin.js';
import type { OriginFiles } from '../testing/fake-origin.js';
import { createComposer } from './composer.js';
import { BOOT_SCRIPT, NONCE_MARK } from './html.js';
import { createDataRenderer } from './page-renderer.js';
import type { PageRenderer } from './page-renderer.js';
import { createRemoteCache } from './remote-cache.js';
import { firstImages, pageAssets, snapshotParts } from './snapshot.js';

const REMOTE = 'http://remote.test/mf-manifest.json';
const config = {
  apiBaseUrl: 'http://api.test/api/v1',
  remotes: { marketplace: REMOTE },
  note: '</script><script>alert(1)</script>',
};
const manifest = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [
    {
      name: 'land',
      path: './land',
      assets: {
        js: { sync: ['static/js/land.1.js'], async: ['static/js/later.js'] },
        css: { sync: ['static/css/land.1.css'], async: [] },
      },
    },
  ],
});
const frames = {
  slot: '%%slot%%',
  loading: '<div class="route-loading" data-testid="route-loading">Loading…</div>',
  routes: {
    '/land': {
      remote: 'marketplace',
      module: 'land',
      html: '<header data-testid="top-bar">bar</header><main><div data-prerendered="marketplace" inert="">%%slot%%</div></main>',
    },
  },
};

type Files = OriginFiles;

/** Every remote file as its digest says (verified-files.test.ts: the refusals). */
const ALL_PINNED = { check: () => ({ ok: true as const }), digestOf: () => 'sha384-pinned' };

/** The global scope, where a drawn page reads its answers and the data cache is kept. */
const global = globalThis as unknown as Record<symbol, unknown>;

let root: string;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'compose-'));
  await mkdir(join(root, 'prerender'));
  await mkdir(join(root, 'static/css'), { recursive: true });
  await mkdir(join(root, 'static/js'), { recursive: true });
  await writeFile(join(root, 'static/js/http-client.abc123.js'), '');
  await writeFile(join(root, 'static/js/http-client.abc123.js.map'), '');
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><html><head><title>x</title><script defer src="/static/js/main.1.js"></script><link href="/static/css/main.css" rel="stylesheet"></head><body><div id="root"><div class="splash">splash</div></div></body></html>',
  );
  await writeFile(join(root, 'prerender/frames.json'), JSON.stringify(frames));
  await writeFile(
    join(root, 'static/css/main.css'),
    '@font-face{src:url(../media/exo-2-latin-wght-normal.abc.woff2)}@font-face{src:url(../media/exo-2-cyrillic-wght-normal.abc.woff2)}',
  );
});
after(() => rm(root, { recursive: true, force: true }));

const composerWith = async (
  files: Files,
  options: { ttlMs?: number; timeoutMs?: number } = {},
  renderer?: PageRenderer,
) => {
  const remote = fakeOrigin(files);
  const cache = createRemoteCache({ fetchImpl: remote.fetchImpl, ...options });
  const composer = await createComposer({ root, config, cache, renderer, pins: ALL_PINNED });
  return {
    remote,
    composer: {
      ...composer,
      /** The HTML of a navigation to `pathname` (with `search`), as the config's remotes give it. */
      html: async (pathname: string, search?: string) =>
        (await composer.document(pathname, search)).html,
    },
  };
};
const snapshotUrl = 'http://remote.test/prerender/land.html';

/**
 * The remote's files for /land with its Node build `page` (land.cjs), and the API's answer to its
 * first read: one land titled `title`.
 */
const landPageFiles = (page: string, title: string): Files => ({
  [REMOTE]: { body: manifest, etag: '"m1"' },
  [snapshotUrl]: {
    body: '<!--preload-fetch:["/land/getland?limit=19"]--><p class="skeleton">Loading</p>',
    etag: '"s1"',
  },
  'http://api.test/api/v1/land/getland?limit=19': {
    body: JSON.stringify({ success: true, data: [{ _id: 'a', title }] }),
    etag: '"r1"',
  },
  'http://remote.test/prerender/land.cjs': { body: page, etag: '"c1"' },
});

void describe('composed documents', () => {
  void it("put this visitor's remotes and releases in the page's config, as the host's server passes them", async () => {
    const { composer } = await composerWith({});
    const remotes = { marketplace: 'http://remote.test/releases/1.1.0/mf-manifest.json' };
    const releases = { marketplace: { version: '1.1.0', channel: 'canary' as const } };
    const integrity = { marketplace: { 'mf-manifest.json': 'sha384-abc' } };
    const { status, html } = await composer.document('/somewhere', '', {
      remotes,
      releases,
      integrity,
    });
    assert.equal(status, 200);
    const [, json = ''] = html.match(
      /<script type="application\/json" id="runtime-config">(.*?)<\/script>/,
    )!;
    assert.deepEqual(JSON.parse(json), { ...config, remotes, releases, integrity });
    assert.match(composer.plainFor({ remotes, releases }), /"channel":"canary"/);
  });

  void it('put the runtime config in every page, safe inside its script element', async () => {
    const { composer } = await composerWith({});
    const html = await composer.html('/somewhere');
    const [, json = ''] = html.match(
      /<script type="application\/json" id="runtime-config">(.*?)<\/script>/,
    )!;
    // No visitor's choice: no remote is pinned, so the browser would refuse every one.
    assert.deepEqual(JSON.parse(json), { ...config, integrity: {} });
    assert.equal(html.includes('</script><script>alert(1)'), false);
    assert.match(html, /<div id="root"><div class="splash">splash<\/div><\/div><\/body>/);
    assert.match(
      html,
      new RegExp(`<script nonce="${NONCE_MARK}" defer src="/static/js/main\\.1\\.js"></script>`),
    );
    assert.equal(html.includes(BOOT_SCRIPT), false);
  });

  void it('preload the Latin faces of the fonts the stylesheets use, and no other script', async () => {
    const { composer } = await composerWith({});
    const html = await composer.html('/');
    assert.match(
      html,
      /<link rel="preload" as="font" type="font\/woff2" href="\/static\/media\/exo-2-latin-wght-normal\.abc\.woff2" crossorigin>/,
    );
    assert.equal(html.includes('cyrillic'), false);
  });

  void it("mark only the server's own scripts and styles for the nonce, never what a snapshot holds", async () => {
    const { composer } = await composerWith({
      [REMOTE]: { body: manifest, etag: '"m1"' },
      [snapshotUrl]: {
        body: '<h1>Lands</h1><script>window.injected=1</script><style>h1{color:red}</style>',
        etag: '"s1"',
      },
    });
    const html = await composer.html('/land');
    // The snapshot's script and style as they came: without the nonce, the browser runs neither.
    assert.ok(html.includes('<script>window.injected=1</script>'), html);
    assert.ok(html.includes('<style>h1{color:red}</style>'), html);
    // The server's own: the boot script, the host's stylesheet inline, the preloads of the entry,
    // the remote's entry and the page's script.
    assert.ok(html.includes(`<script nonce="${NONCE_MARK}">(function(){var done=false;`));
    assert.equal(html.split(` nonce="${NONCE_MARK}"`).length - 1, 5, html);
  });

  void it("draw a route's page inside the host's frame, inert, with the page's stylesheet and scripts preloaded", async () => {
    const { composer } = await composerWith({
      [REMOTE]: { body: manifest, etag: '"m1"' },
      [snapshotUrl]: { body: '<h1>Lands</h1>', etag: '"s1"' },
    });
    for (const path of ['/land', '/LAND', '/land/']) {
      const html = await composer.html(path);
      assert.match(
        html,
        /<div id="root"><div class="server-frame" inert><header>bar<\/header><main><div data-prerendered="marketplace" inert=""><h1>Lands<\/h1><\/div><\/main><\/div><\/div>/,
      );
      assert.equal(html.includes('splash'), false);
      assert.equal(html.includes('data-testid'), false, 'test ids belong to the live app only');
      assert.match(
        html,
        /<link rel="stylesheet" href="http:\/\/remote\.test\/static\/css\/land\.1\.css">/,
      );
      assert.match(
        html,
        new RegExp(
          `<link rel="preload" as="script" href="http://remote\\.test/remoteEntry\\.js" crossorigin integrity="sha384-pinned" nonce="${NONCE_MARK}">`,
        ),
      );
      assert.match(
        html,
        new RegExp(
          `<link rel="preload" as="script" href="http://remote\\.test/static/js/land\\.1\\.js" crossorigin integrity="sha384-pinned" nonce="${NONCE_MARK}">`,
        ),
      );
      assert.match(
        html,
        /<link rel="preload" as="style" href="http:\/\/remote\.test\/static\/css\/land\.1\.css" crossorigin integrity="sha384-pinned">/,
      );
      assert.equal(html.includes('later.js'), false, 'only what the page needs first');
      assert.match(html, /<link rel="preconnect" href="http:\/\/api\.test" crossorigin>/);
      // The app starts after the drawn page's first paint: its entry is preloaded, not run.
      assert.equal(html.includes('<script defer'), false);
      assert.match(
        html,
        new RegExp(
          `<link rel="preload" as="script" href="/static/js/main\\.1\\.js" nonce="${NONCE_MARK}" data-boot>`,
        ),
      );
      assert.ok(html.includes(BOOT_SCRIPT));
    }
  });

  void it("ask for the remote's manifest and the page's declared API reads with the page, as the app fetches them", async () => {
    const { composer } = await composerWith({
      [REMOTE]: { body: manifest, etag: '"m1"' },
      [snapshotUrl]: {
        body: '<!--preload-fetch:["/land/getland?limit=19"]--><h1>Lands</h1>',
        etag: '"s1"',
      },
    });
    const html = await composer.html('/land');
    assert.match(
      html,
      /<link rel="preload" as="fetch" href="http:\/\/remote\.test\/mf-manifest\.json" crossorigin>/,
    );
    assert.match(
      html,
      /<link rel="preload" as="fetch" href="http:\/\/api\.test\/api\/v1\/land\/getland\?limit=19" crossorigin>/,
    );
    assert.equal(html.includes('preload-fetch:'), false, 'the declaration is not part of the page');
    // The HTTP client's chunk comes with a page that reads data, and only with one.
    assert.match(
      html,
      new RegExp(
        `<link rel="preload" as="script" href="/static/js/http-client\\.abc123\\.js" nonce="${NONCE_MARK}">`,
      ),
    );
    assert.equal((await composer.html('/land', '?sort=price_asc')).includes('http-client'), false);
    assert.match(html, /inert=""><h1>Lands<\/h1>/);
  });

  void it("preload the art of the first read's first items, and nothing of the page's data for an address with a query", async () => {
    const read = 'http://api.test/api/v1/land/getland?limit=19';
    const answer = JSON.stringify({
      success: true,
      data: [
        { _id: 'a', image: '/api/v1/media/items/1.svg' },
        { _id: 'b' },
        { _id: 'c', image: 'javascript:alert(1)' },
        { _id: 'd', image: 'https://cdn.test/4.png' },
        { _id: 'e', image: '/api/v1/media/items/5.svg' },
      ],
    });
    const { composer, remote } = await composerWith({
      [REMOTE]: { body: manifest, etag: '"m1"' },
      [snapshotUrl]: {
        body: '<!--preload-fetch:["/land/getland?limit=19"]--><!--preload-images:4--><h1>Lands</h1>',
        etag: '"s1"',
      },
      [read]: { body: answer, etag: '"r1"' },
    });
    const html = await composer.html('/land');
    const images = [
      ...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g),
    ].map((m) => m[1]);
    // The first four items: one without art, one with an address that is not an image's.
    assert.deepEqual(images, [
      'http://api.test/api/v1/media/items/1.svg',
      'https://cdn.test/4.png',
    ]);
    assert.match(html, /inert=""><h1>Lands<\/h1>/);
    assert.equal(html.includes('preload-images'), false);
    // The answer itself comes with the page (safe inside its script element), so the read is not
    // preloaded: the page shows it without asking.
    const [, inline = ''] = html.match(
      /<script type="application\/json" id="first-data">(.*?)<\/script>/,
    )!;
    assert.deepEqual(JSON.parse(inline), { '/land/getland?limit=19': JSON.parse(answer) });
    assert.equal(html.includes('as="fetch" href="http://api.test'), false);
    // Nor is the HTTP client: the page asks nothing as it opens (it loads at the first intent).
    assert.equal(html.includes('http-client'), false);

    // A shared link with a sort reads its own page: neither that read nor its art is preloaded.
    const sorted = await composer.html('/land', '?sort=price_asc');
    assert.equal(sorted.includes('as="image"'), false);
    assert.equal(sorted.includes('getland'), false);
    assert.equal(remote.calls.filter((url) => url === read).length, 1, 'the read was kept');
  });

  void it("put every declared read's answer in the page, and ask only for those it has none of", async () => {
    const api = (path: string) => `http://api.test/api/v1${path}`;
    const market = { success: true, data: [{ _id: 'n1' }] };
    const activity = { success: true, data: [{ _id: 'a1' }] };
    const { composer } = await composerWith({
      [REMOTE]: { body: manifest, etag: '"m1"' },
      [snapshotUrl]: {
        body: '<!--preload-fetch:["/market/getMarket?limit=4","/land/getland?limit=4","/activity/getActivity?limit=5"]--><h1>Market</h1>',
        etag: '"s1"',
      },
      [api('/market/getMarket?limit=4')]: { body: JSON.stringify(market), etag: '"r1"' },
      [api('/activity/getActivity?limit=5')]: { body: JSON.stringify(activity), etag: '"r3"' },
    });
    const html = await composer.html('/land');
    const [, inline = ''] = html.match(
      /<script type="application\/json" id="first-data">(.*?)<\/script>/,
    )!;
    assert.deepEqual(JSON.parse(inline), {
      '/market/getMarket?limit=4': market,
      '/activity/getActivity?limit=5': activity,
    });
    // The lands' read had no answer: the browser asks for it with the page, and for the client.
    const fetched = [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    assert.deepEqual(fetched, [
      'http://remote.test/mf-manifest.json',
      api('/land/getland?limit=4'),
    ]);
    assert.match(html, /href="\/static\/js\/http-client\.abc123\.js"/);
  });

  void it('put a kept read in the page only while its origin confirms it, and a changed one at once', async () => {
    const read = 'http://api.test/api/v1/land/getland?limit=19';
    let now = 1_000_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const files: Files = {
        [REMOTE]: { body: manifest, etag: '"m1"' },
        [snapshotUrl]: {
          body: '<!--preload-fetch:["/land/getland?limit=19"]--><!--preload-images:1--><h1>Lands</h1>',
          etag: '"s1"',
        },
        [read]: { body: JSON.stringify([{ image: '/one.svg' }]), etag: '"r1"' },
      };
      const { composer } = await composerWith(files);
      assert.match(await composer.html('/land'), /href="http:\/\/api\.test\/one\.svg"/);
      // Not confirmed for a while (the API not answering): its data is no longer put in the page.
      files[read] = new Error('connection refused');
      now += 60_000;
      await composer.html('/land');
      const old = await composer.html('/land');
      assert.equal(old.includes('id="first-data"'), false);
      assert.match(
        old,
        /<link rel="preload" as="fetch" href="http:\/\/api\.test\/api\/v1\/land\/getland\?limit=19" crossorigin>/,
      );
      // Back, with another first page: the next page shows it.
      files[read] = { body: JSON.stringify([{ image: '/two.svg' }]), etag: '"r2"' };
      now += 60_000;
      const fresh = await composer.html('/land');
      assert.match(fresh, /href="http:\/\/api\.test\/two\.svg"/);
      assert.match(
        fresh,
        /id="first-data">\{"\/land\/getland\?limit=19":\[\{"image":"\/two\.svg"\}\]\}/,
      );
    } finally {
      Date.now = realNow;
    }
  });

  void it('read the art of a list answer as the page shows it', () => {
    const origin = 'http://api.test';
    assert.deepEqual(
      firstImages(JSON.stringify([{ image: '/a.svg' }, { image: '/b.svg' }]), 1, origin),
      ['http://api.test/a.svg'],
    );
    assert.deepEqual(firstImages('not json', 3, origin), []);
    assert.deepEqual(firstImages(JSON.stringify({ data: 'x' }), 3, origin), []);
    assert.deepEqual(firstImages(JSON.stringify([{ image: '//evil.test/x.svg' }]), 3, origin), []);
    assert.deepEqual(firstImages(null, 3, origin), []);
  });

  void it("draw a data page with its first read's answer, rendered by the remote's Node build, and fall back to the snapshot", async () => {
    const moduleUrl = 'http://remote.test/prerender/land.cjs';
    // A page as the remote's build publishes it: CommonJS, React from the host's packages.
    const page = `
      const { createElement } = require('react');
      const { useLocation } = require('react-router');
      exports.default = function LandPage() {
        const { answers, config } = global[Symbol.for('hypertek.serverRender')];
        const answer = answers['/land/getland?limit=19'];
        return createElement('ul', { 'data-path': useLocation().pathname, 'data-api': config.apiBaseUrl },
          answer.data.map((item) => createElement('li', { key: item._id }, item.title)));
      };`;
    const files = landPageFiles(page, 'Sector $& 1 <b>');
    const logs: string[] = [];
    const renderer = createDataRenderer({
      appDir: join(import.meta.dirname, '../../../host'),
      config,
      log: (line) => logs.push(line),
    });
    const { composer } = await composerWith(files, {}, renderer);
    const html = await composer.html('/land');
    assert.match(
      html,
      /inert=""><ul data-path="\/land" data-api="http:\/\/api\.test\/api\/v1"><li>Sector \$&amp; 1 &lt;b&gt;<\/li><\/ul><\/div>/,
    );
    assert.equal(html.includes('skeleton'), false);

    // A page that cannot render: the snapshot, and a line in the log.
    files[moduleUrl] = { body: 'throw new Error("broken build")', etag: '"c2"' };
    const { composer: broken } = await composerWith(files, {}, renderer);
    assert.match(await broken.html('/land'), /inert=""><p class="skeleton">Loading<\/p>/);
    assert.match(logs.join('\n'), /land\.cjs not rendered with its data \(broken build\)/);
    assert.equal(global[Symbol.for('hypertek.serverRender')], undefined, 'nothing left behind');
  });

  void it("draw the whole site for hydration: the host's renderSite with the route's page module, its first answer and the address's query", async () => {
    // The host's Node build (prerender/site.cjs) and a page as the remote's build publishes it.
    const site = `
      const { createElement } = require('react');
      const { renderToString } = require('react-dom/server');
      const { MemoryRouter, useLocation } = require('react-router');
      function Where() {
        const { pathname, search } = useLocation();
        return createElement('p', { 'data-testid': 'where' }, pathname + search);
      }
      exports.renderSite = (location, page) => {
        if (location.endsWith('?broken')) throw new Error('broken host');
        return renderToString(createElement(MemoryRouter, { initialEntries: [location] },
          createElement('header', null, 'bar'), createElement(Where),
          createElement(page.Page, { remote: page.remote })));
      };`;
    const page = `
      const { createElement } = require('react');
      exports.default = function LandPage({ remote }) {
        const { answers } = global[Symbol.for('hypertek.serverRender')];
        const answer = answers['/land/getland?limit=19'];
        return createElement('ul', { 'data-remote-was': remote },
          answer ? answer.data.map((item) => createElement('li', { key: item._id }, item.title)) : 'Loading');
      };`;
    const files = landPageFiles(page, 'Sector 1');
    // The data cache the pages share is emptied around each render.
    let cleared = 0;
    const queryClientKey = Symbol.for('hypertek.queryClient');
    global[queryClientKey] = { clear: () => cleared++ };
    const logs: string[] = [];
    const renderer = createDataRenderer({
      appDir: join(import.meta.dirname, '../../../host'),
      config,
      log: (line) => logs.push(line),
    });
    await writeFile(join(root, 'prerender/site.cjs'), site);
    let composer;
    try {
      ({ composer } = await composerWith(files, {}, renderer));
    } finally {
      await unlink(join(root, 'prerender/site.cjs'));
    }
    try {
      const land = await composer.document('/land', '');
      assert.equal(land.status, 200);
      assert.match(
        land.html,
        /<div id="root" data-hydrate inert><header>bar<\/header><p data-testid="where">\/land<\/p><ul data-remote-was="marketplace"><li>Sector 1<\/li><\/ul><\/div>/,
      );
      assert.equal(land.html.includes('server-frame'), false, 'not a picture');
      assert.match(land.html, /<script type="application\/json" id="first-data">/);
      assert.ok(cleared >= 2, `the data cache was emptied ${cleared} times`);
      // With a query: the router sees it, and no answer is used (the page reads its own).
      const sorted = await composer.html('/land', '?sort=newest');
      assert.match(
        sorted,
        /<p data-testid="where">\/land\?sort=newest<\/p><ul data-remote-was="marketplace">Loading<\/ul>/,
      );
      // A host build that cannot render: the picture of the page, and a line in the log.
      const broken = await composer.html('/land', '?broken');
      assert.match(broken, /<div id="root"><div class="server-frame" inert>/);
      assert.match(
        logs.join('\n'),
        /\/land\?broken not drawn for hydration \(broken host\); drawn as a picture/,
      );
      assert.equal(global[Symbol.for('hypertek.serverRender')], undefined, 'nothing left behind');
    } finally {
      Reflect.deleteProperty(globalThis, queryClientKey);
    }
  });

  void it('put no answer in the page that is not a successful list', async () => {
    const read = 'http://api.test/api/v1/land/getland?limit=19';
    const { composer } = await composerWith({
      [REMOTE]: { body: manifest, etag: '"m1"' },
      [snapshotUrl]: {
        body: '<!--preload-fetch:["/land/getland?limit=19"]--><h1>Lands</h1>',
        etag: '"s1"',
      },
      [read]: { body: JSON.stringify({ success: false, message: 'no' }), etag: '"r1"' },
    });
    const html = await composer.html('/land');
    assert.equal(html.includes('first-data'), false);
    assert.match(html, /as="fetch" href="http:\/\/api\.test\/api\/v1\/land\/getland\?limit=19"/);
  });

  void it('take from a snapshot header only API paths of this API', () => {
    assert.deepEqual(
      snapshotParts(
        '<!--preload-fetch:["/a?b=1","//evil.test/x","https://evil.test/y",3]--><p>x</p>',
      ),
      {
        fetches: ['/a?b=1'],
        images: 0,
        html: '<p>x</p>',
      },
    );
    assert.deepEqual(snapshotParts('<!--preload-fetch:[nope]--><p>x</p>'), {
      fetches: [],
      images: 0,
      html: '<p>x</p>',
    });
    assert.deepEqual(snapshotParts('<p>x</p>'), { fetches: [], images: 0, html: '<p>x</p>' });
    assert.deepEqual(snapshotParts('<!--preload-fetch:["/a"]--><!--preload-images:99--><p>x</p>'), {
      fetches: ['/a'],
      images: 8,
      html: '<p>x</p>',
    });
  });

  void it('start the app only once the browser reports the first paint (or after a second)', () => {
    assert.match(BOOT_SCRIPT, /PerformanceObserver/);
    assert.match(BOOT_SCRIPT, /type:"paint",buffered:true/);
    assert.match(BOOT_SCRIPT, /setTimeout\(boot,1000\)/);
  });

  void it("inline the host's and the page's stylesheets in a drawn page, their urls made absolute", async () => {
    const { composer } = await composerWith({
      [REMOTE]: { body: manifest, etag: '"m1"' },
      [snapshotUrl]: { body: '<h1>Lands</h1>', etag: '"s1"' },
      'http://remote.test/static/css/land.1.css': {
        body: '.land{background:url(../media/sky.1.svg)}.x{background:url(data:image/png;base64,AA)}',
        etag: '"c1"',
      },
    });
    const html = await composer.html('/land');
    assert.equal(html.includes('<link href="/static/css/main.css" rel="stylesheet">'), false);
    assert.match(
      html,
      /<style nonce="nonce-mark-[0-9a-f]+">@font-face\{src:url\(\/static\/media\/exo-2-latin-wght-normal\.abc\.woff2\)\}/,
    );
    assert.match(
      html,
      /<style nonce="nonce-mark-[0-9a-f]+">\.land\{background:url\(http:\/\/remote\.test\/static\/media\/sky\.1\.svg\)\}\.x\{background:url\(data:image\/png;base64,AA\)\}<\/style>/,
    );
    assert.ok(html.indexOf('@font-face') < html.indexOf('.land{'), "the host's rules come first");
    // Every other path links the host's stylesheet as the build wrote it.
    assert.match(
      await composer.html('/elsewhere'),
      /<link href="\/static\/css\/main\.css" rel="stylesheet">/,
    );
  });

  void it('draw the frame with the loading state when the remote is down, and a route it has no snapshot of', async () => {
    const { composer } = await composerWith({
      [REMOTE]: new Error('connect ECONNREFUSED'),
      [snapshotUrl]: new Error('connect ECONNREFUSED'),
    });
    const html = await composer.html('/land');
    assert.match(
      html,
      /<main><div data-prerendered="marketplace" inert=""><div class="route-loading">Loading…<\/div><\/div><\/main>/,
    );
    assert.equal(html.includes('rel="stylesheet" href="http://remote'), false);
  });

  void it("keep a remote's files a few seconds, then revalidate them, and pick up a redeployed remote", async () => {
    const files: Files = {
      [REMOTE]: { body: manifest, etag: '"m1"' },
      [snapshotUrl]: { body: '<h1>Lands v1</h1>', etag: '"s1"' },
    };
    const { composer, remote } = await composerWith(files, { ttlMs: 50 });
    assert.match(await composer.html('/land'), /Lands v1/);
    assert.match(await composer.html('/land'), /Lands v1/);
    assert.equal(remote.calls.length, 3, 'the second page is composed from the kept copies');
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.match(await composer.html('/land'), /Lands v1/, '304: the kept copy');
    assert.equal(remote.calls.length, 6, 'manifest, snapshot and stylesheet revalidated');
    files[snapshotUrl] = { body: '<h1>Lands v2</h1>', etag: '"s2"' };
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.match(await composer.html('/land'), /Lands v2/);
  });

  void it('keep the last good copy when a remote stops answering', async () => {
    const files: Files = {
      [REMOTE]: { body: manifest, etag: '"m1"' },
      [snapshotUrl]: { body: '<h1>Lands</h1>', etag: '"s1"' },
    };
    const { composer } = await composerWith(files, { ttlMs: 20 });
    await composer.html('/land');
    files[snapshotUrl] = new Error('timeout');
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.match(await composer.html('/land'), /<h1>Lands<\/h1>/);
  });
});

void describe('pageAssets', () => {
  void it('reads nothing from a manifest that is not JSON or lacks the module', () => {
    assert.deepEqual(pageAssets('<html>', REMOTE, 'land'), { styles: [], scripts: [] });
    assert.deepEqual(pageAssets(manifest, REMOTE, 'other').styles, []);
  });
});
