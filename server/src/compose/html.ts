// The pieces of HTML the composed documents are made of: text made safe for an attribute or a
// script element, the boot script, inline stylesheets, font preloads, and the page to fill.

/** JSON that is safe inside a <script> element. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

export const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Starts the app once the page drawn by the server has been painted (when the browser reports the
 * first paint, then after the next frame), or after a second at the latest (a background tab paints
 * nothing): the app's scripts download in parallel (preloaded) but their work never stands between
 * the visitor and the first paint. Its hash is in the Content-Security-Policy (http/handler.ts).
 */
export const BOOT_SCRIPT =
  '<script>(function(){var done=false;function boot(){if(done)return;done=true;' +
  'document.querySelectorAll("link[data-boot]").forEach(function(l){var s=document.createElement("script");s.src=l.href;s.async=false;document.head.appendChild(s)})}' +
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
  return `<style>${text.replace(/<\/style/gi, '<\\/style')}</style>`;
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
