// The host's HTML, composed per navigation so that a phone paints the page before any script runs:
// - the runtime config inline (`<script type="application/json" id="runtime-config">`), which saves
//   the browser a round trip before it can ask for the route's remote;
// - for a route with a fixed path: the frame the host rendered at build time (top bar, footer; see
//   host/src/prerender/frames.tsx) around the snapshot of the page that its remote rendered at build
//   time (`<remote>/prerender/<module>.html`, see scripts/rspack/prerender.mjs), with the page's
//   stylesheet, and preloads of the remote's entry and page script from its manifest, so they load
//   in parallel with the host's own scripts instead of one after the other.
// The frame and snapshot are inert: a picture of the page until the app renders the same markup
// over it. The remote's files are fetched by this server and kept for a few seconds (then revalidated
// with their ETag), so a remote redeployed alone is picked up; a remote that does not answer in
// time gives the frame with the loading state (or its last known snapshot), never a slower page.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const PRERENDER_DIR = 'prerender';

/** JSON that is safe inside a <script> element. */
const scriptJson = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/**
 * Starts the app once the page drawn by the server has been painted (when the browser reports the
 * first paint, then after the next frame), or after a second at the latest (a background tab paints
 * nothing): the app's scripts download in parallel (preloaded) but their work never stands between
 * the visitor and the first paint. Its hash is in the Content-Security-Policy (server.mjs).
 */
export const BOOT_SCRIPT =
  '<script>(function(){var done=false;function boot(){if(done)return;done=true;' +
  'document.querySelectorAll("link[data-boot]").forEach(function(l){var s=document.createElement("script");s.src=l.href;s.async=false;document.head.appendChild(s)})}' +
  'function later(){requestAnimationFrame(function(){setTimeout(boot,0)})}' +
  'try{new PerformanceObserver(function(l,o){o.disconnect();later()}).observe({type:"paint",buffered:true})}catch(e){later()}' +
  'setTimeout(boot,1000)})()</script>';

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Files from other origins, kept `ttlMs` and then revalidated; a failed or slow answer keeps the
 * last good copy. Concurrent requests for one URL share one fetch.
 */
export function createRemoteCache({
  ttlMs = 5_000,
  timeoutMs = 400,
  fetchImpl = fetch,
  log = () => {},
} = {}) {
  /** @type {Map<string, { body: string | null, etag: string | null, status: number | null, refusal?: string | null, at: number, okAt: number, pending: Promise<string | null> | null }>} */
  const entries = new Map();
  const refresh = async (url, entry) => {
    try {
      const headers = entry.etag ? { 'If-None-Match': entry.etag } : {};
      const response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 304 && entry.body !== null) {
        entry.at = entry.okAt = Date.now();
      } else if (response.ok) {
        entry.body = await response.text();
        entry.etag = response.headers.get('etag');
        entry.status = response.status;
        entry.refusal = null;
        entry.at = entry.okAt = Date.now();
      } else {
        // Gone (404: the remote has no snapshot of this page, or no longer) — remember that too.
        // The body of a refusal is kept aside: an API's 404 says why (`answer`).
        entry.body = null;
        entry.etag = null;
        entry.status = response.status;
        entry.refusal = await response.text().catch(() => '');
        entry.at = Date.now();
      }
    } catch (error) {
      log(
        `compose: ${url} not fetched (${error.name === 'TimeoutError' ? 'timeout' : error.message}); ${entry.body === null ? 'none kept' : 'using the last copy'}`,
      );
      entry.at = Date.now() - ttlMs / 2; // retry sooner than a good answer would
    }
    return entry.body;
  };
  return {
    /** The body of `url`, or null when it has none (or never answered). */
    get(url) {
      let entry = entries.get(url);
      if (!entry)
        entries.set(
          url,
          (entry = {
            body: null,
            etag: null,
            status: null,
            refusal: null,
            at: 0,
            okAt: 0,
            pending: null,
          }),
        );
      if (Date.now() - entry.at < ttlMs) return Promise.resolve(entry.body);
      entry.pending ??= refresh(url, entry).finally(() => (entry.pending = null));
      return entry.pending;
    },
    /**
     * The HTTP status and body of `url`'s last answer (a refusal's body too); null when it never
     * answered. For an API read whose refusal matters (an item page's 404).
     */
    async answer(url) {
      await this.get(url);
      const entry = entries.get(url);
      if (!entry || entry.status === null) return null;
      return { status: entry.status, body: entry.body ?? entry.refusal ?? null };
    },
    /** How long ago `url`'s kept body was last confirmed by its origin (Infinity: never). */
    age(url) {
      const entry = entries.get(url);
      return entry?.body != null && entry.okAt > 0 ? Date.now() - entry.okAt : Infinity;
    },
  };
}

/**
 * The API reads a drawn page makes when it opens, declared by its snapshot's first line
 * (`<!--preload-fetch:["/land/getland?limit=19"]-->`, written by scripts/rspack/prerender.mjs):
 * the composed page asks for them at once, in parallel with the scripts, and the app's request
 * finds the answer already there. Returns the paths and the snapshot without its header.
 */
export function snapshotParts(snapshot) {
  const header = /^<!--preload-fetch:(\[.*?\])-->/.exec(snapshot);
  if (!header) return { fetches: [], images: 0, html: snapshot };
  let fetches = [];
  try {
    const paths = JSON.parse(header[1]);
    if (Array.isArray(paths))
      fetches = paths.filter((path) => typeof path === 'string' && /^\/[^/\\]/.test(path));
  } catch {
    // A header that is not JSON declares nothing.
  }
  let html = snapshot.slice(header[0].length);
  // Optionally, how many of the first read's items show their art on the first screen.
  const images = /^<!--preload-images:(\d{1,2})-->/.exec(html);
  if (images) html = html.slice(images[0].length);
  return { fetches, images: images ? Math.min(Number(images[1]), MAX_IMAGE_PRELOADS) : 0, html };
}

/** A kept first read older than this is not put in a page (its preload is, as without it). */
const FIRST_DATA_MAX_AGE_MS = 10_000;

/** A list answer that the page can show as it is: a successful envelope, or an array. */
function successfulAnswer(text) {
  if (!text) return null;
  try {
    const body = JSON.parse(text);
    return Array.isArray(body) || (body?.success === true && Array.isArray(body.data))
      ? body
      : null;
  } catch {
    return null;
  }
}

/**
 * The data cache the pages share (shared's query-client.ts, one per process on `globalThis`):
 * emptied around every render, so that a page is drawn only with the answers given for it, never
 * with another request's (the browser that hydrates it has none of those).
 */
const QUERY_CLIENT_KEY = Symbol.for('hypertek.queryClient');
const forgetData = () =>
  /** @type {{ clear?: () => void } | undefined} */ (
    /** @type {Record<symbol, unknown>} */ (globalThis)[QUERY_CLIENT_KEY]
  )?.clear?.();

/**
 * A module's source, named shortly (a cache key). Kept per source: the same host build and page
 * modules come with every request, and hashing them each time (hundreds of kB) would sit on every
 * navigation's path.
 */
const digests = new Map();
const digest = (source) => {
  let named = digests.get(source);
  if (named === undefined) {
    named = `${source.length}:${createHash('sha1').update(source).digest('base64url')}`;
    if (digests.size >= 32) digests.delete(digests.keys().next().value);
    digests.set(source, named);
  }
  return named;
};

/** The host's Node build (scripts/rspack/prerender.mjs, SITE_MODULE), in its build's folder. */
const SITE_FILE = 'site.cjs';
const SITE_URL = `host/${PRERENDER_DIR}/${SITE_FILE}`;

/** Where a page rendered in Node finds the site's config and its first reads' answers (shared's `serverRender`). */
const SERVER_RENDER_KEY = Symbol.for('hypertek.serverRender');

/**
 * Renders a remote's page with its first read's answer, in this process: the page's Node build
 * (`<remote>/prerender/<module>.cjs`, published by its build beside the snapshot; the same code
 * the browser runs, React and React Router taken from the host's own packages) inside a memory
 * router at `pathname`, the answers readable by the page for the length of the render. Module
 * Federation's server side, reduced to what a first screen needs: nothing is hydrated, the live
 * page renders over this picture as over the snapshot. Compiled modules and rendered pages are
 * kept per source and answer; anything that fails gives null (the snapshot is used instead).
 */
export function createDataRenderer({ appDir, config, log = () => {} }) {
  let react = null;
  try {
    const require = createRequire(join(appDir, 'package.json'));
    react = {
      require,
      createElement: require('react').createElement,
      renderToString: require('react-dom/server').renderToString,
      MemoryRouter: require('react-router').MemoryRouter,
    };
  } catch (error) {
    log(`compose: pages are not rendered with their data (${error.message})`);
  }
  /** @type {Map<string, any>} */
  const modules = new Map();
  /** @type {Map<string, string | null>} */
  const pages = new Map();
  const keep = (map, key, value, limit) => {
    if (map.size >= limit) map.delete(map.keys().next().value);
    map.set(key, value);
    return value;
  };
  const load = (source, url) => {
    if (modules.has(source)) return modules.get(source);
    const module = { exports: {} };
    runInThisContext(`(function (exports, require, module) {${source}\n})`, { filename: url })(
      module.exports,
      react.require,
      module,
    );
    return keep(modules, source, module.exports, 8);
  };
  /**
   * `render` (synchronous) with `answers` readable by the pages for its length and the shared
   * data cache empty before and after; its HTML, or null (and `failed` told why) when it threw.
   */
  const rendering = (answers, failed) => (render) => {
    const global = /** @type {Record<symbol, unknown>} */ (globalThis);
    try {
      global[SERVER_RENDER_KEY] = { config, answers };
      forgetData();
      return render();
    } catch (error) {
      failed(/** @type {Error} */ (error));
      return null;
    } finally {
      delete global[SERVER_RENDER_KEY];
      forgetData();
    }
  };
  return {
    /**
     * What the page's module says of its head for a read's answer (its `pageHead(answer, status)`
     * export, see shared's `ServedPageHead`), or null: no such export, or it failed.
     */
    head(source, url, answer, status) {
      if (!react || !source) return null;
      try {
        const pageHead = load(source, url).pageHead;
        if (typeof pageHead !== 'function') return null;
        const head = pageHead(answer, status);
        return head && typeof head.title === 'string' ? head : null;
      } catch (error) {
        log(`compose: ${url} gave no head (${error.message})`);
        return null;
      }
    },
    /**
     * The whole site at `location` (a path with its query) as the browser's first render draws
     * it, for `hydrateRoot`: the host's Node build (`siteSource`, its `renderSite`) with the
     * route's page from its module (`page.source`, loaded like a page's), the page's first reads
     * `answers` (path → body, or null). The inner HTML of #root, or null when anything failed.
     * @param {string | null} siteSource
     * @param {string} location
     * @param {{ remote: string, module: string, source: string | null, url: string } | null} page
     * @param {Record<string, unknown> | null} answers
     */
    site(siteSource, location, page, answers) {
      if (!react || !siteSource || (page && !page.source)) return null;
      const key = `site\n${location}\n${digest(siteSource)}\n${page ? `${page.url}\n${digest(page.source ?? '')}` : ''}\n${JSON.stringify(answers)}`;
      if (pages.has(key)) return pages.get(key);
      const html = rendering(answers ?? {}, (error) =>
        log(`compose: ${location} not drawn for hydration (${error.message}); drawn as a picture`),
      )(() => {
        const renderSite = load(siteSource, SITE_URL).renderSite;
        if (typeof renderSite !== 'function') throw new Error('the host has no renderSite');
        const Page = page ? load(page.source ?? '', page.url).default : null;
        if (page && typeof Page !== 'function') throw new Error(`${page.url}: no default export`);
        return renderSite(
          location,
          page ? { remote: page.remote, module: page.module, Page } : null,
        );
      });
      return keep(pages, key, html, 20);
    },
    /** The page's HTML at `location` (a path, with its query) with `answers` (path → body), or null. */
    render(source, url, pathname, answers) {
      if (!react || !source) return null;
      const key = `${url}\n${pathname}\n${digest(source)}\n${JSON.stringify(answers)}`;
      if (pages.has(key)) return pages.get(key);
      const html = rendering(answers, (error) =>
        log(`compose: ${url} not rendered with its data (${error.message}); the snapshot is used`),
      )(() => {
        const Page = load(source, url).default;
        if (typeof Page !== 'function') throw new Error('no default export');
        return react.renderToString(
          react.createElement(
            react.MemoryRouter,
            { initialEntries: [pathname] },
            react.createElement(Page),
          ),
        );
      });
      return keep(pages, key, html, 20);
    },
  };
}

/** At most this many images are preloaded for a page (the first screen's, not a whole list). */
const MAX_IMAGE_PRELOADS = 8;

/**
 * The art of the first `count` items of a list answer (an array, or `{ data: [...] }`), as the
 * page's <img> elements ask for it: paths on the API's origin made absolute, http(s) URLs as they
 * are, anything else left out.
 */
export function firstImages(answer, count, apiOrigin) {
  if (!answer || count <= 0) return [];
  let list;
  try {
    const parsed = JSON.parse(answer);
    list = Array.isArray(parsed) ? parsed : parsed?.data;
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list
    .slice(0, count)
    .map((item) => (typeof item?.image === 'string' ? item.image : ''))
    .filter((image) => /^(https?:\/\/|\/[^/\\])/.test(image))
    .map((image) => new URL(image, apiOrigin).toString());
}

/** The stylesheet and preloads of a remote's page, from its manifest. */
export function pageAssets(manifestText, manifestUrl, module) {
  let manifest;
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    return { styles: [], scripts: [] };
  }
  const base = new URL('.', manifestUrl);
  const exposed = manifest.exposes?.find((e) => e.name === module || e.path === `./${module}`);
  const url = (file) => new URL(file, base).toString();
  const entry = manifest.metaData?.remoteEntry;
  const entryUrl = entry?.name ? url(`${entry.path ? `${entry.path}/` : ''}${entry.name}`) : null;
  return {
    styles: (exposed?.assets?.css?.sync ?? []).map(url),
    scripts: [...(entryUrl ? [entryUrl] : []), ...(exposed?.assets?.js?.sync ?? []).map(url)],
  };
}

/**
 * @param {{ root: string, config: { remotes: Record<string, string>, apiBaseUrl: string }, siteUrl?: string, log?: (line: string) => void, cache?: ReturnType<typeof createRemoteCache>, itemReads?: ReturnType<typeof createRemoteCache>, renderer?: ReturnType<typeof createDataRenderer> }} options
 */
export async function createComposer({
  root,
  config,
  siteUrl = 'http://localhost:3000',
  log = () => {},
  cache,
  itemReads,
  renderer,
}) {
  const indexHtml = await readFile(join(root, 'index.html'), 'utf8');
  /** What the host's build wrote of its routes (host/src/prerender/frames.tsx, `Frames`). */
  const frames = await readFile(join(root, PRERENDER_DIR, 'frames.json'), 'utf8')
    .then(JSON.parse)
    .catch(() => null);
  const remoteFiles = cache ?? createRemoteCache({ log });
  // The host's Node build: every page is drawn with the whole site's tree, for hydration.
  const siteSource = await readFile(join(root, PRERENDER_DIR, SITE_FILE), 'utf8').catch(() => null);
  // An item page's read is made for every navigation (concurrent ones share it): right after a
  // sale, the buyer's reload must show them as the owner, not a copy a few seconds old.
  const itemAnswers = itemReads ?? createRemoteCache({ ttlMs: 0, timeoutMs: 1_000, log });
  // The host's packages (React, React Router) are those of the app the server serves: its build's
  // parent folder (the host's package in the repository, the image's folder in production).
  const dataRenderer = renderer ?? createDataRenderer({ appDir: dirname(root), config, log });
  /**
   * The runtime config inline, with the remotes' manifests of this navigation and which release
   * of each it is (`releases`: version and channel, for the host's failure reports).
   */
  let lastConfig = { remotes: null, releases: undefined, script: '' };
  const configScriptFor = (remotes, releases) => {
    if (lastConfig.remotes !== remotes || lastConfig.releases !== releases)
      lastConfig = {
        remotes,
        releases,
        script: `<script type="application/json" id="runtime-config">${scriptJson({ ...config, remotes, ...(releases ? { releases } : {}) })}</script>`,
      };
    return lastConfig.script;
  };
  // The host's stylesheets, read once: their font faces are preloaded on every page, and a drawn
  // page carries them inline (nothing to fetch before its first paint).
  const stylesheets = await Promise.all(
    [...indexHtml.matchAll(/<link[^>]+href="(\/[^"]+\.css)"[^>]*rel="stylesheet"[^>]*>/g)].map(
      async ([tag, href]) => ({
        tag,
        href,
        css: await readFile(join(root, href), 'utf8').catch(() => null),
      }),
    ),
  );
  const fontPreloads = firstScreenFonts(stylesheets)
    .map(
      (href) =>
        `<link rel="preload" as="font" type="font/woff2" href="${escapeAttribute(href)}" crossorigin>`,
    )
    .join('');
  const apiOrigin = new URL(config.apiBaseUrl).origin;
  const apiBase = config.apiBaseUrl.replace(/\/+$/, '');
  const site = siteUrl.replace(/\/+$/, '');
  // The HTTP client's chunk (axios, loaded with the first request; see shared's http-client): a
  // page that reads data when it opens needs it first thing, so it is preloaded with that page.
  const httpClient = await readdir(join(root, 'static/js'))
    .then((files) => files.find((file) => /^http-client\.[\w-]+\.js$/.test(file)))
    .catch(() => undefined);

  // The build's own title and description are the fallback of a path nobody describes; every
  // other page gets its own (pageHeadTags).
  const builtHead = [
    ...indexHtml.matchAll(/<title>[^<]*<\/title>|<meta name="description"[^>]*>/g),
  ].map(([tag]) => tag);
  let baseHtml = indexHtml;
  for (const tag of builtHead) baseHtml = baseHtml.replace(tag, '');
  const plainPage = fillable(baseHtml);
  // A drawn page starts the app after its first paint (BOOT_SCRIPT): the entry's `<script defer>`
  // becomes a preload that the boot script turns into a script. Made once, filled per request.
  const entryScripts = [...baseHtml.matchAll(/<script defer src="([^"]+)"><\/script>/g)];
  let drawnHtml = baseHtml;
  for (const [tag] of entryScripts) drawnHtml = drawnHtml.replace(tag, '');
  for (const { tag, href, css } of stylesheets)
    if (css !== null) drawnHtml = drawnHtml.replace(tag, inlineStyle(css, `http://x${href}`, true));
  drawnHtml = drawnHtml.replace(
    '</head>',
    `${entryScripts.map(([, src]) => `<link rel="preload" as="script" href="${escapeAttribute(src)}" data-boot>`).join('')}${BOOT_SCRIPT}</head>`,
  );
  const drawnPage = fillable(drawnHtml);
  const siteCard = `${apiBase}/media/site-card.png`;
  /** The head of a page the frames describe (`meta`), at `path`. */
  const routeHead = (meta, path) =>
    pageHeadTags({
      ...meta,
      canonical: meta.index ? site + path : undefined,
      image: siteCard,
      imageAlt: 'Hyper Tek',
      type: 'website',
    });
  /** The page of every other path: the build's index.html (splash) with the config inline. */
  const plainWith = (head, remotes = config.remotes, releases = undefined) =>
    plainPage(head + configScriptFor(remotes, releases) + fontPreloads, plainPage.root);
  const plain = plainWith(builtHead.join(''));
  const patterns = (frames?.patterns ?? []).map((route) => ({
    ...route,
    regex: new RegExp(route.pattern, 'i'),
  }));

  /**
   * The document of a navigation to `pathname` (and `search`, the address's query: a page opened
   * with one reads other data than its snapshot declares, so nothing of it is preloaded; an item
   * page reads the item its `id` names). `remotes`: each remote's manifest for this visitor (the
   * release registry's choice; the config's by default): the page drawn here and the scripts that
   * take it over come from the same release; `releases`: which release of each that is.
   * @returns {Promise<{ status: number, html: string }>}
   */
  async function compose(pathname, search = '', remotes = config.remotes, releases = undefined) {
    const configScript = configScriptFor(remotes, releases);
    const key = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
    const frame = frames?.routes[key];
    const manifestUrl = frame && remotes[frame.remote];
    if (!frame) {
      const known = patterns.find((route) => route.regex.test(pathname));
      if (known || !frames?.notFound) {
        return {
          status: 200,
          html: plainWith(
            known ? routeHead(known, pathname) : builtHead.join(''),
            remotes,
            releases,
          ),
        };
      }
      // Nobody's path: the not-found page in its frame, with a 404 (the live app shows the same).
      const notFound = frames.notFound;
      const head = routeHead(notFound, pathname) + configScript + fontPreloads;
      const hydratable = dataRenderer.site(siteSource, pathname + searchOf(search), null, null);
      return {
        status: 404,
        html:
          hydratable === null
            ? drawnPage(
                head,
                `<div class="server-frame" inert>${notFound.html.replace(/ data-testid="[^"]*"/g, '')}</div>`,
              )
            : drawnPage(head, hydratable, HYDRATE),
      };
    }
    if (!manifestUrl)
      return {
        status: 200,
        html: plainWith(routeHead(frame, frame.path ?? key), remotes, releases),
      };
    const snapshotUrl = new URL(`${PRERENDER_DIR}/${frame.module}.html`, manifestUrl).toString();
    const [snapshot, manifest] = await Promise.all([
      remoteFiles.get(snapshotUrl),
      remoteFiles.get(manifestUrl),
    ]);
    const assets = manifest
      ? pageAssets(manifest, manifestUrl, frame.module)
      : { styles: [], scripts: [] };
    // The page's stylesheets inline as well (kept and revalidated like the snapshot); a link when
    // one cannot be had.
    const styles = await Promise.all(
      assets.styles.map(async (href) => {
        const css = await remoteFiles.get(href);
        return css === null
          ? `<link rel="stylesheet" href="${escapeAttribute(href)}">`
          : inlineStyle(css, href, false);
      }),
    );
    const page = snapshotParts(snapshot ?? '');
    const moduleUrl = new URL(`${PRERENDER_DIR}/${frame.module}.cjs`, manifestUrl).toString();
    // An item page (its reads name `{id}`): the reads of the address's id, their answers in the
    // page, the page drawn with them, and the head its module writes for the first (the item's; a
    // 404 for no such item).
    const itemReads = page.fetches.filter((path) => path.includes(ITEM_ID));
    const item = itemReads.length > 0 ? await readItem(itemReads, search, moduleUrl) : null;
    const reads =
      itemReads.length > 0 || (search && search !== '?')
        ? []
        : page.fetches.map((path) => apiBase + path);
    // The reads' answers, which this server keeps like the remote's files: asked again (with
    // their ETags) when older than a few seconds, all at once.
    const readAnswers = await Promise.all(reads.map((read) => remoteFiles.get(read)));
    // The first screen's art (the page's largest picture, its LCP on a phone): known from the
    // first read's answer. Otherwise the browser would find the images only once the app has
    // rendered the list.
    const images = item
      ? item.images
      : page.images > 0
        ? firstImages(readAnswers[0] ?? null, page.images, apiOrigin)
        : [];
    // And each read's answer itself, when it is recent and a success: the page's first render
    // shows its data without asking (shared's `firstData`), and nothing is preloaded for it.
    const inline = reads.map((read, i) =>
      remoteFiles.age(read) <= FIRST_DATA_MAX_AGE_MS ? successfulAnswer(readAnswers[i]) : null,
    );
    const inlined = page.fetches.flatMap((path, i) => (inline[i] ? [[path, inline[i]]] : []));
    const answers = item ? item.answers : inlined.length === 0 ? null : Object.fromEntries(inlined);
    // The reads the page will make itself: those whose answers are not in the page.
    const asked = reads.filter((_, i) => inline[i] === null);
    const firstData =
      answers === null
        ? ''
        : `<script type="application/json" id="first-data">${scriptJson(answers)}</script>`;
    // Fetched the way the app fetches them (CORS, no credentials), so its requests use these:
    // the remote's manifest (read by the federation runtime) and the page's public API reads.
    const fetchPreload = (href) =>
      `<link rel="preload" as="fetch" href="${escapeAttribute(href)}" crossorigin>`;
    const path = frame.path ?? key;
    const head = [
      item?.head
        ? pageHeadTags({
            ...item.head,
            canonical:
              item.head.status === 200 ? site + (item.head.canonicalPath ?? path) : undefined,
            image: item.head.image && new URL(apiBase + item.head.image).toString(),
          })
        : routeHead(frame, path),
      configScript,
      fontPreloads,
      `<link rel="preconnect" href="${escapeAttribute(apiOrigin)}" crossorigin>`,
      ...styles,
      // The federation runtime still links the page's stylesheet before it runs the page.
      ...assets.styles.map(
        (href) => `<link rel="preload" as="style" href="${escapeAttribute(href)}">`,
      ),
      ...assets.scripts.map(
        (href) => `<link rel="preload" as="script" href="${escapeAttribute(href)}">`,
      ),
      fetchPreload(manifestUrl),
      // The HTTP client (axios) comes with a page that asks the API as it opens: a read whose
      // answer is not in the page. A page whose answers are all in it loads the client with its
      // first request or at the visitor's first intent (shared's preloadHttpOnIntent): an item
      // page reads its sales history only once that section comes near the screen, which on a
      // phone it may never do (it was preloaded with item pages, and not run on /buy-land).
      ...(asked.length > 0 && httpClient
        ? [`<link rel="preload" as="script" href="/static/js/${escapeAttribute(httpClient)}">`]
        : []),
      firstData,
      ...asked.map(fetchPreload),
      ...images.map(
        (href) =>
          `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`,
      ),
    ].join('');
    // The whole site with the page as the browser's first render draws it (with the first reads'
    // answers when there are any): the browser hydrates it instead of building it again.
    const pageSource =
      snapshot === null || siteSource === null ? null : await remoteFiles.get(moduleUrl);
    const hydratable =
      pageSource === null
        ? null
        : dataRenderer.site(
            siteSource,
            pathname + searchOf(search),
            { remote: frame.remote, module: frame.module, source: pageSource, url: moduleUrl },
            answers,
          );
    if (hydratable !== null)
      return {
        status: item?.head?.status === 404 ? 404 : 200,
        html: drawnPage(head, hydratable, HYDRATE),
      };
    // Otherwise a picture of the page, which the app replaces: with a recent answer, the page
    // drawn with its data (the first cards, the item itself) rather than its loading state.
    const drawn =
      answers === null || snapshot === null
        ? null
        : dataRenderer.render(
            await remoteFiles.get(moduleUrl),
            moduleUrl,
            item ? key + item.query : key,
            answers,
          );
    // The frame is a picture until the app renders: inert, and without the test ids the app's
    // own elements carry.
    const body = frame.html
      .replace(frames.slot, () => (snapshot === null ? frames.loading : (drawn ?? page.html)))
      .replace(/ data-testid="[^"]*"/g, '');
    return {
      status: item?.head?.status === 404 ? 404 : 200,
      html: drawnPage(head, `<div class="server-frame" inert>${body}</div>`),
    };
  }

  /**
   * The reads of an item page's `?id=` (`templates` with their `{id}`, the item's first): the
   * API's answer for the item (a refusal is an answer too: no such item), the head the page's
   * module writes for it, and the item's art to preload; with the item, the other reads' answers
   * that succeeded (its first sales: the page asks for the others itself). Null when the address
   * has no id or the API did not answer for the item (the page is served as without an id: its
   * loading state, and the app reads the item itself).
   */
  async function readItem([template, ...withItem], search, moduleUrl) {
    const id = new URLSearchParams(search).get('id')?.trim();
    if (!id) return null;
    const pathOf = (read) => read.replace(ITEM_ID, encodeURIComponent(id));
    const path = pathOf(template);
    const query = `?id=${encodeURIComponent(id)}`;
    // An id longer than any the API gives is no item: not worth a request.
    const tooLong = id.length > MAX_ITEM_ID_LENGTH;
    const [answer, ...others] = await Promise.all([
      tooLong ? { status: 404, body: null } : itemAnswers.answer(apiBase + path),
      ...withItem.map((read) => (tooLong ? null : itemAnswers.answer(apiBase + pathOf(read)))),
    ]);
    if (answer === null) return null;
    const parsed = (text) => {
      try {
        return text === null ? null : JSON.parse(text);
      } catch {
        return null; // Not JSON: only its status speaks.
      }
    };
    const body = parsed(answer.body);
    const ok = answer.status === 200 && body?.success === true;
    const missing = answer.status === 404 || answer.status === 400;
    if (!ok && !missing) return null;
    const head = dataRenderer.head(
      await remoteFiles.get(moduleUrl),
      moduleUrl,
      ok ? body : null,
      ok ? 200 : 404,
    );
    return {
      head,
      query,
      // The page's client keys them by its own paths; a refusal as `{ success: false, status }`.
      answers: {
        [path]: ok
          ? body
          : { success: false, status: 404, message: body?.message ?? 'Item not found' },
        ...Object.fromEntries(
          withItem.flatMap((read, i) => {
            const other = others[i];
            const otherBody = ok && other?.status === 200 ? parsed(other.body) : null;
            return otherBody?.success === true ? [[pathOf(read), otherBody]] : [];
          }),
        ),
      },
      images: ok ? firstImages(JSON.stringify([body.data]), 1, apiOrigin) : [],
    };
  }

  return {
    plain,
    /** The plain page with `remotes` (and `releases`) in its config (when composing failed). */
    plainFor: (remotes, releases) => plainWith(builtHead.join(''), remotes, releases),
    /** The status and HTML of a navigation to `pathname` (with `search`, the query, `remotes`). */
    document: compose,
    /** The HTML of a navigation to `pathname` (with `search`, the query, `remotes`). */
    html: async (pathname, search, remotes) => (await compose(pathname, search, remotes)).html,
  };
}

/**
 * #root's mark on a page drawn for hydration (host/src/lib/hydration.ts), inert until React has
 * adopted it (nothing typed or clicked is lost before the code that answers it runs).
 */
const HYDRATE = ' data-hydrate inert';
/** An address's query as the browser's router sees it ('' for none). */
const searchOf = (search) => (search === '?' ? '' : search);

/** Where an item page's read takes the address's id (its `preloadFetch`, e.g. `/search/item/{id}`). */
const ITEM_ID = '{id}';
/** Item ids are whole numbers; anything longer than this is not one. */
const MAX_ITEM_ID_LENGTH = 40;

/**
 * A page's `<head>` tags: its title and description, its canonical address (a page search
 * engines may list) or `noindex`, the link-preview card (Open Graph, read by Discord, Telegram,
 * Slack, Facebook; Twitter's card) and schema.org data as JSON-LD.
 * @param {{ title: string, description: string, canonical?: string, index?: boolean, image?: string, imageAlt?: string, type?: string, jsonLd?: object, status?: number }} head
 */
export function pageHeadTags(head) {
  const text = (value) =>
    escapeAttribute(String(value)).replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const meta = (attribute, name, content) =>
    content ? `<meta ${attribute}="${name}" content="${text(content)}">` : '';
  const indexable = head.canonical !== undefined;
  return [
    `<title>${text(head.title)}</title>`,
    meta('name', 'description', head.description),
    indexable
      ? `<link rel="canonical" href="${escapeAttribute(head.canonical)}">`
      : '<meta name="robots" content="noindex">',
    meta('property', 'og:site_name', 'Hyper Tek'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:url', head.canonical),
    ...(head.image
      ? [
          meta('property', 'og:image', head.image),
          meta('property', 'og:image:type', 'image/png'),
          meta('property', 'og:image:width', '1200'),
          meta('property', 'og:image:height', '630'),
          meta('property', 'og:image:alt', head.imageAlt),
          meta('name', 'twitter:card', 'summary_large_image'),
          meta('name', 'twitter:image', head.image),
          meta('name', 'twitter:image:alt', head.imageAlt),
        ]
      : [meta('name', 'twitter:card', 'summary')]),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
  ].join('');
}

/** A stylesheet's text for a `<style>` element: its relative `url()`s made absolute. */
export function inlineStyle(css, cssUrl, sameOrigin) {
  const text = css.replace(/url\((["']?)([^"')]+)\1\)/g, (whole, quote, url) => {
    if (/^(data:|https?:|\/|#)/.test(url)) return whole;
    const absolute = new URL(url, cssUrl);
    return `url(${quote}${sameOrigin ? absolute.pathname : absolute.href}${quote})`;
  });
  return `<style>${text.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/**
 * The Latin faces of the site's fonts, from the host's stylesheets: the first screen needs them,
 * and the browser would only find them once the stylesheet has been parsed. Other scripts
 * (Cyrillic, Greek, …) load on demand by their unicode-range.
 */
function firstScreenFonts(stylesheets) {
  const fonts = new Set();
  for (const { href, css } of stylesheets)
    for (const [, url] of (css ?? '').matchAll(
      /url\(["']?([^"')]+-latin-wght-normal[^"')]*\.woff2)["']?\)/g,
    ))
      fonts.add(new URL(url, `http://x${href}`).pathname);
  return [...fonts];
}

/**
 * A page to fill: `(head, root, rootAttributes)` puts `head` at the end of its <head> and `root`
 * inside its <div id="root"> (with `rootAttributes`); `.root` is what the build put there (the
 * splash).
 */
function fillable(html) {
  const rootStart = html.indexOf('<div id="root">');
  const bodyEnd = html.lastIndexOf('</body>');
  const headEnd = html.indexOf('</head>');
  if (rootStart < 0 || bodyEnd < rootStart || headEnd < 0)
    throw new Error('index.html has no <div id="root"> in its body');
  const before = html.slice(0, headEnd);
  const middle = html.slice(headEnd, rootStart);
  const after = html.slice(bodyEnd);
  const fill = (head, root, rootAttributes = '') =>
    `${before}${head}${middle}<div id="root"${rootAttributes}>${root}</div>${after}`;
  fill.root = html.slice(rootStart + '<div id="root">'.length, html.lastIndexOf('</div>', bodyEnd));
  return fill;
}

/** One composed answer, compressed once per distinct body. */
export function createEncodedCache(limit = 200) {
  /** @type {Map<string, { etag: string, raw: Buffer, br?: Buffer, gzip?: Buffer }>} */
  const byBody = new Map();
  return (body) => {
    let entry = byBody.get(body);
    if (!entry) {
      const raw = Buffer.from(body);
      entry = { etag: `W/"${createHash('sha1').update(raw).digest('base64url')}"`, raw };
      if (byBody.size >= limit) byBody.delete(byBody.keys().next().value);
      byBody.set(body, entry);
    }
    return {
      etag: entry.etag,
      encoded(encoding) {
        if (encoding === 'br')
          return (entry.br ??= brotliCompressSync(entry.raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
          }));
        if (encoding === 'gzip') return (entry.gzip ??= gzipSync(entry.raw, { level: 9 }));
        return entry.raw;
      },
    };
  };
}
