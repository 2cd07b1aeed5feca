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
import { join, relative, sep } from 'node:path';
import type { ReleaseStatus } from '@hypertek/shared/contract/release-status';
import { isReleaseVersion } from '@hypertek/shared/release-words';
import { APPS, repoRoot } from '../apps.mjs';
import type { App } from '../apps.mjs';
import { precompress } from '../http/precompress.js';
import { openRegistry, readRelease, releaseDir } from './registry.js';
import type { Change, ManifestFacts, RegistryStore, Release, RemoteState } from './registry.js';
import { previewToken } from './secrets.js';

/**
 * What every action takes: the releases folder, and the registry's store when it is not the
 * folder's file (`RELEASES_DATABASE_URL`).
 */
export interface Where {
  dir: string;
  registry?: RegistryStore | undefined;
}
/** The compatibility gate: throws to refuse a release. */
export type Check = (release: Release) => void | Promise<void>;

const notAVersion = (version: string) => `"${version}" is not a release version`;

/** The registry of `dir` unless another store is given (`RELEASES_DATABASE_URL`). */
export const storeOf = ({ dir, registry }: Where) =>
  registry ?? openRegistry({ dir, databaseUrl: '' });

/** The remote named `name` (`checkout`, `remote-checkout` or its package name). */
export function remoteApp(name: string): App {
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
export function actorFromEnvironment(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RELEASE_ACTOR) return env.RELEASE_ACTOR;
  try {
    const email = execFileSync('git', ['config', 'user.email'], { encoding: 'utf8' }).trim();
    if (email) return email;
  } catch {
    // no git identity
  }
  return env.USER || env.USERNAME || 'unknown';
}

/** The files of a build folder (not its precompressed copies), sorted, as absolute paths. */
function buildFiles(dir: string): string[] {
  return (
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      // `parentPath` from Node 20.12 (and 18.20); `path` before (deprecated since).
      // eslint-disable-next-line @typescript-eslint/no-deprecated, @typescript-eslint/no-unnecessary-condition
      .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
      .sort()
  );
}

/**
 * Each file of a release and its Subresource Integrity digest (`sha384-…`, the form a script
 * element's `integrity` takes), by path inside the release: what a host can pin a release's
 * code to (issue 30). The precompressed copies are the same bytes once decoded, and are not
 * listed.
 */
export function integrityOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    buildFiles(dir).map((file) => [
      relative(dir, file).split(sep).join('/'),
      `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`,
    ]),
  );
}

/**
 * A release's digest: one SHA-256 over its files' paths and SHA-384 digests (`integrityOf`), in
 * path order, one `path NUL digest LF` line each. The files' bytes and names only: no time, no
 * folder, no order of the file system, so the same build has the same digest wherever and
 * whenever it is made (docs/security.md, "Reproducible releases").
 */
export function releaseDigest(integrity: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const path of Object.keys(integrity).sort())
    hash.update(`${path}\0${integrity[path] ?? ''}\n`);
  return hash.digest('hex');
}

/**
 * What the build of a remote is made from, beside its own folder: what `git status` looks at to
 * tell whether the tree is the commit's. The shared package, the build's configuration, and the
 * installed packages' versions.
 */
export const BUILD_INPUTS = [
  'shared',
  'scripts/rspack',
  'package.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
];

/**
 * The version of a build: the package version plus the commit (`1.0.0+3f2a9c1`) when this
 * command built it from the commit's tree (`builtFromTree`). Else it also carries the build's
 * digest (`releaseDigest`), so two different builds never share a version: `.dirty.<digest>` when
 * the remote's folder or a build input (BUILD_INPUTS) has changes not committed
 * (`1.0.0+3f2a9c1.dirty.5e0c7a1b`), `.prebuilt.<digest>` for a build made before (`--no-build`,
 * whose tree is unknown). The same tree builds to the same bytes, so a dirty tree built twice is
 * one version.
 */
export function versionOf(
  app: App,
  buildDir: string,
  cwd = repoRoot,
  { builtFromTree = false }: { builtFromTree?: boolean } = {},
): string {
  const { version } = JSON.parse(readFileSync(join(cwd, app.dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  let commit = 'nogit';
  let dirty = true;
  try {
    commit = git('rev-parse', '--short=7', 'HEAD');
    dirty = git('status', '--porcelain', '--', app.dir, ...BUILD_INPUTS) !== '';
  } catch {
    // not a git checkout: the digest alone tells builds apart
  }
  if (!dirty && builtFromTree) return `${version}+${commit}`;
  const digest = releaseDigest(integrityOf(buildDir)).slice(0, 8);
  return `${version}+${commit}.${dirty ? 'dirty' : 'prebuilt'}.${digest}`;
}

/** What a release records of its build: the federation manifest's names, shared and exposes. */
function manifestFacts(buildDir: string): ManifestFacts {
  const manifest = JSON.parse(readFileSync(join(buildDir, 'mf-manifest.json'), 'utf8')) as {
    name?: string;
    metaData?: { name?: string; buildInfo?: { buildVersion?: string } };
    shared?: { name: string; version: string; requiredVersion?: string; singleton?: boolean }[];
    exposes?: { name: string }[];
  };
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
 * `builtFromTree`: the caller built `buildDir` from this checkout just now (see versionOf).
 */
export async function publish({
  dir,
  registry,
  remote,
  actor,
  buildDir,
  version,
  cwd = repoRoot,
  builtFromTree = false,
}: Where & {
  remote: string;
  actor: string;
  buildDir?: string | undefined;
  version?: string;
  cwd?: string;
  builtFromTree?: boolean;
}): Promise<Release> {
  const app = remoteApp(remote);
  const build = buildDir ?? join(cwd, app.dir, 'dist');
  if (!existsSync(join(build, 'mf-manifest.json')))
    throw new Error(`no build of ${app.name} in ${build}: build it first (npm run build)`);
  const release = version ?? versionOf(app, build, cwd, { builtFromTree });
  if (!isReleaseVersion(release)) throw new Error(notAVersion(release));
  const target = releaseDir(dir, app.name, release);
  if (existsSync(target))
    throw new Error(
      `${app.name} ${release} is already published: a release is never overwritten, and the same source builds to the same version (change the source, or promote the one published)`,
    );
  // Made aside (never under a remote's folder, where it could be taken for a release), then
  // renamed into place.
  const staging = join(dir, '.staging', `${app.name}-${process.pid}-${Date.now()}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(dir, app.name), { recursive: true });
  cpSync(build, staging, { recursive: true });
  try {
    await precompress(staging);
    const facts: Release = {
      remote: app.name,
      version: release,
      publishedAt: new Date().toISOString(),
      publishedBy: actor,
      manifest: manifestFacts(build),
      integrity: integrityOf(build),
    };
    writeFileSync(join(staging, 'release.json'), `${JSON.stringify(facts, null, 2)}\n`);
    await storeOf({ dir, registry }).update(actor, () => {
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
export function releasesOf(dir: string, remote: string): Release[] {
  const folder = join(dir, remote);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .flatMap((version) => readRelease(dir, remote, version) ?? [])
    .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
}

function requireRelease(dir: string, app: App, version: string): Release {
  const release = readRelease(dir, app.name, version);
  if (!release)
    throw new Error(
      `${app.name} has no release ${version} (\`release status\` lists what is published)`,
    );
  return release;
}

/**
 * Makes `version` the live release of `remote`, for every visitor's next page load, once `check`
 * (the compatibility gate) has not thrown for it. A canary of that remote ends: everyone gets it.
 */
export async function promote({
  dir,
  registry,
  remote,
  version,
  actor,
  check = () => {},
}: Where & { remote: string; version: string; actor: string; check?: Check }): Promise<Change> {
  const app = remoteApp(remote);
  await check(requireRelease(dir, app, version));
  return (
    await storeOf({ dir, registry }).update(actor, (current) => {
      const state = (current.remotes[app.name] ??= {});
      const from = state.live ?? null;
      if (from === version) throw new Error(`${app.name} ${version} is live already`);
      state.live = version;
      delete state.canary;
      return { action: 'promote', remote: app.name, from, to: version };
    })
  ).change;
}

/**
 * Sends `percent` of visitors (each keeps their side, see the host's server) to `version` while
 * everyone else keeps the live release. The host's canary guard rolls it back once more than
 * `threshold` (a share, 0.2 = 20 %) of at least `minVisitors` visitors saw it fail.
 */
export async function canary({
  dir,
  registry,
  remote,
  version,
  percent,
  threshold = 0.2,
  minVisitors = 5,
  actor,
  check = () => {},
}: Where & {
  remote: string;
  version: string;
  percent: unknown;
  threshold?: unknown;
  minVisitors?: unknown;
  actor: string;
  check?: Check;
}): Promise<Change> {
  const app = remoteApp(remote);
  const share = Number(percent);
  if (!Number.isInteger(share) || share < 1 || share > 99)
    throw new Error(`a canary's share is a whole percent from 1 to 99, not "${String(percent)}"`);
  if (!(typeof threshold === 'number' && threshold > 0 && threshold <= 1))
    throw new Error(
      `a canary's failure threshold is a share above 0 and up to 1, not "${String(threshold)}"`,
    );
  if (!(typeof minVisitors === 'number' && Number.isInteger(minVisitors) && minVisitors >= 1))
    throw new Error(
      `a canary's minimum of visitors is a whole number, not "${String(minVisitors)}"`,
    );
  await check(requireRelease(dir, app, version));
  return (
    await storeOf({ dir, registry }).update(actor, (current) => {
      const state = (current.remotes[app.name] ??= {});
      if (state.live === version) throw new Error(`${app.name} ${version} is live already`);
      const from = state.canary?.version ?? null;
      state.canary = {
        version,
        percent: share,
        threshold,
        minVisitors,
        startedAt: new Date().toISOString(),
      };
      return {
        action: 'canary',
        remote: app.name,
        from,
        to: version,
        reason: `${share}% of visitors; rolled back above ${Math.round(threshold * 100)}% failures of at least ${minVisitors} visitors`,
      };
    })
  ).change;
}

/**
 * A link that makes one browser load `version` of `remote` (a signed cookie, until `minutes` have
 * passed) while every other visitor keeps the live release. Recorded in the history.
 */
export async function preview({
  dir,
  registry,
  remote,
  version,
  minutes = 60,
  actor,
  signingKey,
  siteUrl,
  check = () => {},
  now = Date.now(),
}: Where & {
  remote: string;
  version: string;
  minutes?: unknown;
  actor: string;
  signingKey: string;
  siteUrl: string;
  check?: Check;
  now?: number;
}): Promise<{ link: string; expires: string }> {
  const app = remoteApp(remote);
  const span = typeof minutes === 'number' ? minutes : NaN;
  if (!(Number.isInteger(span) && span >= 1 && span <= 7 * 24 * 60))
    throw new Error(`a preview lasts 1 to ${7 * 24 * 60} minutes, not "${String(minutes)}"`);
  await check(requireRelease(dir, app, version));
  const expires = now + span * 60_000;
  const link = new URL('/', siteUrl);
  link.searchParams.set(
    'release-preview',
    previewToken(signingKey, { remote: app.name, version, expires }),
  );
  await storeOf({ dir, registry }).update(actor, (current) => ({
    action: 'preview',
    remote: app.name,
    from: current.remotes[app.name]?.live ?? null,
    to: version,
    reason: `link until ${new Date(expires).toISOString()}`,
  }));
  return { link: link.href, expires: new Date(expires).toISOString() };
}

/**
 * Back to what was live before: a running canary of the remote ends first (its visitors go back
 * to the live release); else the release that was live before the current one was promoted (or
 * the build served in place, before any release). Undoes promotions one at a time.
 */
export async function rollback({
  dir,
  registry,
  remote,
  actor,
  reason,
}: Where & { remote: string; actor: string; reason?: string | undefined }): Promise<Change> {
  const app = remoteApp(remote);
  return (
    await storeOf({ dir, registry }).update(actor, (current) => {
      const state = current.remotes[app.name] ?? {};
      const live = state.live ?? null;
      if (state.canary) {
        const from = state.canary.version;
        const rest = { ...state };
        delete rest.canary;
        current.remotes[app.name] = rest;
        return {
          action: 'rollback',
          remote: app.name,
          from,
          to: live,
          ...(reason ? { reason } : {}),
        };
      }
      if (live === null) throw new Error(`${app.name} has no live release to roll back`);
      const promoted = current.history.findLast(
        (c) => c.remote === app.name && c.action === 'promote' && c.to === live,
      );
      const to = promoted?.from ?? null;
      const rest: RemoteState = { ...state };
      delete rest.live;
      current.remotes[app.name] = to === null ? rest : { ...rest, live: to };
      return {
        action: 'rollback',
        remote: app.name,
        from: live,
        to,
        ...(reason ? { reason } : {}),
      };
    })
  ).change;
}

/**
 * Where every remote stands: its live release and canary, what is published, the latest changes.
 */
export async function status({
  dir,
  registry,
  history = 10,
}: Where & { history?: number }): Promise<ReleaseStatus> {
  const current = await storeOf({ dir, registry }).read();
  return {
    revision: current.revision,
    remotes: APPS.filter((a) => a.remote).map((app) => ({
      remote: app.name,
      live: current.remotes[app.name]?.live ?? null,
      canary: current.remotes[app.name]?.canary ?? null,
      releases: releasesOf(dir, app.name).map((r) => ({
        version: r.version,
        publishedAt: r.publishedAt,
        publishedBy: r.publishedBy,
      })),
    })),
    history: current.history.slice(-history),
  };
}
