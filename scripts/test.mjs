#!/usr/bin/env node
// `npm test`: install, then every package's tests (unit, component, API), the tooling's own tests,
// then the browser journeys (they need a Chromium: without one the run fails, unless `--no-browser`
// leaves them out) and, on the same builds, the TLS proxy (skipped, saying why, without Caddy).
// Ends with one line `N passed, N failed` read from each runner's own summary, and exits non-zero
// if anything failed.
//
//   npm test                        everything
//   npm test -- --no-install --no-browser
//   npm test -- --only @hypertek/api,@hypertek/shared
//   npm test -- --typecheck         also the TypeScript check of every package (CI runs it)
//   npm test -- --api-services      the API's suite on DATABASE_URL and REDIS_URL, and the release
//                                   registry's PostgreSQL store on DATABASE_URL (CI; other suites
//                                   never see them)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findChromium } from './lib/chromium.mjs';
import { prefixLines, seconds } from './lib/processes.mjs';
import { failedTestNames, parseCounts } from './lib/test-counts.mjs';
import { workspacePackages } from './lib/workspace.mjs';
import { pnpm } from './pnpm.mjs';
import { APPS, repoRoot } from '../server/src/apps.mjs';

const { values } = parseArgs({
  options: {
    install: { type: 'boolean', default: true },
    build: { type: 'boolean', default: true },
    browser: { type: 'boolean', default: true },
    typecheck: { type: 'boolean', default: false },
    'api-services': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
  allowNegative: true,
});

const log = (line) => console.log(`[test] ${line}`);
const results = []; // { name, passed, failed, skipped, ms, note, failures }

/**
 * Runs a command, streaming its output prefixed, and records its counts. A `check` (no test
 * counts of its own, e.g. the typecheck) counts as one test: passed when it exits 0.
 */
function runSuite(name, command, args, env = process.env, check = false) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    prefixLines(child.stdout, name, process.stdout);
    prefixLines(child.stderr, name, process.stderr);
    child.on('close', (code) => {
      const counts = parseCounts(output);
      const result = {
        name,
        ...counts,
        ms: Date.now() - started,
        failures: failedTestNames(output),
      };
      if (check && !counts.found && code === 0) {
        result.passed = 1;
      } else if (code !== 0 && counts.failed === 0) {
        // A crash, a compile error or a runner that printed no summary still counts as a failure.
        result.failed = 1;
        result.note = `exited ${code} without reporting a failed test`;
      } else if (!counts.found) {
        result.note = 'no test counts found in the output';
      }
      results.push(result);
      resolve(result);
    });
  });
}

const pnpmArgs = () => {
  const version = JSON.parse(
    readFileSync(join(repoRoot, 'package.json'), 'utf8'),
  ).packageManager.split('@')[1];
  const found = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() === version
    ? ['pnpm', []]
    : ['npx', ['-y', `pnpm@${version}`]];
};

/** Workspace packages (folder, name) that have a `test` script. */
const testedPackages = () => workspacePackages(repoRoot).filter(({ pkg }) => pkg.scripts?.test);

const started = Date.now();
if (values.install) {
  const status = pnpm(['install', ...(process.env.CI ? ['--frozen-lockfile'] : [])]);
  if (status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(status);
  }
}

const only = values.only?.split(',').map((s) => s.trim());
const packages = testedPackages().filter(
  ({ pkg, dir }) =>
    pkg.name !== '@hypertek/e2e' && (!only || only.includes(pkg.name) || only.includes(dir)),
);
const [pm, pmPrefix] = pnpmArgs();

// Unit/component/API tests, two packages at a time (2 cores; jest uses one worker per package here).
// Embedded database only: never PostgreSQL or Redis, whatever the caller's environment says.
const unitEnv = { ...process.env, CI: process.env.CI ?? '1' };
delete unitEnv.DATABASE_URL;
delete unitEnv.REDIS_URL;
// The API's suite is the longest (a database per test file): start it first so that the other
// worker runs the rest meanwhile.
// `--api-services` (CI): the API's suite, and it alone, on the caller's PostgreSQL and Redis.
const apiEnv = values['api-services']
  ? { ...unitEnv, DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL }
  : unitEnv;
if (values['api-services'] && !process.env.DATABASE_URL) {
  console.error('[test] --api-services needs DATABASE_URL (and REDIS_URL) in the environment');
  process.exit(2);
}
// `--api-services`: the release registry's PostgreSQL store is tested on the caller's server too.
const serverEnv = values['api-services']
  ? { ...unitEnv, RELEASES_TEST_DATABASE_URL: process.env.DATABASE_URL }
  : unitEnv;
const envOf = (name) =>
  name === '@hypertek/api' ? apiEnv : name === '@hypertek/server' ? serverEnv : unitEnv;
const queue = [
  ...packages
    .sort((a, b) => Number(b.pkg.name === '@hypertek/api') - Number(a.pkg.name === '@hypertek/api'))
    .map(({ pkg }) => ({
      name: pkg.name.replace('@hypertek/', ''),
      cmd: pm,
      args: [...pmPrefix, '--filter', pkg.name, 'test'],
      env: envOf(pkg.name),
    })),
];
// Every package's TypeScript (tsc --noEmit, one package at a time): the builds strip types
// without checking them.
if (!only && values.typecheck)
  queue.splice(1, 0, {
    name: 'typecheck',
    cmd: pm,
    args: [...pmPrefix, '-r', '--workspace-concurrency=1', 'typecheck'],
    check: true,
  });
// And the tooling that npm start runs (scripts/tsconfig.json, as `npm run typecheck` does).
if (!only && values.typecheck)
  queue.splice(2, 0, {
    name: 'typecheck:tooling',
    cmd: process.execPath,
    args: [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'scripts/tsconfig.json'],
    check: true,
  });
// The production proxy over real TLS in front of the built apps: after the browser build (below),
// not with the tooling, which runs before it.
const TLS_TEST = 'deploy/tls.test.mjs';
if (!only) {
  const toolingTests = ['scripts', 'scripts/lib', 'scripts/rspack', 'deploy']
    .filter((dir) => existsSync(join(repoRoot, dir)))
    .flatMap((dir) =>
      readdirSync(join(repoRoot, dir))
        .filter((f) => f.endsWith('.test.mjs'))
        .map((f) => join(dir, f)),
    )
    .filter((file) => file !== TLS_TEST);
  queue.push({
    name: 'tooling',
    cmd: process.execPath,
    // Through tsx: a tooling test may read the server's TypeScript source (deploy's reads its
    // runtime config) without a build.
    args: ['--import', 'tsx', '--test', '--test-reporter=tap', ...toolingTests],
  });
}
await Promise.all(
  [0, 1].map(async () => {
    for (let job = queue.shift(); job; job = queue.shift())
      await runSuite(job.name, job.cmd, job.args, job.env ?? unitEnv, job.check);
  }),
);

// Browser journeys against the real built stack.
let browserNote = '';
const chromium = findChromium();
if (!values.browser || (only && !only.includes('@hypertek/e2e') && !only.includes('e2e'))) {
  browserNote = 'browser tests: not requested';
} else if (!chromium) {
  // Not a silent pass: the journeys are part of the suite. `--no-browser` leaves them out on purpose.
  results.push({
    name: '@hypertek/e2e',
    passed: 0,
    failed: 1,
    skipped: 0,
    ms: 0,
    note: 'no Chromium found: install one (`apt-get install -y chromium`) or set CHROME_PATH; `--no-browser` leaves the journeys out',
  });
} else {
  if (values.build) {
    // The apps, and the server that serves them (server/dist).
    const filters = ['@hypertek/server', ...APPS.map((a) => a.pkg)].flatMap((p) => ['--filter', p]);
    const t = Date.now();
    const status = pnpm(['-r', '--workspace-concurrency=2', ...filters, 'build']);
    log(
      `build for the browser tests: ${status === 0 ? 'done' : 'FAILED'} in ${seconds(Date.now() - t)}`,
    );
    if (status !== 0)
      results.push({
        name: 'build',
        passed: 0,
        failed: 1,
        skipped: 0,
        ms: Date.now() - t,
        note: 'the apps did not build',
      });
  }
  if (!results.some((r) => r.name === 'build')) {
    await runSuite('e2e', pm, [...pmPrefix, '--filter', '@hypertek/e2e', 'test'], {
      ...unitEnv,
      CHROME_PATH: chromium,
    });
    // Caddy with deploy/Caddyfile on the same builds; skipped, saying why, without a `caddy`.
    if (!only && existsSync(join(repoRoot, TLS_TEST)))
      await runSuite(
        'tls',
        process.execPath,
        ['--import', 'tsx', '--test', '--test-reporter=tap', TLS_TEST],
        unitEnv,
      );
  }
}

const total = { passed: 0, failed: 0, skipped: 0 };
console.log('\n[test] summary');
for (const r of results) {
  total.passed += r.passed;
  total.failed += r.failed;
  total.skipped += r.skipped;
  const status = r.failed > 0 ? 'FAIL' : 'ok  ';
  console.log(
    `[test]   ${status} ${r.name.padEnd(20)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${String(r.skipped).padStart(3)} skipped  ${seconds(r.ms).padStart(7)}${r.note ? `  (${r.note})` : ''}`,
  );
}
if (browserNote) console.log(`[test] ${browserNote}`);
console.log(`[test] total time ${seconds(Date.now() - started)}`);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed > 0 ? 1 : 0);
