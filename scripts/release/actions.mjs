// What a team does with a remote's releases: publish a build as an immutable release, promote one
// to live, roll back to the one before, and see where everything stands. The command line
// (scripts/release.mjs) calls these; each change goes through the registry (registry.mjs).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { APPS, repoRoot } from '../serve/apps.mjs';
import { precompress } from '../serve/precompress.mjs';
import {
  readRegistry,
  readRelease,
  releaseDir,
  updateRegistry,
  VERSION_PATTERN,
} from './registry.mjs';

/** The remote named `name` (`checkout`, `remote-checkout` or its package name). */
export function remoteApp(name) {
  const app = APPS.find((a) => a.remote && (a.name === name || a.dir === name || a.pkg === name));
  if (!app)
    throw new Error(
      `"${name}" is not a remote: one of ${APPS.filter((a) => a.remote)
        .map((a) => a.name)
        .join(', ')}`,
    );
  return app;
}

/** Who makes a change: `RELEASE_ACTOR`, else git's user.email, else the system user. */
export function actorFromEnvironment(env = process.env) {
  if (env.RELEASE_ACTOR) return env.RELEASE_ACTOR;
  try {
    const email = execFileSync('git', ['config', 'user.email'], { encoding: 'utf8' }).trim();
    if (email) return email;
  } catch {
    // no git identity
  }
  return env.USER || env.USERNAME || 'unknown';
}

/** Every file of a folder, sorted, with a digest of names and contents. */
function digestOf(dir) {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort();
  for (const file of files)
    hash.update(relative(dir, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex');
}

/**
 * The version of a build: the package version plus the commit (`1.0.0+3f2a9c1`); when the remote's
 * folder or shared's has changes not committed, plus a digest of the build
 * (`1.0.0+3f2a9c1.dirty.5e0c7a1b`), so two different builds never share a version.
 */
export function versionOf(app, buildDir, cwd = repoRoot) {
  const { version } = JSON.parse(readFileSync(join(cwd, app.dir, 'package.json'), 'utf8'));
  const git = (...args) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  let commit = 'nogit';
  let dirty = true;
  try {
    commit = git('rev-parse', '--short=7', 'HEAD');
    dirty = git('status', '--porcelain', '--', app.dir, 'shared') !== '';
  } catch {
    // not a git checkout: the digest alone tells builds apart
  }
  return dirty
    ? `${version}+${commit}.dirty.${digestOf(buildDir).slice(0, 8)}`
    : `${version}+${commit}`;
}

/** What a release records of its build: the federation manifest's names, shared and exposes. */
function manifestFacts(buildDir) {
  const manifest = JSON.parse(readFileSync(join(buildDir, 'mf-manifest.json'), 'utf8'));
  return {
    name: manifest.name ?? manifest.metaData?.name,
    buildVersion: manifest.metaData?.buildInfo?.buildVersion ?? null,
    shared: (manifest.shared ?? []).map((s) => ({
      name: s.name,
      version: s.version,
      requiredVersion: s.requiredVersion,
      singleton: Boolean(s.singleton),
    })),
    exposes: (manifest.exposes ?? []).map((e) => e.name),
  };
}

/**
 * Publishes `buildDir` (default: the remote's `dist/`) as a new release of `remote`. Refuses a
 * version that exists: a release is never overwritten. The files are copied and precompressed
 * in a temporary folder and renamed into place, so a half-copied release is never served.
 */
export async function publish({ dir, remote, actor, buildDir, version, cwd = repoRoot }) {
  const app = remoteApp(remote);
  const build = buildDir ?? join(cwd, app.dir, 'dist');
  if (!existsSync(join(build, 'mf-manifest.json')))
    throw new Error(`no build of ${app.name} in ${build}: build it first (npm run build)`);
  const release = version ?? versionOf(app, build, cwd);
  if (!VERSION_PATTERN.test(release)) throw new Error(`"${release}" is not a release version`);
  const target = releaseDir(dir, app.name, release);
  if (existsSync(target))
    throw new Error(
      `${app.name} ${release} is already published: a release is never overwritten (commit your change, or build again)`,
    );
  // Made aside (never under a remote's folder, where it could be taken for a release), then
  // renamed into place.
  const staging = join(dir, '.staging', `${app.name}-${process.pid}-${Date.now()}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(dir, app.name), { recursive: true });
  cpSync(build, staging, { recursive: true });
  try {
    await precompress(staging);
    const facts = {
      remote: app.name,
      version: release,
      publishedAt: new Date().toISOString(),
      publishedBy: actor,
      manifest: manifestFacts(build),
    };
    writeFileSync(join(staging, 'release.json'), `${JSON.stringify(facts, null, 2)}\n`);
    updateRegistry(dir, actor, () => {
      if (existsSync(target)) throw new Error(`${app.name} ${release} is already published`);
      renameSync(staging, target);
      return { action: 'publish', remote: app.name, from: null, to: release };
    });
    return facts;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The published releases of `remote`, oldest first. */
export function releasesOf(dir, remote) {
  const folder = join(dir, remote);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((version) => readRelease(dir, remote, version))
    .filter(Boolean)
    .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
}

function requireRelease(dir, app, version) {
  const release = readRelease(dir, app.name, version);
  if (!release)
    throw new Error(
      `${app.name} has no release ${version} (\`release status\` lists what is published)`,
    );
  return release;
}

/**
 * Makes `version` the live release of `remote`, for every visitor's next page load, once `check`
 * (the compatibility gate) has not thrown for it.
 * @param {{ dir: string, remote: string, version: string, actor: string, check?: (release: any) => void }} options
 */
export function promote({ dir, remote, version, actor, check = () => {} }) {
  const app = remoteApp(remote);
  check(requireRelease(dir, app, version));
  return updateRegistry(dir, actor, (registry) => {
    const state = (registry.remotes[app.name] ??= {});
    const from = state.live ?? null;
    if (from === version) throw new Error(`${app.name} ${version} is live already`);
    state.live = version;
    return { action: 'promote', remote: app.name, from, to: version };
  }).change;
}

/**
 * Back to the release that was live before the current one was promoted (or to the build served
 * in place, before any release). Undoes promotions one at a time.
 */
export function rollback({ dir, remote, actor, reason }) {
  const app = remoteApp(remote);
  return updateRegistry(dir, actor, (registry) => {
    const state = registry.remotes[app.name] ?? {};
    const live = state.live ?? null;
    if (live === null) throw new Error(`${app.name} has no live release to roll back`);
    const promoted = registry.history.findLast(
      (c) => c.remote === app.name && c.action === 'promote' && c.to === live,
    );
    const to = promoted?.from ?? null;
    registry.remotes[app.name] = { ...state };
    if (to === null) delete registry.remotes[app.name].live;
    else registry.remotes[app.name].live = to;
    return { action: 'rollback', remote: app.name, from: live, to, ...(reason ? { reason } : {}) };
  }).change;
}

/** Where every remote stands: its live release, what is published, the latest changes. */
export function status({ dir, history = 10 }) {
  const registry = readRegistry(dir);
  return {
    revision: registry.revision,
    remotes: APPS.filter((a) => a.remote).map((app) => ({
      remote: app.name,
      live: registry.remotes[app.name]?.live ?? null,
      releases: releasesOf(dir, app.name).map((r) => ({
        version: r.version,
        publishedAt: r.publishedAt,
        publishedBy: r.publishedBy,
      })),
    })),
    history: registry.history.slice(-history),
  };
}
