// robots.txt and the sitemap (sitemap.mjs): the public routes and every item page, valid against
// the sitemaps.org schema, one file while it fits and an index of bounded parts past it; the API's
// failure answers 503 (try later), never a sitemap without the items.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { sitemapProblems } from '../../../scripts/lib/sitemap-schema.mjs';
import { createCrawlerFiles, urlset } from './sitemap.js';

const API = 'http://api.test/api/v1';
const SITE = 'https://hypertek.test';
const frames = {
  routes: {
    '/': { path: '/', index: true },
    '/land': { path: '/land', index: true },
    '/market-place': { path: '/market-place', index: true },
    '/profile': { path: '/profile' },
    '/lands': { path: '/Lands', index: false },
  },
};
const ITEMS = Array.from({ length: 12 }, (_, n) => ({
  id: String(n + 1),
  kind: n % 3 === 0 ? 'land' : 'nfa',
  lastModified: new Date(Date.UTC(2117, 0, n + 1)).toISOString(),
}));

/** The API's `GET /sitemap/items`, over ITEMS (or failing), counting its calls. */
function fakeApi({ fail = false } = {}) {
  const calls: string[] = [];
  const fetchImpl = (url: string | URL | Request) => {
    const address = url instanceof Request ? url.url : url.toString();
    calls.push(address);
    if (fail) return Promise.reject(new Error('ECONNREFUSED'));
    const query = new URL(address).searchParams;
    const page = Number(query.get('page'));
    const size = Number(query.get('size'));
    return Promise.resolve(
      Response.json({
        success: true,
        data: {
          total: ITEMS.length,
          page,
          size,
          items: ITEMS.slice(page * size, (page + 1) * size),
        },
      }),
    );
  };
  return { calls, fetchImpl };
}

let root: string;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'sitemap-'));
  await mkdir(join(root, 'prerender'));
  await writeFile(join(root, 'prerender/frames.json'), JSON.stringify(frames));
});
after(() => rm(root, { recursive: true, force: true }));

/** A server answering the crawler files only; `get(path)` → { status, headers, body }. */
async function serve(options: Partial<Parameters<typeof createCrawlerFiles>[0]>) {
  const files = createCrawlerFiles({ root, siteUrl: `${SITE}/`, apiBaseUrl: API, ...options });
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    if (!files.handles(pathname)) {
      res.writeHead(418);
      res.end();
      return;
    }
    void files.send(req, res, pathname);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(base + path, { headers });
      return { status: response.status, headers: response.headers, body: await response.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);

void describe('crawler files', () => {
  void it('robots.txt lets every crawler in and says where the sitemap is', async () => {
    const site = await serve(fakeApi());
    try {
      const robots = await site.get('/robots.txt');
      assert.equal(robots.status, 200);
      assert.match(robots.headers.get('content-type') ?? '', /^text\/plain/);
      assert.match(robots.body, /^User-agent: \*$/m);
      assert.match(robots.body, /^Allow: \/$/m);
      assert.match(robots.body, /^Sitemap: https:\/\/hypertek\.test\/sitemap\.xml$/m);
    } finally {
      await site.close();
    }
  });

  void it('the sitemap lists the public routes and every item page once, valid against the schema', async () => {
    const api = fakeApi();
    const site = await serve(api);
    try {
      const sitemap = await site.get('/sitemap.xml');
      assert.equal(sitemap.status, 200);
      assert.match(sitemap.headers.get('content-type') ?? '', /^application\/xml/);
      assert.deepEqual(await sitemapProblems(sitemap.body), []);
      const listed = locs(sitemap.body);
      assert.deepEqual(listed.slice(0, 3), [`${SITE}/`, `${SITE}/land`, `${SITE}/market-place`]);
      assert.equal(listed.includes(`${SITE}/profile`), false, 'a private page is not listed');
      assert.equal(listed.includes(`${SITE}/Lands`), false);
      assert.deepEqual(
        listed.slice(3),
        ITEMS.map(
          (item) => `${SITE}/${item.kind === 'land' ? 'buy-land' : 'buy-nfa'}?id=${item.id}`,
        ),
      );
      assert.equal(new Set(listed).size, listed.length, 'each address once');
      assert.match(sitemap.body, /<lastmod>2117-01-01T00:00:00\.000Z<\/lastmod>/);

      // Kept a while: one read of the API.
      assert.equal(api.calls.length, 1);
      await site.get('/sitemap.xml');
      assert.equal(api.calls.length, 1, 'the second request is answered from what was kept');
    } finally {
      await site.close();
    }
  });

  void it('compresses for a client that accepts gzip', async () => {
    const files = createCrawlerFiles({ root, siteUrl: SITE, apiBaseUrl: API, ...fakeApi() });
    const written: { status?: number; headers?: Record<string, string>; bytes?: Buffer } = {};
    const res = {
      writeHead: (status: number, headers: Record<string, string>) =>
        Object.assign(written, { status, headers }),
      end: (bytes: Buffer) => (written.bytes = bytes),
    };
    await files.send(
      { method: 'GET', headers: { 'accept-encoding': 'br, gzip' } } as unknown as IncomingMessage,
      res as unknown as ServerResponse,
      '/sitemap.xml',
    );
    assert.equal(written.status, 200);
    assert.equal(written.headers?.['Content-Encoding'], 'gzip');
    assert.match(gunzipSync(written.bytes!).toString(), /^<\?xml/);
  });

  void it('past the bound, the sitemap is an index of parts, each within it and valid', async () => {
    const site = await serve({ ...fakeApi(), maxUrls: 5 });
    try {
      const index = await site.get('/sitemap.xml');
      assert.equal(index.status, 200);
      assert.match(index.body, /<sitemapindex /);
      assert.deepEqual(await sitemapProblems(index.body), []);
      const parts = locs(index.body);
      assert.deepEqual(parts, [
        `${SITE}/sitemap-pages.xml`,
        `${SITE}/sitemap-items-0.xml`,
        `${SITE}/sitemap-items-1.xml`,
        `${SITE}/sitemap-items-2.xml`,
      ]);
      const all = [];
      for (const part of parts) {
        const file = await site.get(new URL(part).pathname);
        assert.equal(file.status, 200, part);
        assert.deepEqual(await sitemapProblems(file.body), [], part);
        assert.ok(locs(file.body).length <= 5, `${part} holds more than the bound`);
        all.push(...locs(file.body));
      }
      assert.equal(all.length, 3 + ITEMS.length, 'every route and item, across the parts');
      assert.equal(new Set(all).size, all.length);
      assert.equal((await site.get('/sitemap-items-3.xml')).status, 404, 'no part past the last');
    } finally {
      await site.close();
    }
  });

  void it('answers 503 (try again later) when the API cannot list the items, and asks again next time', async () => {
    const api = fakeApi({ fail: true });
    const site = await serve(api);
    try {
      const first = await site.get('/sitemap.xml');
      assert.equal(first.status, 503);
      assert.equal(first.headers.get('retry-after'), '60');
      await site.get('/sitemap.xml');
      assert.equal(api.calls.length, 2, 'a failure is not kept');
    } finally {
      await site.close();
    }
  });

  void it('writes addresses XML-safe', () => {
    const xml = urlset([{ loc: `${SITE}/buy-land?id=1&ref=<x>` }]);
    assert.match(xml, /<loc>https:\/\/hypertek\.test\/buy-land\?id=1&amp;ref=&lt;x&gt;<\/loc>/);
  });
});
