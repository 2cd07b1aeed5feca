import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DEFAULT_LIMITS,
  formatTable,
  isEntry,
  pageReport,
  resolveLimits,
  unusedBytes,
  unusedOf,
} from './bundle-size.mjs';

const SITE = 'http://localhost:3000';

test('unused bytes as Lighthouse counts them: every byte of a range that never ran', () => {
  // A script of 1000 bytes: the top level ran, a function at 100–400 never did (with a nested range
  // of its own, unused as well), another at 500–600 ran.
  const coverage = {
    functions: [
      { ranges: [{ startOffset: 0, endOffset: 1000, count: 1 }] },
      {
        ranges: [
          { startOffset: 100, endOffset: 400, count: 0 },
          { startOffset: 200, endOffset: 300, count: 0 },
        ],
      },
      { ranges: [{ startOffset: 500, endOffset: 600, count: 3 }] },
    ],
  };
  assert.deepEqual(unusedOf(coverage), { unusedLength: 300, contentLength: 1000 });
  assert.deepEqual(unusedOf({ functions: [] }), { unusedLength: 0, contentLength: 0 });
});

test('unused bytes in a compressed size: the unused share of the decoded bytes', () => {
  const script = {
    url: `${SITE}/static/js/main.abc.js`,
    gzip: 400,
    brotli: 350,
    raw: 1000,
    coverage: { unusedLength: 250, contentLength: 1000 },
  };
  assert.equal(unusedBytes(script, 'gzip'), 100);
  assert.equal(unusedBytes(script, 'brotli'), 88);
  // Downloaded but never run (a preload nobody used): unused whole.
  assert.equal(unusedBytes({ ...script, coverage: null }, 'gzip'), 400);
});

test('the entry is the host’s main script, not a remote’s or a chunk', () => {
  assert.equal(isEntry(`${SITE}/static/js/main.17f289d8c6.js`, SITE), true);
  assert.equal(isEntry('http://localhost:3001/static/js/main.17f289d8c6.js', SITE), false);
  assert.equal(isEntry(`${SITE}/static/js/http-client.afad667bea.js`, SITE), false);
  assert.equal(isEntry(`${SITE}/remoteEntry.js`, SITE), false);
});

test('a page over either limit fails with one line each, saying by how much', () => {
  const entry = {
    url: `${SITE}/static/js/main.abc.js`,
    gzip: 100_000,
    brotli: 90_000,
    raw: 300_000,
    coverage: { unusedLength: 60_000, contentLength: 300_000 },
  };
  const remote = {
    url: 'http://localhost:3001/remoteEntry.js',
    gzip: 25_500,
    brotli: 22_000,
    raw: 60_000,
    coverage: { unusedLength: 0, contentLength: 60_000 },
  };
  const report = pageReport({
    path: '/land',
    siteOrigin: SITE,
    scripts: [entry, remote],
    limits: DEFAULT_LIMITS,
  });
  assert.deepEqual(report.js, { gzipKb: 125.5, brotliKb: 112, rawKb: 360 });
  assert.deepEqual(report.entry, {
    url: entry.url,
    gzipKb: 100,
    unusedGzipKb: 20,
    unusedBrotliKb: 18,
    unusedPercent: 20,
  });
  assert.deepEqual(report.failures, [
    '/land: 125.5 kB gzip of JavaScript before the page is interactive exceeds 120 kB (by 5.5 kB)',
    '/land: 20 kB gzip of the entry is unused on the page, over 15 kB (by 5 kB)',
  ]);
  const within = pageReport({
    path: '/',
    siteOrigin: SITE,
    scripts: [entry],
    limits: { maxJsKb: 130, maxEntryUnusedKb: 25 },
  });
  assert.deepEqual(within.failures, []);
  assert.match(formatTable([report, within]), /\/land .*FAIL\n\/ .*ok/);
});

test('a page without the entry fails: nothing of the host ran', () => {
  const report = pageReport({ path: '/', siteOrigin: SITE, scripts: [], limits: DEFAULT_LIMITS });
  assert.deepEqual(report.failures, ["/: the host's entry script (main.*.js) was not loaded"]);
});

test('limits: flags, else the environment, else issue 27’s', () => {
  assert.deepEqual(resolveLimits({}, {}), { maxJsKb: 120, maxEntryUnusedKb: 15 });
  assert.deepEqual(resolveLimits({ 'max-js-kb': '130' }, { BUNDLE_MAX_ENTRY_UNUSED_KB: '40' }), {
    maxJsKb: 130,
    maxEntryUnusedKb: 40,
  });
  assert.throws(() => resolveLimits({ 'max-js-kb': 'lots' }, {}), /--max-js-kb/);
});
