// Which bytes of each remote may run (docs/security.md, "Integrity of remotes"). The trust anchor
// is the release registry, never a remote's server: `release publish` records a SHA-384 digest of
// every file of a release in its `release.json` (actions.ts, `integrityOf`), and the host's server
// reads them from the releases folder it already opens. What it does with them:
// - each visitor's runtime config carries, per remote, the digests of the release's manifest and
//   entry (`pinsFor`): the browser checks the manifest before use and loads the entry with
//   `integrity`; the entry itself carries the digest of every chunk (Rspack's
//   SubresourceIntegrityPlugin), so the whole remote is pinned by what the registry recorded;
// - the files this server fetches from a remote to draw a page (its manifest, snapshot,
//   stylesheet, Node build) are checked against the same digests before use (`check`).
// The build served in place (a remote before any release, `npm start`) has no release: its digests
// are those of the build folder this server can read, the same ones `release publish` would record
// (`REMOTE_<NAME>_BUILD`, else the repository's `<remote>/dist`). A remote with no digests at all
// is refused, unless the operator allows unpinned remotes for development (ALLOW_UNPINNED_REMOTES=1,
// never with NODE_ENV=production).
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { isReleaseVersion } from '@hypertek/shared/release-words';
import { APPS, repoRoot } from '../apps.mjs';
import { integrityOf } from './actions.js';
import { readRelease } from './registry.js';

/** The variable that lets remotes without digests load (development only). */
export const ALLOW_UNPINNED = 'ALLOW_UNPINNED_REMOTES';
/** The federation manifest of a remote, beside its entry. */
export const MANIFEST_FILE = 'mf-manifest.json';

/**
 * What the browser is given of one remote: SHA-384 digests (`sha384-…`, the form of a script's
 * `integrity`) by path relative to the remote's manifest: the manifest and its entry script.
 */
export type RemotePins = Record<string, string>;

/** `sha384-<base64>` of `bytes`. */
export const sri = (bytes: string | Uint8Array): string =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** The answer of `check`: the body may be used, or why it may not. */
export type PinCheck =
  | { ok: true }
  | {
      ok: false;
      remote: string;
      /** The release's version, or null for the build served in place. */
      version: string | null;
      /** The file's path in its build (`static/js/…`, `mf-manifest.json`). */
      file: string;
      reason: string;
    };

export interface PinSource {
  /** Remotes without digests may load (ALLOW_UNPINNED_REMOTES=1). */
  allowUnpinned: boolean;
  /** Changes when a build served in place changed (a memo of pins must be made again). */
  revision: () => number;
  /** The browser's pins of `remote`'s release `version` (null: the build in place); null: none. */
  pinsFor: (remote: string, version: string | null) => RemotePins | null;
  /**
   * Whether `body`, fetched from `url`, may be used: a file of a remote must match its digest; any
   * other URL (the API's) is not a remote's code and passes.
   */
  check: (url: string, body: string) => PinCheck;
  /** The recorded digest of a remote's file at `url` (for a preload's `integrity`), if any. */
  digestOf: (url: string) => string | undefined;
  /**
   * Every recorded file of the release whose file (its manifest, say) is at `url`: each file's
   * address and digest (the payment-page monitor fetches them all); null: not a remote's release.
   */
  releaseFiles: (url: string) => { remote: string; files: Record<string, string> } | null;
}

/** Digests of a build, by path inside it ('/'-separated). */
type Digests = Record<string, string>;

/** The browser's share of a build's digests: the manifest and the top-level scripts (the entry). */
function browserPins(digests: Digests): RemotePins | null {
  if (!digests[MANIFEST_FILE]) return null;
  return Object.fromEntries(
    Object.entries(digests).filter(
      ([path]) => path === MANIFEST_FILE || (!path.includes('/') && path.endsWith('.js')),
    ),
  );
}

/** Whether the allowance is set: `1` allows, unset or `0` refuses, anything else is a mistake. */
export function allowUnpinnedFrom(env: NodeJS.ProcessEnv): boolean {
  const value = env[ALLOW_UNPINNED] ?? '';
  if (value === '' || value === '0') return false;
  if (value !== '1')
    throw new Error(
      `${ALLOW_UNPINNED}="${value}": set 1 to load unpinned remotes, or leave it unset`,
    );
  if (env.NODE_ENV === 'production')
    throw new Error(
      `${ALLOW_UNPINNED}=1 is for development only: with NODE_ENV=production every remote must be pinned (publish a release)`,
    );
  return true;
}

/**
 * A build folder served in place, digested as `release publish` digests a release (`integrityOf`).
 * Read again when its manifest changes (a rebuild).
 */
function inPlaceBuild(folder: string, recheckMs: number) {
  let seen = '';
  let digests: Digests | null = null;
  let revision = 0;
  let checkedAt = -Infinity;
  return {
    revision: () => revision,
    digests(): Digests | null {
      // Every navigation asks (its config, each preload): the manifest is looked at again at
      // most every `recheckMs`, not once per question.
      const now = Date.now();
      if (now - checkedAt < recheckMs) return digests;
      checkedAt = now;
      const stat = statSync(join(folder, MANIFEST_FILE), { throwIfNoEntry: false });
      const key = stat ? `${stat.mtimeMs}:${stat.size}` : '';
      if (key === seen) return digests;
      seen = key;
      revision++;
      digests = null;
      if (!stat) return null;
      try {
        digests = integrityOf(folder);
      } catch {
        digests = null; // mid-rebuild: refused until it is whole
      }
      return digests;
    },
  };
}

/**
 * The pins of the host's remotes: `configured` (each remote's manifest URL as the config names it,
 * the build served in place), their releases in `dir`.
 */
export function createPinSource({
  configured,
  dir,
  env = process.env,
  log = () => {},
  recheckMs = 1_000,
}: {
  configured: Record<string, string>;
  dir: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** How soon a rebuild of a build served in place is noticed (its manifest's stat). */
  recheckMs?: number;
}): PinSource {
  const allowUnpinned = allowUnpinnedFrom(env);
  if (allowUnpinned)
    log(
      `WARNING: ${ALLOW_UNPINNED}=1: remotes without digests are loaded unchecked (development only; a changed file of a remote would run)`,
    );
  const inPlace = new Map<string, ReturnType<typeof inPlaceBuild>>();
  for (const app of APPS) {
    if (!app.remote || !(app.name in configured)) continue;
    const variable = `REMOTE_${app.name.toUpperCase()}_BUILD`;
    const folder = env[variable] || join(repoRoot, app.dir, 'dist');
    const build = inPlaceBuild(folder, recheckMs);
    inPlace.set(app.name, build);
    if (!build.digests())
      log(
        `integrity: no build of ${app.name} in ${folder} (${variable}) to pin the build served in place: ${app.name} loads once a release of it is live${allowUnpinned ? ', or unchecked' : ''}`,
      );
  }
  /** Each published release's digests: a release is never overwritten, so read once. */
  const releases = new Map<string, Digests>();
  const releaseDigests = (remote: string, version: string): Digests | null => {
    const key = `${remote}\0${version}`;
    let digests = releases.get(key) ?? null;
    if (!digests) {
      try {
        digests = readRelease(dir, remote, version)?.integrity ?? null;
      } catch {
        digests = null; // an unreadable release.json: nothing of it is pinned
      }
      if (digests) releases.set(key, digests);
    }
    return digests;
  };
  const digestsOf = (remote: string, version: string | null) =>
    version === null ? (inPlace.get(remote)?.digests() ?? null) : releaseDigests(remote, version);
  /** The folder each remote's files are served from: beside its configured manifest. */
  const bases = Object.entries(configured)
    .map(([remote, manifest]) => ({ remote, base: new URL('.', manifest).href }))
    // The most specific first: remotes behind one origin may have nested folders.
    .sort((a, b) => b.base.length - a.base.length);
  /** Which remote's file `url` is, of which release, and its digest; null: not a remote's. */
  const locate = (url: string) => {
    const at = bases.find(({ base }) => url.startsWith(base));
    if (!at) return null;
    let path = url.slice(at.base.length).replace(/[?#].*$/, '');
    let version: string | null = null;
    const release = /^releases\/([^/]+)\/(.+)$/.exec(path);
    if (release) {
      try {
        version = decodeURIComponent(release[1] ?? '');
      } catch {
        version = release[1] ?? '';
      }
      path = release[2] ?? '';
    }
    const digest =
      version === null || isReleaseVersion(version)
        ? digestsOf(at.remote, version)?.[path]
        : undefined;
    return { remote: at.remote, version, path, digest };
  };

  return {
    allowUnpinned,
    revision: () =>
      [...inPlace.values()].reduce((sum, build) => {
        build.digests(); // notices a rebuild
        return sum + build.revision();
      }, 0),
    pinsFor(remote, version) {
      const digests = digestsOf(remote, version);
      return digests ? browserPins(digests) : null;
    },
    check(url, body) {
      const file = locate(url);
      if (!file) return { ok: true };
      const { remote, version, path, digest } = file;
      const refused = (reason: string) => ({
        ok: false as const,
        remote,
        version,
        file: path,
        reason,
      });
      if (version !== null && !isReleaseVersion(version)) return refused('not a release');
      if (digest === undefined) return allowUnpinned ? { ok: true } : refused('no digest recorded');
      if (sri(body) !== digest) return refused('its bytes differ from the recorded digest');
      return { ok: true };
    },
    digestOf: (url) => locate(url)?.digest,
    releaseFiles(url) {
      const file = locate(url);
      const digests = file && digestsOf(file.remote, file.version);
      if (!file || !digests) return null;
      const folder = new URL('.', url.replace(/[?#].*$/, '')).href;
      // The release's folder: `url` less its path inside the build.
      const base = folder.slice(0, folder.length - file.path.replace(/[^/]*$/, '').length);
      return {
        remote: file.remote,
        files: Object.fromEntries(
          Object.entries(digests).map(([path, digest]) => [new URL(path, base).href, digest]),
        ),
      };
    },
  };
}
