// Response headers of the static site: caching, CORS for remotes, and the
// security headers that make sense for a static single-page app.
import { createHash } from 'node:crypto';

/** Files that name a build's current version: always revalidated (ETag makes that cheap). */
const ALWAYS_REVALIDATE = new Set([
  'index.html',
  'remoteEntry.js',
  'mf-manifest.json',
  'mf-stats.json',
  'config.json',
]);

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Is this file name content-hashed (e.g. `main.3f2a9c1d8e7b6a50.js`, `712.a1b2c3d4.css`,
 * `9f86d081884c7d65.png`)? A hex run of 8+ characters, mixing digits and letters, standing as its
 * own dot/dash/underscore-separated part of the name.
 */
export function isContentHashed(name: string): boolean {
  for (const match of name.matchAll(/(?:^|[._-])([0-9a-f]{8,})(?=\.)/gi)) {
    const hash = match[1] ?? '';
    if (/\d/.test(hash) && /[a-f]/i.test(hash)) return true;
  }
  return false;
}

/**
 * Cache-Control for a served path: hashed files are immutable for a year; everything else
 * (index.html, remoteEntry.js, mf-manifest.json, config.json, unhashed public files) revalidates.
 */
export function cacheControlFor(pathname: string): string {
  const name = pathname.slice(pathname.lastIndexOf('/') + 1).replace(/\.(br|gz)$/, '');
  if (ALWAYS_REVALIDATE.has(name) || name === '') return NO_CACHE;
  return isContentHashed(name) ? IMMUTABLE : NO_CACHE;
}

/** A path names a file (a missing one is a 404) when its last segment has an extension. */
export function hasFileExtension(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last);
}

/** Headers on every response. */
export function baseHeaders({ isRemote }: { isRemote: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Remotes' chunks are loaded by the host's page from another origin.
    'Cross-Origin-Resource-Policy': isRemote ? 'cross-origin' : 'same-site',
  };
  if (isRemote) {
    // The host fetches the manifest with fetch(): plain public files, no credentials, so `*`.
    Object.assign(headers, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Max-Age': '86400',
      'Timing-Allow-Origin': '*',
    });
  }
  return headers;
}

/** sha256 sources of the inline <script> elements of a page, for script-src. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the apps' HTML, computed from the runtime configuration: scripts
 * from this origin and the remotes' origins only, API calls to the configured API, and the third
 * parties of the product (card payments, identity provider sign-in, the funnel page's embedded video).
 */
export function contentSecurityPolicy(
  config: { apiBaseUrl: string; remotes: Record<string, string> },
  scriptHashes: string[] = [],
): string {
  const remotes = [...new Set(Object.values(config.remotes).map((url) => new URL(url).origin))];
  const api = new URL(config.apiBaseUrl).origin;
  const stripe = ['https://js.stripe.com', 'https://*.js.stripe.com'];
  const google = 'https://accounts.google.com';
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...scriptHashes, ...stripe, `${google}/gsi/client`],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes, `${google}/gsi/style`],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', api, ...remotes],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", api, ...remotes, 'https://api.stripe.com', `${google}/gsi/`],
    'frame-src': [
      ...stripe,
      'https://hooks.stripe.com',
      `${google}/gsi/`,
      'https://www.youtube.com',
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}

/** How the Content-Security-Policy is sent (`SERVE_CSP`): enforced, reported only, or not at all. */
export type CspMode = 'enforce' | 'report-only' | 'off';

/** Extra headers of HTML documents. */
export function documentHeaders(csp: string, mode: CspMode): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Frame-Options': 'DENY',
    // Allow popups so that identity-provider sign-in windows can talk back.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=()',
  };
  if (mode === 'enforce') headers['Content-Security-Policy'] = csp;
  else if (mode === 'report-only') headers['Content-Security-Policy-Report-Only'] = csp;
  return headers;
}
