// The request handler of one front-end app's web server (host or remote): serves its build
// (`<app>/dist`) with the caching rules (docs/architecture.md), the runtime config at
// `/config.json`, SPA fallback for navigations, CORS on remotes, precompressed brotli/gzip and
// security headers. The host's navigations get composed documents (compose/), its releases
// (releases/) and the crawler files (crawlers/); every app has its metrics at `/metrics`.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createComposer } from '../compose/composer.js';
import { runtimeConfigOf } from '../compose/host-page.js';
import { NONCE_MARK, withNonce } from '../compose/html.js';
import { createCrawlerFiles } from '../crawlers/sitemap.js';
import {
  monitorMinutes,
  monitorOptionsFrom,
  schedulePaymentMonitor,
} from '../payment-pages/run.js';
import { hostReleases } from '../releases/host-releases.js';
import { releasesDir } from '../releases/registry.js';
import type { ReleaseChoice, VisitorChoice } from '../releases/routing.js';
import { previewBanner } from '../releases/preview-banner.js';
import { runtimeConfigFromEnv, siteUrl } from '../runtime-config.js';
import { createCspReports } from './csp-reports.js';
import { encodeDocument } from './encoded-body.js';
import {
  baseHeaders,
  cacheControlFor,
  documentSecurityHeaders,
  hasFileExtension,
  newNonce,
  NO_CACHE,
} from './headers.js';
import { createWebMetrics } from './metrics.js';
import { precompress } from './precompress.js';
import { buildFiles, createReleaseFiles, resilientFiles } from './static-files.js';

/** A request handler, and what stops what it runs in the background. */
export type AppHandler = RequestListener & { close: () => Promise<void> };

export interface HandlerOptions {
  /** The app's build folder. */
  root: string;
  isRemote: boolean;
  /** The app's short name, for its releases and metrics. */
  name?: string | undefined;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/** A composed document: fetched again every time, kept by no shared cache (its nonce is its own). */
const DOCUMENT_CACHE = 'private, no-cache';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Precompresses the build at start (`SERVE_PRECOMPRESS` is not `0`), saying what it did. */
async function precompressAtStart(root: string, log: (line: string) => void) {
  try {
    const done = await precompress(root);
    log(
      `precompressed ${done.files} files (${kb(done.bytes)} → br ${kb(done.br)}, gz ${kb(done.gz)}; ${done.written} written) in ${done.ms} ms`,
    );
  } catch (error) {
    // A read-only build folder still serves, only uncompressed: say so rather than fail.
    const { code, message } = error as NodeJS.ErrnoException;
    log(`warning: could not precompress ${root} (${code ?? message}); serving uncompressed`);
  }
}

/**
 * Builds the request handler of one app. `handle.close()` stops what it runs in the background.
 */
export async function createHandler({
  root,
  isRemote,
  name,
  env = process.env,
  log = () => {},
}: HandlerOptions): Promise<AppHandler> {
  const config = runtimeConfigFromEnv(env);
  const site = siteUrl(env);
  const metrics = createWebMetrics({ app: name ?? (isRemote ? 'remote' : 'host'), env });
  const releases = isRemote ? null : await hostReleases({ root, config, env, site, metrics, log });
  const releaseFiles =
    isRemote && name ? createReleaseFiles(join(releasesDir(env), name), log) : null;
  let configBody: { choice: ReleaseChoice | null; text: string } = { choice: null, text: '' };
  const configText = (choice: ReleaseChoice) => {
    if (configBody.choice !== choice)
      configBody = {
        choice,
        text: JSON.stringify(runtimeConfigOf(config, choice), null, 2),
      };
    return configBody.text;
  };
  const indexHtml = await readFile(join(root, 'index.html'), 'utf8').catch(() => '');
  // Every document gets a policy with a nonce of its own (docs/security.md): the headers of one
  // document whose scripts and styles carry `nonce`.
  const { headersWith: documentHeadersWith } = documentSecurityHeaders({
    config,
    site,
    env,
  });
  const cspReports = createCspReports({ counters: metrics, log, env });
  const common = baseHeaders({ isRemote });

  if (env.SERVE_PRECOMPRESS !== '0') await precompressAtStart(root, log);

  const assets = resilientFiles(
    () =>
      // Indexed once, at start (after precompression).
      buildFiles(root, (res, pathname) => {
        res.setHeader('Cache-Control', cacheControlFor(pathname));
        // `/`, `/about` (→ about.html) and `/index.html` are documents: a file's scripts carry no
        // nonce, so the policy lets none of them run (the host's pages are composed instead).
        if (!hasFileExtension(pathname) || /\.html?$/.test(pathname))
          for (const [k, v] of Object.entries(documentHeadersWith(newNonce()))) res.setHeader(k, v);
      }),
    log,
  );

  // The host's documents are composed per navigation (compose/): config inline, and for the
  // routes with a snapshot, the page drawn before any script runs.
  const composer =
    releases && indexHtml
      ? await createComposer({
          root,
          config,
          siteUrl: site,
          log,
          pins: releases.pins,
          onRefused: (refusal) => metrics.integrityRefused(refusal),
        })
      : null;
  // robots.txt and the sitemap: the host's, for the whole site (crawlers/sitemap.ts).
  const crawlerFiles = composer
    ? createCrawlerFiles({ root, siteUrl: site, apiBaseUrl: config.apiBaseUrl, log })
    : null;

  /** This visitor's releases; a new visitor's id (and a stale pass's removal) as cookies. */
  const chooseFor = (req: IncomingMessage, res: ServerResponse): VisitorChoice | ReleaseChoice => {
    if (!releases) return { remotes: config.remotes };
    const choice = releases.routing.choose(req);
    if (choice.cookies.length > 0) res.setHeader('Set-Cookie', choice.cookies);
    metrics.served(choice);
    return choice;
  };

  const sendDocument = async (
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: string,
    choice: VisitorChoice | ReleaseChoice,
  ) => {
    if (!composer) return;
    const page = await composer.document(pathname, search, choice);
    // A previewing browser's banner, outside the app's root (bodies with one are rare).
    const pass = 'preview' in choice ? choice.preview : null;
    const composed = pass
      ? page.html.replace(/<body[^>]*>/, (tag) => tag + withNonce(previewBanner(pass)))
      : page.html;
    // This response's nonce in place of the marks on the server's own scripts and styles.
    const nonce = newNonce();
    const html = composed.replaceAll(NONCE_MARK, nonce);
    const accept = req.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    // No ETag: a 304 would have the browser run its kept body, whose nonce is not this policy's.
    // `private`: no shared cache keeps a body (and its nonce) for other visitors.
    const headers: Record<string, string | number> = {
      ...documentHeadersWith(nonce),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': DOCUMENT_CACHE,
      Vary: 'Accept-Encoding',
    };
    const bytes = await encodeDocument(html, encoding);
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = bytes.length;
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  };

  const notFound = (res: ServerResponse) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE });
    res.end('Not found\n');
  };

  /** The app's own build (`root`), with the SPA's page for navigations. */
  const serveBuild = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    assets(req, res, () => {
      // A missing file (anything with an extension, so always a missing mf-manifest.json) is a 404:
      // answering index.html would hand the federation runtime HTML in place of JSON or JS.
      if (hasFileExtension(pathname) || !indexHtml) {
        notFound(res);
        return;
      }
      // A navigation (/market-place, /reset-password/abc): the SPA's page, which routes it.
      req.url = '/index.html';
      assets(req, res, () => notFound(res));
    });
  };

  /** A navigation to the host: a preview link's switch, or the composed document. */
  const navigate = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const { pathname, search } = url;
    // A preview link (or the banner's way out): set or clear the pass, then the same address.
    const preview = releases?.routing.previewSwitch(url);
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
      res.end();
      return;
    }
    // The releases of this visitor (live, their side of a canary, a preview), for its document.
    const choice = chooseFor(req, res);
    res.setHeader('Vary', 'Cookie');
    sendDocument(req, res, pathname, search, choice).catch((error: unknown) => {
      log(`compose: ${pathname} failed (${(error as Error).message}); serving the plain page`);
      const nonce = newNonce();
      if (!res.headersSent)
        res.writeHead(200, {
          ...documentHeadersWith(nonce),
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': DOCUMENT_CACHE,
        });
      res.end(composer?.plainFor(choice).replaceAll(NONCE_MARK, nonce));
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    for (const [k, v] of Object.entries(common)) res.setHeader(k, v);
    const url = new URL(req.url ?? '/', 'http://x');
    const { pathname } = url;
    if (pathname === '/metrics') return void metrics.serve(req, res);
    metrics.observe(req, res, pathname);
    if (cspReports.handles(pathname)) {
      cspReports.handle(req, res);
      return;
    }
    if (releases?.endpoint.handles(pathname))
      return void releases.endpoint.handle(req, res, pathname);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { Allow: 'GET, HEAD, OPTIONS' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {
        Allow: 'GET, HEAD, OPTIONS',
        'Content-Type': 'text/plain; charset=utf-8',
      });
      res.end('Method not allowed\n');
      return;
    }
    if (pathname === '/config.json') {
      const body = configText(chooseFor(req, res));
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': NO_CACHE,
        'Content-Length': Buffer.byteLength(body),
        Vary: 'Cookie',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (crawlerFiles?.handles(pathname))
      return void crawlerFiles.send(req, res, pathname).catch((error: unknown) => {
        log(`crawler files: ${pathname} failed (${(error as Error).message})`);
        if (!res.headersSent) res.writeHead(503, { 'Retry-After': '60' });
        res.end();
      });
    if (composer && (!hasFileExtension(pathname) || pathname === '/index.html')) {
      navigate(req, res, url);
      return;
    }
    if (releaseFiles) {
      releaseFiles(req, res, pathname, () => serveBuild(req, res, pathname));
      return;
    }
    serveBuild(req, res, pathname);
  };
  // The payment-page monitor's schedule, when the operator asks for one (host only).
  const minutes = isRemote ? null : monitorMinutes(env);
  const monitor =
    minutes === null
      ? null
      : schedulePaymentMonitor({
          minutes,
          options: () => monitorOptionsFrom({ env, hostRoot: root, pins: releases?.pins }),
          log,
          ran: (report) => metrics.paymentMonitorRan(report.findings),
        });
  return Object.assign(handle, {
    close: async () => {
      monitor?.stop();
      await releases?.close();
    },
  });
}
