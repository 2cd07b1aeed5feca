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
  /** @type {Map<string, { body: string | null, etag: string | null, at: number, okAt: number, pending: Promise<string | null> | null }>} */
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
        entry.at = entry.okAt = Date.now();
      } else {
        // Gone (404: the remote has no snapshot of this page, or no longer) — remember that too.
        entry.body = null;
        entry.etag = null;
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
        entries.set(url, (entry = { body: null, etag: null, at: 0, okAt: 0, pending: null }));
      if (Date.now() - entry.at < ttlMs) return Promise.resolve(entry.body);
      entry.pending ??= refresh(url, entry).finally(() => (entry.pending = null));
      return entry.pending;
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
  return {
    /** The page's HTML with `answers` (path → body), or null. */
    render(source, url, pathname, answers) {
      if (!react || !source) return null;
      const key = `${url}\n${pathname}\n${source.length}:${createHash('sha1').update(source).digest('base64url')}\n${JSON.stringify(answers)}`;
      if (pages.has(key)) return pages.get(key);
      let html = null;
      const global = /** @type {Record<symbol, unknown>} */ (globalThis);
      try {
        const Page = load(source, url).default;
        if (typeof Page !== 'function') throw new Error('no default export');
        global[SERVER_RENDER_KEY] = { config, answers };
        html = react.renderToString(
          react.createElement(
            react.MemoryRouter,
            { initialEntries: [pathname] },
            react.createElement(Page),
          ),
        );
      } catch (error) {
        log(`compose: ${url} not rendered with its data (${error.message}); the snapshot is used`);
      } finally {
        delete global[SERVER_RENDER_KEY];
      }
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
 * @param {{ root: string, config: { remotes: Record<string, string>, apiBaseUrl: string }, log?: (line: string) => void, cache?: ReturnType<typeof createRemoteCache> }} options
 */
export async function createComposer({ root, config, log = () => {}, cache, renderer }) {
  const indexHtml = await readFile(join(root, 'index.html'), 'utf8');
  /** @type {{ slot: string, loading: string, routes: Record<string, { remote: string, module: string, html: string }> } | null} */
  const frames = await readFile(join(root, PRERENDER_DIR, 'frames.json'), 'utf8')
    .then(JSON.parse)
    .catch(() => null);
  const remoteFiles = cache ?? createRemoteCache({ log });
  // The host's packages (React, React Router) are those of the app the server serves: its build's
  // parent folder (the host's package in the repository, the image's folder in production).
  const dataRenderer = renderer ?? createDataRenderer({ appDir: dirname(root), config, log });
  const configScript = `<script type="application/json" id="runtime-config">${scriptJson(config)}</script>`;
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
  // The HTTP client's chunk (axios, loaded with the first request; see shared's http-client): a
  // page that reads data when it opens needs it first thing, so it is preloaded with that page.
  const httpClient = await readdir(join(root, 'static/js'))
    .then((files) => files.find((file) => /^http-client\.[\w-]+\.js$/.test(file)))
    .catch(() => undefined);

  const plainPage = fillable(indexHtml);
  // A drawn page starts the app after its first paint (BOOT_SCRIPT): the entry's `<script defer>`
  // becomes a preload that the boot script turns into a script. Made once, filled per request.
  const entryScripts = [...indexHtml.matchAll(/<script defer src="([^"]+)"><\/script>/g)];
  let drawnHtml = indexHtml;
  for (const [tag] of entryScripts) drawnHtml = drawnHtml.replace(tag, '');
  for (const { tag, href, css } of stylesheets)
    if (css !== null) drawnHtml = drawnHtml.replace(tag, inlineStyle(css, `http://x${href}`, true));
  drawnHtml = drawnHtml.replace(
    '</head>',
    `${entryScripts.map(([, src]) => `<link rel="preload" as="script" href="${escapeAttribute(src)}" data-boot>`).join('')}${BOOT_SCRIPT}</head>`,
  );
  const drawnPage = fillable(drawnHtml);
  /** The page of every other path: the build's index.html (splash) with the config inline. */
  const plain = plainPage(configScript + fontPreloads, plainPage.root);

  return {
    plain,
    /**
     * The HTML of a navigation to `pathname` (and `search`, the address's query: a page opened
     * with one reads other data than its snapshot declares, so nothing of it is preloaded).
     */
    async html(pathname, search = '') {
      const key = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
      const frame = frames?.routes[key];
      const manifestUrl = frame && config.remotes[frame.remote];
      if (!frame || !manifestUrl) return plain;
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
      const apiBase = config.apiBaseUrl.replace(/\/+$/, '');
      const reads = search && search !== '?' ? [] : page.fetches.map((path) => apiBase + path);
      // The first screen's art (the page's largest picture, its LCP on a phone): known from the
      // first read's answer, which this server keeps like the remote's files. Otherwise the
      // browser would find the images only once the app has rendered the list.
      // Kept like the remote's files: asked again (with its ETag) when older than a few seconds.
      const firstAnswer = reads[0] ? await remoteFiles.get(reads[0]) : null;
      const images = page.images > 0 ? firstImages(firstAnswer, page.images, apiOrigin) : [];
      // And the first read's answer itself, when it is recent and a success: the page's first
      // render shows its data without asking (shared's `firstData`), and nothing is preloaded for it.
      const inline =
        reads[0] && remoteFiles.age(reads[0]) <= FIRST_DATA_MAX_AGE_MS
          ? successfulAnswer(firstAnswer)
          : null;
      const firstData =
        inline === null
          ? ''
          : `<script type="application/json" id="first-data">${scriptJson({ [page.fetches[0]]: inline })}</script>`;
      // Fetched the way the app fetches them (CORS, no credentials), so its requests use these:
      // the remote's manifest (read by the federation runtime) and the page's public API reads.
      const fetchPreload = (href) =>
        `<link rel="preload" as="fetch" href="${escapeAttribute(href)}" crossorigin>`;
      const head = [
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
        ...(reads.length > 0 && httpClient
          ? [`<link rel="preload" as="script" href="/static/js/${escapeAttribute(httpClient)}">`]
          : []),
        firstData,
        ...reads.slice(inline === null ? 0 : 1).map(fetchPreload),
        ...images.map(
          (href) =>
            `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`,
        ),
      ].join('');
      // With a recent answer, the page drawn with its data (the first cards themselves) rather
      // than its loading state.
      const moduleUrl = new URL(`${PRERENDER_DIR}/${frame.module}.cjs`, manifestUrl).toString();
      const drawn =
        inline === null || snapshot === null
          ? null
          : dataRenderer.render(await remoteFiles.get(moduleUrl), moduleUrl, key, {
              [page.fetches[0]]: inline,
            });
      // The frame is a picture until the app renders: inert, and without the test ids the app's
      // own elements carry.
      const body = frame.html
        .replace(frames.slot, () => (snapshot === null ? frames.loading : (drawn ?? page.html)))
        .replace(/ data-testid="[^"]*"/g, '');
      return drawnPage(head, `<div class="server-frame" inert>${body}</div>`);
    },
  };
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
 * A page to fill: `(head, root)` puts `head` at the end of its <head> and `root` inside its
 * <div id="root">; `.root` is what the build put there (the splash).
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
  const fill = (head, root) => `${before}${head}${middle}<div id="root">${root}</div>${after}`;
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
