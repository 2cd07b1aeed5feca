// The production web server of one front-end app (host or remote): serves its build (`<app>/dist`)
// with the caching rules (docs/architecture.md), the runtime config at `/config.json`, SPA
// fallback for navigations, CORS on remotes, precompressed brotli/gzip and security headers.
//
// Why sirv: a small, widely used (Vite preview, SvelteKit) static handler for plain node:http that
// already does the fiddly parts right — a file index built once at start (no path traversal, no
// fs lookups per request), ETag/304, Range, HEAD, and picking `.br`/`.gz` siblings by
// Accept-Encoding with `Vary`. What is ours is only policy: which headers, when to fall back.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import {
  baseHeaders,
  cacheControlFor,
  contentSecurityPolicy,
  documentHeaders,
  hasFileExtension,
  inlineScriptHashes,
  NO_CACHE,
} from './headers.mjs';
import { BOOT_SCRIPT, createComposer, createEncodedCache } from './compose.mjs';
import { precompress } from './precompress.mjs';
import { runtimeConfigFromEnv, siteUrl } from './runtime-config.mjs';
import { createCrawlerFiles } from './sitemap.mjs';
import { createLiveView, openRegistry, releasesDir } from '../release/registry.mjs';
import { isReleaseVersion } from '../../shared/src/contract/release-words.mjs';
import { releaseSecrets } from '../release/secrets.mjs';
import { createWebMetrics } from './metrics.mjs';
import {
  createReleaseEndpoint,
  createReleaseRouting,
  hostFactsOf,
  previewBanner,
  releaseStatsFrom,
  startCanaryGuard,
} from './release-routing.mjs';

/**
 * A sirv handler that survives files removed under it. sirv indexes the folder once and then
 * streams a file with no error listener: a file removed or unreadable since (a precompressed
 * copy deleted) made the stream emit an unhandled `error`, and the whole server exited. Here
 * that error ends only the response it belongs to (its status and length were sent already, so
 * the connection is closed and the browser tries again), is logged, and the folder is indexed
 * again: the next request gets what is there now (the plain file when only its `.br` copy went
 * missing, a 404 when the file is gone). A folder that cannot be indexed (gone altogether) keeps
 * the last index, and the next failure tries again. Not covered: a file rewritten in place with
 * another size (sirv sends the length it indexed); builds are written aside (`release publish`)
 * or before the server starts.
 * @param {() => ReturnType<typeof sirv>} make builds the handler (indexes the folder)
 * @param {(line: string) => void} log
 */
export function resilientFiles(make, log) {
  let handler = make();
  const guarded = new WeakSet();
  return (req, res, next) => {
    if (!guarded.has(res)) {
      guarded.add(res);
      res.once('pipe', (source) =>
        source.once('error', (error) => {
          res.destroy();
          log(
            `files: ${req.url} could not be read (${error.code ?? error.message}); indexing the folder again`,
          );
          try {
            handler = make();
          } catch (indexing) {
            log(`files: the folder cannot be indexed (${indexing.code ?? indexing.message})`);
          }
        }),
      );
    }
    handler(req, res, next);
  };
}

/**
 * Serves a remote's published releases under `/releases/<version>/` from `dir/<version>/`
 * (written by `release publish`, never overwritten): one static handler per release, made on its
 * first request. Old releases stay served, so a visitor who loaded one keeps working after a
 * newer one goes live.
 */
function createReleaseFiles(dir, log) {
  const handlers = new Map();
  return (req, res, pathname, next) => {
    const match = /^\/releases\/([^/]+)(\/.*)$/.exec(pathname);
    let version = null;
    try {
      version = match && decodeURIComponent(match[1]);
    } catch {
      return next(); // not a version (a malformed escape such as %E0): the build's own 404
    }
    if (!match || !isReleaseVersion(version)) return next();
    let handler = handlers.get(version);
    if (!handler) {
      if (!existsSync(join(dir, version, 'release.json'))) return next();
      handler = resilientFiles(
        () =>
          sirv(join(dir, version), {
            dev: false,
            etag: true,
            gzip: true,
            brotli: true,
            dotfiles: false,
            setHeaders: (r, path) => r.setHeader('Cache-Control', cacheControlFor(path)),
          }),
        log,
      );
      handlers.set(version, handler);
    }
    const url = req.url;
    req.url = match[2] + (url.includes('?') ? url.slice(url.indexOf('?')) : '');
    handler(req, res, () => {
      req.url = url;
      next();
    });
  };
}

/**
 * The host's side of releases (docs/operations.md, "Shipping a remote"): the registry it follows,
 * each visitor's releases, the release endpoint and the canary guard.
 */
async function hostReleases({ root, config, env, site, metrics, log }) {
  const dir = releasesDir(env);
  const registry = openRegistry({ env });
  const live = createLiveView(registry);
  await live.refresh();
  const { token, signingKey } = releaseSecrets(env);
  const routing = createReleaseRouting({
    configured: config.remotes,
    live,
    signingKey,
    secure: site.startsWith('https:'),
  });
  const stats = releaseStatsFrom(config.apiBaseUrl, token);
  const endpoint = createReleaseEndpoint({
    token,
    dir,
    registry,
    signingKey,
    siteUrl: site,
    hostFacts: () => hostFactsOf(root),
    stats,
  });
  const stopGuard = startCanaryGuard({
    live,
    dir,
    registry,
    stats,
    log,
    onRollback: (change) => metrics.canaryRolledBack(change),
  });
  metrics.watchReleases(() => live.current());
  return {
    routing,
    endpoint,
    close: async () => {
      stopGuard();
      await registry.close();
    },
  };
}

/**
 * Builds the request handler of one app (`name`: its short name, for its releases and metrics).
 * `handle.close()` stops what it runs in the background.
 * @param {{ root: string, isRemote: boolean, name?: string, env?: NodeJS.ProcessEnv, log?: (line: string) => void }} options
 */
export async function createHandler({ root, isRemote, name, env = process.env, log = () => {} }) {
  const config = runtimeConfigFromEnv(env);
  const site = siteUrl(env);
  const metrics = createWebMetrics({ app: name ?? (isRemote ? 'remote' : 'host'), env });
  const releases = isRemote ? null : await hostReleases({ root, config, env, site, metrics, log });
  const releaseFiles =
    isRemote && name ? createReleaseFiles(join(releasesDir(env), name), log) : null;
  let configBody = { choice: null, text: '' };
  const configText = (choice) => {
    if (configBody.choice !== choice)
      configBody = {
        choice,
        text: JSON.stringify(
          {
            ...config,
            remotes: choice.remotes,
            ...(choice.releases ? { releases: choice.releases } : {}),
          },
          null,
          2,
        ),
      };
    return configBody.text;
  };
  const indexHtml = await readFile(join(root, 'index.html'), 'utf8').catch(() => '');
  const cspMode = env.SERVE_CSP ?? 'enforce';
  if (!['enforce', 'report-only', 'off'].includes(cspMode))
    throw new Error(`SERVE_CSP="${cspMode}": use enforce, report-only or off`);
  const htmlHeaders = documentHeaders(
    contentSecurityPolicy(
      config,
      inlineScriptHashes(isRemote ? indexHtml : indexHtml + BOOT_SCRIPT),
    ),
    cspMode,
  );
  const common = baseHeaders({ isRemote });

  if (env.SERVE_PRECOMPRESS !== '0') {
    try {
      const done = await precompress(root);
      log(
        `precompressed ${done.files} files (${kb(done.bytes)} → br ${kb(done.br)}, gz ${kb(done.gz)}; ${done.written} written) in ${done.ms} ms`,
      );
    } catch (error) {
      // A read-only build folder still serves, only uncompressed: say so rather than fail.
      log(
        `warning: could not precompress ${root} (${error.code ?? error.message}); serving uncompressed`,
      );
    }
  }

  const assets = resilientFiles(
    () =>
      sirv(root, {
        dev: false, // index the folder once, at start (after precompression)
        etag: true,
        gzip: true,
        brotli: true,
        dotfiles: false,
        setHeaders(res, pathname) {
          res.setHeader('Cache-Control', cacheControlFor(pathname));
          // `/`, `/about` (→ about.html) and `/index.html` are documents.
          if (!hasFileExtension(pathname) || /\.html?$/.test(pathname))
            for (const [k, v] of Object.entries(htmlHeaders)) res.setHeader(k, v);
        },
      }),
    log,
  );

  // The host's documents are composed per navigation (compose.mjs): config inline, and for the
  // routes with a snapshot, the page drawn before any script runs.
  const composer =
    !isRemote && indexHtml ? await createComposer({ root, config, siteUrl: site, log }) : null;
  // robots.txt and the sitemap: the host's, for the whole site (sitemap.mjs).
  const crawlerFiles = composer
    ? createCrawlerFiles({ root, siteUrl: site, apiBaseUrl: config.apiBaseUrl, log })
    : null;
  const encodedBody = createEncodedCache();
  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  const sendDocument = async (req, res, pathname, search, choice) => {
    const page = await composer.document(pathname, search, choice.remotes, choice.releases);
    // A previewing browser's banner, outside the app's root (bodies with one are rare).
    const html = choice.preview
      ? page.html.replace(/<body[^>]*>/, (tag) => tag + previewBanner(choice.preview))
      : page.html;
    const body = encodedBody(html);
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    const headers = {
      ...htmlHeaders,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': NO_CACHE,
      ETag: body.etag,
      Vary: 'Accept-Encoding',
    };
    if (page.status === 200 && req.headers['if-none-match'] === body.etag) {
      res.writeHead(304, headers);
      return res.end();
    }
    const bytes = body.encoded(encoding);
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = bytes.length;
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  };

  const notFound = (res) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE });
    res.end('Not found\n');
  };

  /** @type {import('node:http').RequestListener & { close: () => Promise<void> }} */
  const handle = function handle(req, res) {
    for (const [k, v] of Object.entries(common)) res.setHeader(k, v);
    const url = new URL(req.url ?? '/', 'http://x');
    const { pathname, search } = url;
    if (pathname === '/metrics') return void metrics.serve(req, res);
    metrics.observe(req, res, pathname);
    if (releases?.endpoint.handles(pathname))
      return void releases.endpoint.handle(req, res, pathname);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { Allow: 'GET, HEAD, OPTIONS' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {
        Allow: 'GET, HEAD, OPTIONS',
        'Content-Type': 'text/plain; charset=utf-8',
      });
      return res.end('Method not allowed\n');
    }
    if (pathname === '/config.json') {
      const choice = releases ? chooseFor(req, res) : { remotes: config.remotes };
      const body = configText(choice);
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': NO_CACHE,
        'Content-Length': Buffer.byteLength(body),
        Vary: 'Cookie',
      });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    if (crawlerFiles?.handles(pathname))
      return void crawlerFiles.send(req, res, pathname).catch((error) => {
        log(`crawler files: ${pathname} failed (${error.message})`);
        if (!res.headersSent) res.writeHead(503, { 'Retry-After': '60' });
        res.end();
      });
    if (composer && (!hasFileExtension(pathname) || pathname === '/index.html')) {
      // A preview link (or the banner's way out): set or clear the pass, then the same address.
      const preview = releases.routing.previewSwitch(url);
      if (preview) {
        log(
          preview.pass
            ? `preview: a browser now loads ${preview.pass.remote} ${preview.pass.version}`
            : 'preview: a browser left (or brought an expired link)',
        );
        res.writeHead(303, {
          Location: preview.location,
          'Set-Cookie': preview.cookie,
          'Cache-Control': 'no-store',
        });
        return res.end();
      }
      // The releases of this visitor (live, their side of a canary, a preview), for its document.
      const choice = chooseFor(req, res);
      res.setHeader('Vary', 'Cookie');
      return void sendDocument(req, res, pathname, search, choice).catch((error) => {
        log(`compose: ${pathname} failed (${error.message}); serving the plain page`);
        if (!res.headersSent)
          res.writeHead(200, {
            ...htmlHeaders,
            'Content-Type': 'text/html; charset=utf-8',
            'Cache-Control': NO_CACHE,
          });
        res.end(composer.plainFor(choice.remotes, choice.releases));
      });
    }
    if (releaseFiles) return releaseFiles(req, res, pathname, () => serveBuild(req, res, pathname));
    serveBuild(req, res, pathname);
  };
  handle.close = async () => {
    await releases?.close();
  };
  return handle;

  /** This visitor's releases; a new visitor's id (and a stale pass's removal) as cookies. */
  function chooseFor(req, res) {
    const choice = releases.routing.choose(req);
    if (choice.cookies.length > 0) res.setHeader('Set-Cookie', choice.cookies);
    metrics.served(choice);
    return choice;
  }

  /** The app's own build (`root`), with the SPA's page for navigations. */
  function serveBuild(req, res, pathname) {
    assets(req, res, () => {
      // A missing file (anything with an extension, so always a missing mf-manifest.json) is a 404:
      // answering index.html would hand the federation runtime HTML in place of JSON or JS.
      if (hasFileExtension(pathname) || !indexHtml) return notFound(res);
      // A navigation (/market-place, /reset-password/abc): the SPA's page, which routes it.
      req.url = '/index.html';
      assets(req, res, () => notFound(res));
    });
  }
}

/**
 * Starts the server of one app and resolves once it listens.
 * @param {{ root: string, isRemote: boolean, port: number, host?: string, env?: NodeJS.ProcessEnv, log?: (line: string) => void }} options
 * @returns {Promise<import('node:http').Server>}
 */
export async function startServer({ port, host, ...options }) {
  const handle = await createHandler(options);
  const server = createServer(handle);
  server.on('close', () => void handle.close());
  server.keepAliveTimeout = 65_000; // longer than common proxies' idle timeout
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
