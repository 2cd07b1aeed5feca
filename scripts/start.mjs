#!/usr/bin/env node
// `npm start`: install, build and serve the whole site as plain processes — the API and one web
// server per front-end app, each on its own port/origin (the topology of docker-compose.yml).
//
//   npm start                          install, build, serve everything
//   npm start -- --no-install --no-build
//   npm start -- --only api,host,marketing     a subset (see docs/operations.md)
//
// Ports come from HOST_PORT, MARKETING_PORT, MARKETPLACE_PORT, ACCOUNT_PORT, CHECKOUT_PORT and
// API_PORT (defaults 3000–3004, 4000). Stops everything on Ctrl-C / SIGTERM; exits non-zero when a
// process dies before it is ready.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  isPortFree,
  keepRunning,
  seconds,
  startProcess,
  stopProcesses,
  waitForHttp,
} from './lib/processes.mjs';
import { pnpm } from './pnpm.mjs';
// The app table is plain JavaScript (server/src/apps.mjs): it loads before anything is installed.
import { API, APPS, findApp, portOf, repoRoot } from '../server/src/apps.mjs';

/** @typedef {import('../server/src/apps.mjs').App} App */
/** @typedef {import('./lib/processes.mjs').Started} Started */

const { values } = parseArgs({
  options: {
    install: { type: 'boolean', default: true },
    build: { type: 'boolean', default: true },
    only: { type: 'string' },
    'ready-timeout': { type: 'string', default: '120' },
    help: { type: 'boolean', short: 'h' },
  },
  allowNegative: true,
});
const { install, build } = values;

if (values.help) {
  console.log(
    'Usage: node scripts/start.mjs [--no-install] [--no-build] [--only api,host,marketing,marketplace,account,checkout]',
  );
  process.exit(0);
}

/** @param {string} line */
const log = (line) => console.log(`[start] ${line}`);
/** @param {string} message @returns {never} */
const fail = (message) => {
  console.error(`[start] error: ${message}`);
  process.exit(1);
};

const all = [API, ...APPS];
const wanted = values.only ? values.only.split(',').map((s) => s.trim()) : all.map((a) => a.name);
const units = all.filter(
  (a) => wanted.includes(a.name) || wanted.includes(a.dir) || wanted.includes(a.pkg),
);
if (units.length !== wanted.length)
  fail(`--only: unknown name in "${values.only}" (known: ${all.map((a) => a.name).join(', ')})`);
const present = units.filter((u) => existsSync(join(repoRoot, u.dir, 'package.json')));
for (const missing of units.filter((u) => !present.includes(u)))
  log(`skipping ${missing.name}: ${missing.dir}/ is not in this checkout`);
if (present.length === 0) fail('nothing to start');

const env = { ...process.env };
const hostOrigin = `http://localhost:${portOf(findApp('host'), env)}`;
// The API allows the site's origins and builds links to the site unless told otherwise.
env.CORS_ORIGINS ??= APPS.map((a) => `http://localhost:${portOf(a, env)}`).join(',');
env.SITE_URL ??= hostOrigin;

/** @param {string} label @param {() => number} fn */
const timed = (label, fn) => {
  const started = Date.now();
  const status = fn();
  log(
    `${label}: ${status === 0 ? 'done' : `failed (exit ${status})`} in ${seconds(Date.now() - started)}`,
  );
  if (status !== 0) process.exit(status);
};

// Ports first: failing after a two-minute build because 3000 is taken helps no one.
for (const unit of present) {
  const port = portOf(unit, env);
  if (!(await isPortFree(port)))
    fail(
      `port ${port} (${unit.portEnv}) is already in use; stop what uses it or set ${unit.portEnv}`,
    );
}

if (install)
  timed('install', () => pnpm(['install', ...(process.env.CI ? ['--frozen-lockfile'] : [])]));
// The web servers run the server package's build (server/dist, compiled by tsc: no TypeScript at
// run time on any Node line); the API's environment comes from it too (below).
const SERVER = '@hypertek/server';
const serverDir = join(repoRoot, 'server');
if (build) {
  // The API runs from source (`tsx src/server.ts`): its `build` is only a type check, so it is
  // built only when its start script runs a build output.
  /** @param {App} u */
  const needsBuild = (u) =>
    u !== API ||
    /\bdist\//.test(
      /** @type {{ scripts?: Record<string, string> }} */ (
        JSON.parse(readFileSync(join(repoRoot, u.dir, 'package.json'), 'utf8'))
      ).scripts?.start ?? '',
    );
  const filters = [SERVER, ...present.filter(needsBuild).map((u) => u.pkg)].flatMap((pkg) => [
    '--filter',
    pkg,
  ]);
  timed('build', () => pnpm(['-r', '--workspace-concurrency=2', ...filters, 'build']));
}
if (!existsSync(join(serverDir, 'dist/cli/serve.js')))
  fail('server/dist is missing: build it (drop --no-build)');
// After the build: the API's environment comes from the server's runtime config (its release
// token is the one the host's server uses).
const { apiProcessEnv } = await import('@hypertek/server/runtime-config');

/** @type {Started[]} */
const children = [];
let stopping = false;
/** @param {string} signal */
const shutdown = async (signal, code = 0) => {
  if (stopping) return;
  stopping = true;
  log(
    `${signal}: stopping ${children.filter((c) => c.exitCode === null && c.signalCode === null).length} processes`,
  );
  await stopProcesses(children);
  process.exit(code);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// `npm start` stopped with SIGTERM exits without passing the signal on: when the parent is gone
// (this process re-parented), stop rather than leave the servers running as orphans.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown('parent exited');
}, 1000).unref();

/**
 * Starts one unit's process (the API, or one app's web server) and adds it to `children`.
 * @param {App} unit
 */
function launch(unit) {
  const child =
    unit === API
      ? startProcess(
          'api',
          process.execPath,
          [join(repoRoot, 'scripts/pnpm.mjs'), '--filter', API.pkg, 'start'],
          { env: apiProcessEnv(env), cwd: repoRoot },
        )
      : startProcess(
          unit.name,
          process.execPath,
          [join(serverDir, 'dist/cli/serve.js'), '--app', unit.name],
          { env, cwd: repoRoot },
        );
  children.push(child);
  return child;
}

const ready = [];
for (const unit of present) {
  const port = portOf(unit, env);
  if (unit !== API && !existsSync(join(repoRoot, unit.dir, 'dist'))) {
    await stopProcesses(children);
    fail(`${unit.dir}/dist is missing: build it (drop --no-build)`);
  }
  const child = launch(unit);
  if (unit === API) {
    const base = `http://127.0.0.1:${port}`;
    const probes = ['/readyz', '/api/v1/readyz', '/healthz', '/api/v1/healthz'].map(
      (p) => base + p,
    );
    ready.push({
      unit,
      child,
      url: `http://localhost:${port}/api/v1`,
      wait: waitForHttp(probes, {
        child,
        name: 'api',
        timeoutMs: Number(values['ready-timeout']) * 1000,
      }),
    });
  } else {
    const url = `http://localhost:${port}/`;
    ready.push({
      unit,
      child,
      url: unit.remote ? `${url}mf-manifest.json` : url,
      wait: waitForHttp([`http://127.0.0.1:${port}/config.json`], {
        child,
        name: unit.name,
        timeoutMs: 30_000,
      }),
    });
  }
}

try {
  await Promise.all(ready.map((r) => r.wait));
} catch (error) {
  console.error(`[start] error: ${/** @type {Error} */ (error).message}; stopping everything`);
  await shutdown('startup failure', 1);
}

log('ready:');
for (const { unit, url } of ready) log(`  ${unit.name.padEnd(12)} ${url}`);
if (present.some((u) => u.name === 'host')) log(`open ${hostOrigin}/ — Ctrl-C stops everything`);

// After start, a process that exits is started again and the restart is said (keepRunning): a
// remote that is down is a degraded site, and one file gone must not leave it so until someone
// restarts by hand. One that keeps exiting soon after its start is left down, and when every one
// is left down this exits non-zero.
const leftDown = new Set();
for (const { unit, child } of ready)
  keepRunning(child, () => launch(unit), {
    isStopping: () => stopping,
    log: (line) => console.error(`[start] ${line}`),
    onRestart: (next, previous) => children.splice(children.indexOf(previous), 1),
    onLeftDown: () => {
      leftDown.add(unit.name);
      if (leftDown.size === ready.length) void shutdown('every process left down', 1);
    },
  });
