// Response headers of the static site: caching, CORS for remotes, and the
// security headers that make sense for a static single-page app.
import { randomBytes } from 'node:crypto';

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

/** Where browsers send the policy's violation reports (csp-reports.ts). */
export const CSP_REPORT_PATH = '/_csp-report';
/** The Trusted Types policies the site makes (host/src/lib/trusted-types.ts, Rspack's chunk loading). */
export const TRUSTED_TYPES_POLICIES = ['hypertek', 'default'];

/** A nonce for one response: 128 random bits in base64, never reused (docs/security.md). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of the apps' HTML (docs/security.md, "Content-Security-Policy"),
 * made once from the runtime configuration; `policy(nonce)` is one response's. Scripts run only
 * with that response's nonce and what those scripts load ('strict-dynamic': the federation
 * runtime's remotes, Rspack's chunks, Stripe.js, Google's sign-in script); `https:` and
 * 'unsafe-inline' are only the fallbacks of browsers older than CSP 3, which ignore them when a
 * nonce and 'strict-dynamic' are there. Styles from this origin, the remotes and with the nonce,
 * and style attributes as far as the product needs them (`style-src-attr`, see the document).
 * Script sinks take only Trusted Types from the site's policies. API calls to the configured API;
 * frames of the product's third parties (card payments, identity provider sign-in, the funnel
 * page's embedded video).
 */
export function contentSecurityPolicy(
  config: { apiBaseUrl: string; remotes: Record<string, string> },
  { reportTo = false }: { reportTo?: boolean } = {},
): (nonce: string) => string {
  const remotes = [...new Set(Object.values(config.remotes).map((url) => new URL(url).origin))];
  const api = new URL(config.apiBaseUrl).origin;
  const stripe = ['https://js.stripe.com', 'https://*.js.stripe.com'];
  const google = 'https://accounts.google.com';
  const directives = (nonce: string): Record<string, string[]> => ({
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", 'https:', "'unsafe-inline'"],
    'style-src': ["'self'", `'nonce-${nonce}'`, ...remotes, `${google}/gsi/style`],
    // React draws `style` attributes into the server's HTML (see docs/security.md).
    'style-src-attr': ["'unsafe-inline'"],
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
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'require-trusted-types-for': ["'script'"],
    'trusted-types': [...TRUSTED_TYPES_POLICIES, "'allow-duplicates'"],
    'report-uri': [CSP_REPORT_PATH],
    // The Reporting API (`reportsTo`): where Chromium then sends reports instead of report-uri.
    ...(reportTo ? { 'report-to': ['csp'] } : {}),
  });
  return (nonce) =>
    Object.entries(directives(nonce))
      .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
      .join('; ');
}

/** How the Content-Security-Policy is sent (`SERVE_CSP`): enforced, reported only, or not at all. */
export type CspMode = 'enforce' | 'report-only' | 'off';

/** The header that carries the policy in `mode`, or null when none is sent. */
export function cspHeaderName(mode: CspMode): string | null {
  if (mode === 'enforce') return 'Content-Security-Policy';
  if (mode === 'report-only') return 'Content-Security-Policy-Report-Only';
  return null;
}

/**
 * Whether the policy names the Reporting API's endpoint (`report-to`) as well as `report-uri`:
 * only for an https site. Chromium ignores `report-uri` once `report-to` is there, and delivers
 * the Reporting API's reports in batches, which it was not seen to send to a plain-http site at
 * all (the local stack, the browser journeys): there `report-uri` alone, sent at once.
 */
export const reportsTo = (siteUrl: string): boolean => new URL(siteUrl).protocol === 'https:';

/** Extra headers of HTML documents (the policy itself is per response: `cspHeaderName`). */
export function documentHeaders(mode: CspMode, reportTo = false): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Frame-Options': 'DENY',
    // Allow popups so that identity-provider sign-in windows can talk back.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=()',
  };
  // The Reporting API's endpoint that the policy's `report-to` names.
  if (mode !== 'off' && reportTo) headers['Reporting-Endpoints'] = `csp="${CSP_REPORT_PATH}"`;
  return headers;
}

const CSP_MODES: readonly string[] = ['enforce', 'report-only', 'off'] satisfies CspMode[];

/**
 * The security headers of one composed document of the host, as a function of its nonce: the
 * headers on every response, the documents' own and the policy (`SERVE_CSP`). The handler sends
 * them; the payment-page monitor expects them (payment-pages/monitor.ts): one definition.
 */
export function documentSecurityHeaders({
  config,
  site,
  env,
}: {
  config: { apiBaseUrl: string; remotes: Record<string, string> };
  site: string;
  env: NodeJS.ProcessEnv;
}): { mode: CspMode; headersWith: (nonce: string) => Record<string, string> } {
  const mode = env.SERVE_CSP ?? 'enforce';
  if (!CSP_MODES.includes(mode))
    throw new Error(`SERVE_CSP="${mode}": use enforce, report-only or off`);
  const reportTo = reportsTo(site);
  const htmlHeaders = documentHeaders(mode as CspMode, reportTo);
  const cspHeader = cspHeaderName(mode as CspMode);
  const policy = contentSecurityPolicy(config, { reportTo });
  return {
    mode: mode as CspMode,
    headersWith: (nonce) =>
      cspHeader ? { ...htmlHeaders, [cspHeader]: policy(nonce) } : htmlHeaders,
  };
}
