#!/usr/bin/env node
// Mozilla's HTTP Observatory (npm @mdn/mdn-http-observatory, the scanner behind
// developer.mozilla.org/observatory) on a site, on any ports:
//
//   node deploy/observatory.mjs hypertek.example                  ports 80 and 443, as Mozilla's
//   node deploy/observatory.mjs localhost --http-port 8080 --https-port 8443 [--json]
//
// The package's own `scan(hostname)` (1.4) always asks ports 80 and 443; its retriever takes other
// ports, so this runs the steps `scan` runs (the retrieval, every test, the same grading from the
// package's own tables) with them. The certificate must be trusted: for a private CA (Caddy's, in
// deploy/tls.test.mjs) start this with NODE_EXTRA_CA_CERTS naming its root. Prints the grade, the
// score and every failed test (or, with --json, the whole result); exits 0 when the scan ran.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { retrieve } from '@mdn/mdn-http-observatory/src/retriever/retriever.js';
import { ALL_TESTS, NUM_TESTS } from '@mdn/mdn-http-observatory/src/constants.js';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
import {
  getGradeForScore,
  getScoreDescription,
  getScoreModifier,
} from '@mdn/mdn-http-observatory/src/grader/grader.js';

// The package downloads Chromium's HSTS preload list at install (its postinstall script, which
// pnpm does not run, and which needs GitHub): without it, no domain counts as preloaded, which
// changes nothing for a domain that is not on the list (localhost never is). Said, not hidden.
const PRELOAD_LIST = /[\\/]conf[\\/]hsts-preload\.json$/;
let preloadListMissing = false;
const readFileSync = fs.readFileSync;
// @ts-expect-error -- the same function, answering `{}` for the missing list only
fs.readFileSync = (path, ...rest) => {
  if (PRELOAD_LIST.test(String(path)) && !fs.existsSync(path)) {
    preloadListMissing = true;
    return '{}';
  }
  return readFileSync(path, ...rest);
};

/**
 * Scans `hostname` as the package's `scan()` does, on the given ports.
 * @param {string} hostname
 * @param {{ httpPort?: number, httpsPort?: number }} [ports]
 */
export async function observe(hostname, { httpPort, httpsPort } = {}) {
  const requests = await retrieve(hostname, { httpPort, httpsPort });
  const auto = requests.responses.auto;
  if (!auto) throw new Error(`${hostname} does not answer over http or https`);
  if (auto.status < 200 || (auto.status >= 400 && ![401, 403].includes(auto.status)))
    throw new Error(`${hostname} answered ${auto.status}`);
  const results = ALL_TESTS.map((test) => test(requests));
  let passed = 0;
  let withExtraCredit = 100;
  let uncurved = 100;
  for (const result of results) {
    if (!result.result) continue;
    result.scoreDescription = getScoreDescription(result.result);
    result.scoreModifier = getScoreModifier(result.result);
    if (result.pass) passed += 1;
    withExtraCredit += result.scoreModifier;
    if (result.scoreModifier < 0) uncurved += result.scoreModifier;
  }
  const { grade, score } = getGradeForScore(
    uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved,
  );
  return {
    grade,
    score,
    testsPassed: passed,
    testsQuantity: NUM_TESTS,
    preloadListMissing,
    tests: results.map((r) => ({
      name: /** @type {{ name: string }} */ (r.constructor).name,
      pass: r.pass,
      result: r.result,
      scoreModifier: r.scoreModifier,
      scoreDescription: r.scoreDescription,
    })),
  };
}

/** One line per failed test (or per test costing points), for a person to read. */
export const failedLines = (/** @type {Awaited<ReturnType<typeof observe>>} */ scan) =>
  scan.tests
    .filter((t) => !t.pass || t.scoreModifier < 0)
    .map((t) => `${t.name}: ${t.result} (${t.scoreModifier}) ${t.scoreDescription ?? ''}`.trim());

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'http-port': { type: 'string' },
      'https-port': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const port = (/** @type {string | undefined} */ raw) => {
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 65535) {
      console.error(`observatory: "${raw}" is not a port`);
      process.exit(2);
    }
    return n;
  };
  const [hostname] = positionals;
  if (!hostname || positionals.length > 1) {
    console.error(
      'Usage: node deploy/observatory.mjs HOSTNAME [--http-port N] [--https-port N] [--json]',
    );
    process.exit(2);
  }
  try {
    const scan = await observe(hostname, {
      httpPort: port(values['http-port']),
      httpsPort: port(values['https-port']),
    });
    if (values.json) console.log(JSON.stringify(scan));
    else {
      console.log(
        `${hostname}: grade ${scan.grade}, score ${scan.score}, ${scan.testsPassed}/${scan.testsQuantity} tests passed`,
      );
      for (const line of failedLines(scan)) console.log(`  ${line}`);
      if (scan.preloadListMissing)
        console.log('  (no HSTS preload list installed: no domain counted as preloaded)');
    }
  } catch (error) {
    console.error(`observatory: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
