// The pure part of the bundle budget (scripts/bundle-size.mjs): the limits, the unused bytes of a
// script from Chromium's coverage (counted as Lighthouse's unused-javascript audit counts them),
// one page's figures and its verdict, and the printed table. Nothing here runs a browser, so the
// tests (bundle-size.test.mjs) run on made-up coverage.

/**
 * Issue 27's limits, per page of the Lighthouse step (docs/operations.md § Bundle budget): the
 * JavaScript a page downloads before it is interactive, and what the page does not run of the
 * host's entry script, both in kB (1000 bytes) gzip.
 */
export const DEFAULT_LIMITS = Object.freeze({ maxJsKb: 120, maxEntryUnusedKb: 15 });

/** kB as browsers' developer tools and the docs count them: 1000 bytes, one decimal. */
export const kb = (bytes) => Math.round(bytes / 100) / 10;

/**
 * The limits from the command line's values, else the environment, else the defaults. Throws
 * with the option's name when a value is not a positive number.
 * @param {Record<string, string | boolean | undefined>} values parseArgs values
 * @param {NodeJS.ProcessEnv} env
 */
export function resolveLimits(values, env = process.env) {
  const number = (flag, variable, fallback) => {
    const raw = values[flag] ?? env[variable];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`--${flag} (${variable}): "${String(raw)}" is not a positive number`);
    return value;
  };
  return {
    maxJsKb: number('max-js-kb', 'BUNDLE_MAX_JS_KB', DEFAULT_LIMITS.maxJsKb),
    maxEntryUnusedKb: number(
      'max-entry-unused-kb',
      'BUNDLE_MAX_ENTRY_UNUSED_KB',
      DEFAULT_LIMITS.maxEntryUnusedKb,
    ),
  };
}

/**
 * The bytes of a script that did not run, from Chromium's precise coverage
 * (`Profiler.takePreciseCoverage` after `startPreciseCoverage({ detailed: false })`, what
 * Lighthouse records): every byte inside a range that ran zero times, over the script's length
 * (its last range's end). Lighthouse's UnusedJavascriptSummary.computeWaste, to the byte.
 * @param {{ functions: { ranges: { startOffset: number, endOffset: number, count: number }[] }[] }} coverage
 * @returns {{ unusedLength: number, contentLength: number }}
 */
export function unusedOf(coverage) {
  let contentLength = 0;
  for (const fn of coverage.functions)
    for (const range of fn.ranges) contentLength = Math.max(contentLength, range.endOffset);
  const unused = new Uint8Array(contentLength);
  for (const fn of coverage.functions)
    for (const range of fn.ranges)
      if (range.count === 0) unused.fill(1, range.startOffset, range.endOffset);
  let unusedLength = 0;
  for (const byte of unused) unusedLength += byte;
  return { unusedLength, contentLength };
}

/**
 * @typedef {{ url: string, gzip: number, brotli: number, raw: number,
 *   coverage?: { unusedLength: number, contentLength: number } | null }} ScriptFigures
 *   One script the page downloaded: its bytes as gzip and as brotli (asked for with one encoding
 *   only), decoded, and its coverage when it ran.
 */

/**
 * Unused bytes in a compressed size: the script's unused share of its decoded bytes times its
 * compressed bytes (Lighthouse's compression-ratio estimate). A script that never ran is unused
 * whole.
 * @param {ScriptFigures} script
 * @param {'gzip' | 'brotli'} encoding
 */
export function unusedBytes(script, encoding) {
  const { coverage } = script;
  if (!coverage) return script[encoding];
  if (coverage.contentLength === 0) return 0;
  return Math.round((coverage.unusedLength / coverage.contentLength) * script[encoding]);
}

/** Whether a script is the host's entry (`static/js/main.<hash>.js` on the site's origin). */
export const isEntry = (url, siteOrigin) => {
  const address = new URL(url);
  return address.origin === siteOrigin && /^\/static\/js\/main\.[\w-]+\.js$/.test(address.pathname);
};

/**
 * One page's figures: every script before the page was interactive, their sum, the entry's
 * unused bytes, and the limits it broke (one line each, empty when none).
 * @param {{ path: string, siteOrigin: string, scripts: ScriptFigures[],
 *   limits: { maxJsKb: number, maxEntryUnusedKb: number } }} input
 */
export function pageReport({ path, siteOrigin, scripts, limits }) {
  const sum = (key) => scripts.reduce((total, s) => total + s[key], 0);
  const entry = scripts.find((s) => isEntry(s.url, siteOrigin)) ?? null;
  const js = { gzipKb: kb(sum('gzip')), brotliKb: kb(sum('brotli')), rawKb: kb(sum('raw')) };
  const entryFigures = entry && {
    url: entry.url,
    gzipKb: kb(entry.gzip),
    unusedGzipKb: kb(unusedBytes(entry, 'gzip')),
    unusedBrotliKb: kb(unusedBytes(entry, 'brotli')),
    unusedPercent: entry.coverage
      ? Math.round((100 * entry.coverage.unusedLength) / (entry.coverage.contentLength || 1))
      : 100,
  };
  const failures = [];
  if (js.gzipKb > limits.maxJsKb)
    failures.push(
      `${path}: ${js.gzipKb} kB gzip of JavaScript before the page is interactive exceeds ${limits.maxJsKb} kB (by ${kb((js.gzipKb - limits.maxJsKb) * 1000)} kB)`,
    );
  if (!entryFigures) failures.push(`${path}: the host's entry script (main.*.js) was not loaded`);
  else if (entryFigures.unusedGzipKb > limits.maxEntryUnusedKb)
    failures.push(
      `${path}: ${entryFigures.unusedGzipKb} kB gzip of the entry is unused on the page, over ${limits.maxEntryUnusedKb} kB (by ${kb((entryFigures.unusedGzipKb - limits.maxEntryUnusedKb) * 1000)} kB)`,
    );
  return {
    path,
    files: scripts.length,
    js,
    entry: entryFigures,
    scripts: scripts.map((s) => ({
      url: s.url,
      gzipKb: kb(s.gzip),
      brotliKb: kb(s.brotli),
      unusedGzipKb: kb(unusedBytes(s, 'gzip')),
      ran: Boolean(s.coverage),
    })),
    failures,
  };
}

/**
 * The summary table, one row per page.
 * @param {ReturnType<typeof pageReport>[]} reports
 */
export function formatTable(reports) {
  const header = [
    'page',
    'JS gzip',
    'JS brotli',
    'files',
    'entry gzip',
    'entry unused gzip',
    'verdict',
  ];
  const rows = reports.map((r) => [
    r.path,
    `${r.js.gzipKb} kB`,
    `${r.js.brotliKb} kB`,
    String(r.files),
    r.entry ? `${r.entry.gzipKb} kB` : '—',
    r.entry ? `${r.entry.unusedGzipKb} kB (${r.entry.unusedPercent}%)` : '—',
    r.failures.length === 0 ? 'ok' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
