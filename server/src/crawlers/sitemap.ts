// What search engines read of the site, answered by the host's web server:
// - /robots.txt: everything may be crawled; where the sitemap is;
// - /sitemap.xml: the public routes (those the route table marks `index`, from the host's frames,
//   see host/src/app/route-meta.ts) and every item page (the API's `GET /sitemap/items`), at most
//   `maxUrls` addresses (50,000 by the sitemaps.org protocol) in one file. Past that it is a
//   sitemap index of /sitemap-pages.xml and /sitemap-items-N.xml, each within the bound.
// Answers are kept for a minute (a crawler reads them rarely; the items' list is one query per
// file) and compressed once.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The sitemaps.org bound of one file (also 50 MB uncompressed, far off at ~90 bytes a line). */
export const MAX_SITEMAP_URLS = 50_000;

/** Each kind's item page (shared's ITEM_PAGE, the rule of `itemPath`). */
const ITEM_PAGE: Partial<Record<string, string>> = { nfa: '/buy-nfa', land: '/buy-land' };

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const xmlText = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** One address of a sitemap. */
export interface SitemapEntry {
  loc: string;
  lastmod?: string | undefined;
}

/** A `<urlset>` of `entries` ({ loc, lastmod? }). */
export function urlset(entries: SitemapEntry[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) =>
      `<url><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${xmlText(lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` of sitemap addresses. */
export function sitemapIndex(locations: string[]): string {
  const maps = locations.map((loc) => `<sitemap><loc>${xmlText(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n${maps.join('\n')}\n</sitemapindex>\n`;
}

/** An item of the API's `GET /sitemap/items`. */
interface SitemapItem {
  kind: string;
  id?: string | number;
  lastModified?: string;
}
/** A crawler file's answer: its type, its body, and its gzip copy once made. */
interface CrawlerAnswer {
  type: string;
  body: string;
  gzip?: Buffer;
}

export interface CrawlerFiles {
  /** Whether `pathname` is one of these files' addresses. */
  handles: (pathname: string) => boolean;
  /** Answers a request for one of them. */
  send: (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void>;
}

export function createCrawlerFiles({
  root,
  siteUrl,
  apiBaseUrl,
  log = () => {},
  fetchImpl = fetch,
  maxUrls = MAX_SITEMAP_URLS,
  ttlMs = 60_000,
  timeoutMs = 10_000,
}: {
  root: string;
  siteUrl: string;
  apiBaseUrl: string;
  log?: (line: string) => void;
  fetchImpl?: typeof fetch;
  maxUrls?: number;
  ttlMs?: number;
  timeoutMs?: number;
}): CrawlerFiles {
  const site = siteUrl.replace(/\/+$/, '');
  const apiBase = apiBaseUrl.replace(/\/+$/, '');
  // The public routes, as the host's build wrote them (frames.json); none without a build.
  const publicRoutes = readFile(join(root, 'prerender', 'frames.json'), 'utf8')
    .then((text) =>
      Object.values(
        (JSON.parse(text) as { routes?: Record<string, { index?: boolean; path: string }> })
          .routes ?? {},
      )
        .filter((route) => route.index === true)
        .map((route): SitemapEntry => ({ loc: site + route.path })),
    )
    .catch((): SitemapEntry[] => []);

  /** A page of the items' list (`size` = maxUrls): { total, items }. */
  const itemsPage = async (page: number): Promise<{ total: number; items: SitemapItem[] }> => {
    const response = await fetchImpl(`${apiBase}/sitemap/items?page=${page}&size=${maxUrls}`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`the API answered ${response.status}`);
    const body = (await response.json()) as {
      success?: boolean;
      data?: { total?: unknown; items?: unknown };
    } | null;
    if (body?.success !== true || !Array.isArray(body.data?.items))
      throw new Error('the API answered no list');
    return { total: Number(body.data.total) || 0, items: body.data.items as SitemapItem[] };
  };
  const itemEntries = (items: SitemapItem[]): SitemapEntry[] =>
    items.flatMap((item) => {
      const page = ITEM_PAGE[item.kind];
      return page && item.id !== undefined
        ? [{ loc: `${site}${page}?id=${encodeURIComponent(item.id)}`, lastmod: item.lastModified }]
        : [];
    });

  /** The body of a crawler file, or null for a path that names none (404). */
  const build = async (pathname: string): Promise<CrawlerAnswer | null> => {
    if (pathname === '/robots.txt')
      return {
        type: 'text/plain; charset=utf-8',
        body: `User-agent: *\nAllow: /\n\nSitemap: ${site}/sitemap.xml\n`,
      };
    const xml = (body: string) => ({ type: 'application/xml; charset=utf-8', body });
    const routes = await publicRoutes;
    if (pathname === '/sitemap-pages.xml') return xml(urlset(routes));
    const items = /^\/sitemap-items-(\d{1,6})\.xml$/.exec(pathname);
    if (items) {
      const page = Number(items[1]);
      const { total, items: list } = await itemsPage(page);
      if (page > 0 && page * maxUrls >= total) return null;
      return xml(urlset(itemEntries(list)));
    }
    // /sitemap.xml: one file while everything fits, else the index of the parts.
    const first = await itemsPage(0);
    if (routes.length + first.total <= maxUrls)
      return xml(urlset([...routes, ...itemEntries(first.items)]));
    const parts = Math.ceil(first.total / maxUrls);
    return xml(
      sitemapIndex([
        `${site}/sitemap-pages.xml`,
        ...Array.from({ length: parts }, (_, n) => `${site}/sitemap-items-${n}.xml`),
      ]),
    );
  };

  const kept = new Map<string, { at: number; answer: Promise<CrawlerAnswer | null> }>();
  const answerFor = (pathname: string) => {
    const entry = kept.get(pathname);
    if (entry && Date.now() - entry.at < ttlMs) return entry.answer;
    const answer = build(pathname);
    kept.set(pathname, { at: Date.now(), answer });
    // A failure is not kept: the next crawler's request asks again.
    answer.catch(() => kept.delete(pathname));
    if (kept.size > 64) kept.delete(kept.keys().next().value ?? '');
    return answer;
  };

  return {
    handles: (pathname) =>
      pathname === '/robots.txt' ||
      pathname === '/sitemap.xml' ||
      /^\/sitemap-(pages|items-\d{1,6})\.xml$/.test(pathname),
    async send(req, res, pathname) {
      let answer: CrawlerAnswer | null;
      try {
        answer = await answerFor(pathname);
      } catch (error) {
        log(`sitemap: ${pathname} not made (${(error as Error).message})`);
        res.writeHead(503, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Retry-After': '60',
          'Cache-Control': 'no-store',
        });
        res.end('The sitemap is unavailable right now; try again in a minute.\n');
        return;
      }
      if (answer === null) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not found\n');
        return;
      }
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      const bytes = gzip ? (answer.gzip ??= gzipSync(answer.body)) : Buffer.from(answer.body);
      res.writeHead(200, {
        'Content-Type': answer.type,
        'Cache-Control': 'public, max-age=600',
        'Content-Length': bytes.length,
        Vary: 'Accept-Encoding',
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : bytes);
    },
  };
}
