// The pieces of HTML the composed documents are made of: text made safe for an attribute or a
// script element, the nonce's mark, the boot script, inline stylesheets, font preloads, and the
// page to fill.
import { randomBytes } from 'node:crypto';

/** JSON that is safe inside a <script> element. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

export const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Where a response's Content-Security-Policy nonce goes (http/handler.ts puts a fresh one in place
 * of every mark as it sends a page): written only on the scripts and styles this server draws, so
 * a composed page, kept and shared by many responses, never carries a nonce. Random per process,
 * so that no text drawn into a page (an item's name, an API's answer) can carry the mark.
 */
export const NONCE_MARK = `nonce-mark-${randomBytes(12).toString('hex')}`;
/** The attribute that gets the response's nonce, for a tag this server writes. */
export const NONCE = ` nonce="${NONCE_MARK}"`;

/**
 * `html` of this server's own (the host's build, a banner) with the nonce mark on its <script>,
 * <style> and script preload tags. Never for text that holds anything drawn from data.
 */
export const withNonce = (html: string): string =>
  html.replace(
    /<(script|style)\b|<link(?=[^>]*\bas="?script\b)/gi,
    (tag: string) => `${tag}${NONCE}`,
  );

/**
 * Starts the app once the page drawn by the server has been painted (when the browser reports the
 * first paint, then after the next frame), or after a second at the latest (a background tab paints
 * nothing): the app's scripts download in parallel (preloaded) but their work never stands between
 * the visitor and the first paint. It runs with the response's nonce; the scripts it adds run by
 * 'strict-dynamic', their addresses from the site's Trusted Types policy (`hypertek`, made here for
 * this document's own scripts only: the app's entry makes the others).
 */
export const BOOT_SCRIPT =
  `<script${NONCE}>(function(){var done=false;` +
  'var tt=window.trustedTypes&&trustedTypes.createPolicy("hypertek",{createScriptURL:function(u){return new URL(u,location.href).origin===location.origin?u:null}});' +
  'function boot(){if(done)return;done=true;' +
  'document.querySelectorAll("link[data-boot]").forEach(function(l){var s=document.createElement("script");s.src=tt?tt.createScriptURL(l.href):l.href;s.async=false;document.head.appendChild(s)})}' +
  'function later(){requestAnimationFrame(function(){setTimeout(boot,0)})}' +
  'try{new PerformanceObserver(function(l,o){o.disconnect();later()}).observe({type:"paint",buffered:true})}catch(e){later()}' +
  'setTimeout(boot,1000)})()</script>';

/**
 * #root's mark on a page drawn for hydration (host/src/lib/hydration.ts), inert until React has
 * adopted it (nothing typed or clicked is lost before the code that answers it runs).
 */
export const HYDRATE = ' data-hydrate inert';

/** A stylesheet's text for a `<style>` element: its relative `url()`s made absolute. */
export function inlineStyle(css: string, cssUrl: string, sameOrigin: boolean): string {
  const text = css.replace(/url\((["']?)([^"')]+)\1\)/g, (whole, quote: string, url: string) => {
    if (/^(data:|https?:|\/|#)/.test(url)) return whole;
    const absolute = new URL(url, cssUrl);
    return `url(${quote}${sameOrigin ? absolute.pathname : absolute.href}${quote})`;
  });
  return `<style${NONCE}>${text.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/**
 * The Latin faces of the site's fonts, from the host's stylesheets: the first screen needs them,
 * and the browser would only find them once the stylesheet has been parsed. Other scripts
 * (Cyrillic, Greek, …) load on demand by their unicode-range.
 */
export function firstScreenFonts(stylesheets: { href: string; css: string | null }[]): string[] {
  const fonts = new Set<string>();
  for (const { href, css } of stylesheets)
    for (const [, url = ''] of (css ?? '').matchAll(
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
export interface Fillable {
  (head: string, root: string, rootAttributes?: string): string;
  root: string;
}

export function fillable(html: string): Fillable {
  const rootStart = html.indexOf('<div id="root">');
  const bodyEnd = html.lastIndexOf('</body>');
  const headEnd = html.indexOf('</head>');
  if (rootStart < 0 || bodyEnd < rootStart || headEnd < 0)
    throw new Error('index.html has no <div id="root"> in its body');
  const before = html.slice(0, headEnd);
  const middle = html.slice(headEnd, rootStart);
  const after = html.slice(bodyEnd);
  const fill = (head: string, root: string, rootAttributes = '') =>
    `${before}${head}${middle}<div id="root"${rootAttributes}>${root}</div>${after}`;
  return Object.assign(fill, {
    root: html.slice(rootStart + '<div id="root">'.length, html.lastIndexOf('</div>', bodyEnd)),
  });
}
