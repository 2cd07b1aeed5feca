#!/usr/bin/env node
// Bundle-size check: loads `/` of the served site in Chromium (empty cache) and sums the JavaScript
// transferred before the first paint — the browser's first contentful paint, and the app's own first
// paint (the host's top bar: index.html paints a script-free splash first, which would make FCP
// alone a figure of 0) — and until the page's main content is shown and the network is idle. Prints both in kB (1000 bytes) (as compressed on the wire, and gzip for the budget) and
// fails when the first-paint figure exceeds the budget (docs/operations.md).
//
//   node scripts/bundle-size.mjs                      serve the built apps itself (free ports)
//   node scripts/bundle-size.mjs --url http://localhost:3000/   measure a running site
//   BUNDLE_BUDGET_KB=130 node scripts/bundle-size.mjs --json
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from './lib/chromium.mjs';
import { APPS, repoRoot } from '../server/src/apps.mjs';
import { startSite } from '@hypertek/server/site';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    budget: { type: 'string', default: process.env.BUNDLE_BUDGET_KB ?? '125' },
    json: { type: 'boolean', default: false },
  },
});
const budgetKb = Number(values.budget);
/** kB as browsers' developer tools and docs/architecture.md count them: 1000 bytes. */
const kb = (bytes) => Math.round(bytes / 100) / 10;

/** Bytes of a URL's body when asked for with one encoding only (what a gzip-only client gets). */
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
const site = values.url ? null : await startSite({ log: () => {} });
const pageUrl = values.url ?? `${site.url('host')}/`;
const browser = await chromium.launch({
  executablePath: findChromium() ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // When the host's shell (its top bar) is first in the DOM: the first paint of the app itself.
  // The browser's FCP is earlier when index.html paints a splash without any script.
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('header[data-testid="top-bar"]')) {
        window.__shellAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto(pageUrl, { waitUntil: 'networkidle', timeout: 60_000 });
  // The main content: a remote's route with its heading.
  await page.locator('[data-remote] h1').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const resources = performance.getEntriesByType('resource').map((r) => ({
      url: r.name,
      end: r.responseEnd,
      encoded: r.encodedBodySize,
      decoded: r.decodedBodySize,
    }));
    return { fcp, shell: window.__shellAt ?? null, resources };
  });
  if (timing.fcp === null) throw new Error('no first-contentful-paint entry: did the page paint?');
  if (timing.shell === null) throw new Error('the top bar never appeared: is this the host?');
  const scripts = timing.resources.filter((r) => new URL(r.url).pathname.endsWith('.js'));
  for (const s of scripts) {
    s.gzip = await encodedSize(s.url, 'gzip');
    s.br = await encodedSize(s.url, 'br');
  }
  /** Totals of a list of scripts, in kB. */
  const totals = (list) => {
    const sum = (key) => kb(list.reduce((total, r) => total + r[key], 0));
    return {
      files: list.length,
      wireKb: sum('encoded'),
      gzipKb: sum('gzip'),
      brotliKb: sum('br'),
      rawKb: sum('decoded'),
    };
  };
  const beforeFcp = scripts.filter((s) => s.end <= timing.fcp);
  // The budget is the shell's: the host's own scripts before the app's first paint. The route's
  // remote entry and page script are preloaded by the composed HTML (server/src/compose/), so
  // they often arrive before that paint too; they are the page's, reported beside the budget.
  const siteOrigin = new URL(pageUrl).origin;
  const ownOrigin = (s) => new URL(s.url).origin === siteOrigin;
  const beforePaint = scripts.filter((s) => s.end <= timing.shell && ownOrigin(s));
  const pageBeforePaint = scripts.filter((s) => s.end <= timing.shell && !ownOrigin(s));
  const report = {
    url: pageUrl,
    fcpMs: Math.round(timing.fcp),
    shellMs: Math.round(timing.shell),
    budgetKb,
    firstContentfulPaint: totals(beforeFcp),
    firstPaint: totals(beforePaint),
    pagePreloadedBeforePaint: totals(pageBeforePaint),
    mainContent: totals(scripts),
    scripts: scripts.map((s) => ({
      url: s.url,
      gzipKb: kb(s.gzip),
      beforePaint: s.end <= timing.shell && ownOrigin(s),
      preloadedPage: s.end <= timing.shell && !ownOrigin(s),
    })),
  };
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(
      `[bundle-size] ${pageUrl} — first contentful paint ${report.fcpMs} ms, app's first paint (top bar) ${report.shellMs} ms`,
    );
    for (const s of report.scripts)
      console.log(
        `[bundle-size]   ${s.beforePaint ? 'shell ' : s.preloadedPage ? 'page  ' : '      '}${String(s.gzipKb).padStart(7)} kB gz  ${s.url}`,
      );
    const line = (label, f) =>
      `[bundle-size] ${label}: ${f.gzipKb} kB gzip, ${f.brotliKb} kB brotli, ${f.wireKb} kB on the wire, ${f.rawKb} kB raw (${f.files} files)`;
    console.log(line('JS before first contentful paint (the splash)', report.firstContentfulPaint));
    console.log(line("JS before the app's first paint (budgeted)", report.firstPaint));
    console.log(
      line("the route's page, preloaded alongside (not budgeted)", report.pagePreloadedBeforePaint),
    );
    console.log(line('JS until main content', report.mainContent));
  }
  if (report.firstPaint.gzipKb > budgetKb) {
    console.error(
      `[bundle-size] FAIL: ${report.firstPaint.gzipKb} kB gzip before the app's first paint exceeds the budget of ${budgetKb} kB`,
    );
    process.exitCode = 1;
  } else {
    console.log(`[bundle-size] ok: ${report.firstPaint.gzipKb} kB ≤ ${budgetKb} kB budget`);
  }
} finally {
  await browser.close();
  await site?.close();
}
