#!/usr/bin/env node
// The bundle budget, per page of the Lighthouse step (docs/operations.md § Bundle budget): each page
// is opened in Chromium with an empty cache at a phone's size (as Lighthouse's mobile run) until it
// is interactive — its route's page has hydrated (`[data-remote]`) and the network is idle — and
// the script measures:
// - the JavaScript it downloaded, in kB gzip (what a gzip-only client gets, asked for with gzip
//   only; brotli, what Chromium gets here, is printed beside it);
// - what the page did not run of the host's entry script (`main.<hash>.js`), from Chromium's
//   coverage, counted as Lighthouse's unused-javascript audit counts it.
// It prints every script of every page and fails when a page is over either limit.
//
//   node scripts/bundle-size.mjs                        serve the built apps and the seeded API
//   node scripts/bundle-size.mjs --pages /,/land
//   node scripts/bundle-size.mjs --url http://localhost:3000   measure a running site
//   node scripts/bundle-size.mjs --json                 the figures as JSON on stdout
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import {
  formatTable,
  isEntry,
  kb,
  pageReport,
  resolveLimits,
  unusedOf,
} from './lib/bundle-size.mjs';
import { CHROMIUM_FLAGS, findChromium } from './lib/chromium.mjs';
import { PHONE } from './lib/interactions.mjs';
import { DEFAULT_PAGES } from './lib/lighthouse.mjs';
import { startStack } from './lib/stack.mjs';
import { APPS, repoRoot } from '../server/src/apps.mjs';

const USAGE = `Usage: node scripts/bundle-size.mjs [options]
  --url URL                 measure a running site instead of serving the builds
  --pages /,/land           paths to measure (default: the Lighthouse step's, ${DEFAULT_PAGES.join(',')})
  --max-js-kb N             JavaScript before interactive, kB gzip (default 120; BUNDLE_MAX_JS_KB)
  --max-entry-unused-kb N   the entry's unused bytes, kB gzip (default 15; BUNDLE_MAX_ENTRY_UNUSED_KB)
  --json                    the figures as JSON on stdout, the log on stderr`;

let values;
let limits;
try {
  ({ values } = parseArgs({
    options: {
      url: { type: 'string' },
      pages: { type: 'string' },
      'max-js-kb': { type: 'string' },
      'max-entry-unused-kb': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }));
  limits = resolveLimits(values);
} catch (error) {
  console.error(
    `[bundle-size] ${error instanceof Error ? error.message : String(error)}\n${USAGE}`,
  );
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const pages = values.pages
  ? values.pages
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
  : DEFAULT_PAGES;
const log = (line) => (values.json ? console.error(line) : console.log(line));

/** Bytes of a URL's body when asked for with one encoding only. */
function encodedSize(url, encoding) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      let size = 0;
      res.on('data', (chunk) => (size += chunk.length));
      res.on('end', () => resolve(size));
    })
      .on('error', reject)
      .end();
  });
}

// Nothing to measure is a failure, not a pass: the builds must be there.
const missing = values.url
  ? []
  : APPS.filter(
      (app) =>
        !existsSync(
          join(repoRoot, app.dir, 'dist', app.remote ? 'mf-manifest.json' : 'index.html'),
        ),
    );
if (missing.length > 0) {
  console.error(
    `[bundle-size] FAIL: nothing to measure, no build of ${missing.map((a) => a.dir).join(', ')} (run \`npm run build\` first)`,
  );
  process.exit(1);
}

// The API's log is left out (its failures show as pages that do not render).
const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
const stack = values.url ? null : await startStack({ log: () => {}, apiOutput: quiet });
const siteUrl = (values.url ?? stack?.siteUrl ?? '').replace(/\/+$/, '');
const siteOrigin = new URL(siteUrl).origin;
// Each page asked for once first: a server just started answers its first requests slowly (the
// API's first queries), and a page whose first reads are late is served without their answers,
// so it would load the HTTP client to ask for them, which a visitor of a running site does not.
for (const path of pages) await fetch(siteUrl + path).then((response) => response.arrayBuffer());
const browser = await chromium.launch({
  executablePath: findChromium() ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});

/** One page, in a fresh context (empty cache): its scripts, their sizes and coverage. */
async function measure(path) {
  const context = await browser.newContext({ ...PHONE, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // What Lighthouse records for its unused-javascript audit: function-level coverage.
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { detailed: false });
    await page.goto(siteUrl + path, { waitUntil: 'load', timeout: 60_000 });
    // Interactive: the route's page runs its own code (it hydrated), and nothing more is on its way.
    await page.locator('[data-remote]').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const { result } = await cdp.send('Profiler.takePreciseCoverage');
    await cdp.send('Profiler.stopPreciseCoverage');
    const coverage = new Map(result.filter((s) => s.url).map((s) => [s.url, unusedOf(s)]));
    const urls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => r.name)
        .filter((url) => new URL(url).pathname.endsWith('.js')),
    );
    const scripts = [];
    for (const url of new Set(urls)) {
      const [gzip, brotli, raw] = await Promise.all([
        encodedSize(url, 'gzip'),
        encodedSize(url, 'br'),
        encodedSize(url, 'identity'),
      ]);
      scripts.push({ url, gzip, brotli, raw, coverage: coverage.get(url) ?? null });
    }
    return pageReport({ path, siteOrigin, scripts, limits });
  } finally {
    await context.close();
  }
}

const reports = [];
try {
  for (const path of pages) {
    const report = await measure(path);
    reports.push(report);
    log(
      `[bundle-size] ${path}: ${report.js.gzipKb} kB gzip (${report.js.brotliKb} kB brotli) in ${report.files} scripts before interactive; entry ${report.entry ? `${report.entry.unusedGzipKb} kB gzip unused (${report.entry.unusedPercent}%)` : 'not loaded'}`,
    );
    for (const s of report.scripts) {
      const address = new URL(s.url);
      const where = address.origin === siteOrigin ? 'host' : address.host;
      log(
        `[bundle-size]   ${String(s.gzipKb).padStart(6)} kB gz ${String(s.brotliKb).padStart(6)} kB br  unused ${String(s.unusedGzipKb).padStart(5)} kB gz${s.ran ? '' : ' (never ran)'}  ${isEntry(s.url, siteOrigin) ? 'entry ' : ''}${where}${address.pathname}`,
      );
    }
  }
} finally {
  await browser.close();
  await stack?.close();
}

const failures = reports.flatMap((r) => r.failures);
if (values.json)
  console.log(JSON.stringify({ url: siteUrl, limits, pages: reports, failures }, null, 2));
else {
  console.log(`\n${formatTable(reports)}\n`);
  console.log(
    `[bundle-size] limits: ${limits.maxJsKb} kB gzip of JavaScript before interactive, ${limits.maxEntryUnusedKb} kB gzip unused of the entry; kB = 1000 bytes`,
  );
}
for (const failure of failures) console.error(`[bundle-size] FAIL ${failure}`);
if (failures.length > 0) process.exitCode = 1;
else
  log(
    `[bundle-size] ok: ${reports.length} pages within ${kb(limits.maxJsKb * 1000)} kB and ${limits.maxEntryUnusedKb} kB`,
  );
