// The production web server of one front-end app (host or remote): serves its build (`<app>/dist`)
// with the caching rules (docs/architecture.md), the runtime config at `/config.json`, SPA
// fallback for navigations, CORS on remotes, precompressed brotli/gzip and security headers.
//
// Why sirv: a small, widely used (Vite preview, SvelteKit) static handler for plain node:http that
// already does the fiddly parts right — a file index built once at start (no path traversal, no
// fs lookups per request), ETag/304, Range, HEAD, and picking `.br`/`.gz` siblings by
// Accept-Encoding with `Vary`. What is ours is only policy: which headers, when to fall back.
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

/**
 * Builds the request handler of one app.
 * @param {{ root: string, isRemote: boolean, env?: NodeJS.ProcessEnv, log?: (line: string) => void }} options
 */
export async function createHandler({ root, isRemote, env = process.env, log = () => {} }) {
  const config = runtimeConfigFromEnv(env);
  const configBody = JSON.stringify(config, null, 2);
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

  const assets = sirv(root, {
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
  });

  // The host's documents are composed per navigation (compose.mjs): config inline, and for the
  // routes with a snapshot, the page drawn before any script runs.
  const site = siteUrl(env);
  const composer =
    !isRemote && indexHtml ? await createComposer({ root, config, siteUrl: site, log }) : null;
  // robots.txt and the sitemap: the host's, for the whole site (sitemap.mjs).
  const crawlerFiles = composer
    ? createCrawlerFiles({ root, siteUrl: site, apiBaseUrl: config.apiBaseUrl, log })
    : null;
  const encodedBody = createEncodedCache();
  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  const sendDocument = async (req, res, pathname, search) => {
    const page = await composer.document(pathname, search);
    const body = encodedBody(page.html);
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

  /** @type {import('node:http').RequestListener} */
  return function handle(req, res) {
    for (const [k, v] of Object.entries(common)) res.setHeader(k, v);
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
    const { pathname, search } = new URL(req.url ?? '/', 'http://x');
    if (pathname === '/config.json') {
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': NO_CACHE,
        'Content-Length': Buffer.byteLength(configBody),
      });
      return res.end(req.method === 'HEAD' ? undefined : configBody);
    }
    if (crawlerFiles?.handles(pathname))
      return void crawlerFiles.send(req, res, pathname).catch((error) => {
        log(`crawler files: ${pathname} failed (${error.message})`);
        if (!res.headersSent) res.writeHead(503, { 'Retry-After': '60' });
        res.end();
      });
    if (composer && (!hasFileExtension(pathname) || pathname === '/index.html'))
      return void sendDocument(req, res, pathname, search).catch((error) => {
        log(`compose: ${pathname} failed (${error.message}); serving the plain page`);
        if (!res.headersSent)
          res.writeHead(200, {
            ...htmlHeaders,
            'Content-Type': 'text/html; charset=utf-8',
            'Cache-Control': NO_CACHE,
          });
        res.end(composer.plain);
      });
    assets(req, res, () => {
      // A missing file (anything with an extension, so always a missing mf-manifest.json) is a 404:
      // answering index.html would hand the federation runtime HTML in place of JSON or JS.
      if (hasFileExtension(pathname) || !indexHtml) return notFound(res);
      // A navigation (/market-place, /reset-password/abc): the SPA's page, which routes it.
      req.url = '/index.html';
      assets(req, res, () => notFound(res));
    });
  };
}

/**
 * Starts the server of one app and resolves once it listens.
 * @param {{ root: string, isRemote: boolean, port: number, host?: string, env?: NodeJS.ProcessEnv, log?: (line: string) => void }} options
 * @returns {Promise<import('node:http').Server>}
 */
export async function startServer({ port, host, ...options }) {
  const server = createServer(await createHandler(options));
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
