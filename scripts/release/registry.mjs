// The release registry: which release of each remote is live, and every change to that with who,
// when, from and to (docs/operations.md, "Shipping a remote").
//
// Stored as one JSON document in the releases folder (`RELEASES_DIR`, default `.releases/` in the
// repository, git-ignored), beside the releases themselves:
//   <dir>/registry.json                  { revision, remotes: { <remote>: { live } }, history: [...] }
//   <dir>/<remote>/<version>/            a release: the remote's build, never overwritten
//   <dir>/<remote>/<version>/release.json   what was published, by whom, when, from which commit
// A change is a compare-and-swap under a lock folder (mkdir is atomic), written to a temporary
// file and renamed over the document, so two teams releasing at once never lose each other's
// change and a reader never sees half a document.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../serve/apps.mjs';

export const REGISTRY_FILE = 'registry.json';
const LOCK = '.registry.lock';
/** A lock older than this was left by a process that died while holding it. */
const STALE_LOCK_MS = 30_000;

/** The releases folder: `RELEASES_DIR`, else `.releases/` in the repository. */
export const releasesDir = (env = process.env) => env.RELEASES_DIR || join(repoRoot, '.releases');

/** A release's version as a path segment: the package version plus the commit (`1.0.0+3f2a9c1`). */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)*$/;

export const emptyRegistry = () => ({ revision: 0, remotes: {}, history: [] });

/**
 * @typedef {{ live?: string }} RemoteState
 * @typedef {{ revision: number, at: string, actor: string, action: string, remote: string, from: string | null, to: string | null, reason?: string }} Change
 * @typedef {{ revision: number, remotes: Record<string, RemoteState>, history: Change[] }} Registry
 */

/** The registry in `dir` (an empty one when nothing was ever released). */
export function readRegistry(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, REGISTRY_FILE), 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return emptyRegistry();
    throw new Error(
      `the release registry ${join(dir, REGISTRY_FILE)} cannot be read: ${error.message}`,
    );
  }
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `fn` holding the registry's lock (waits for another holder, up to 10 s). */
function withLock(dir, fn) {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, LOCK);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error('the release registry is locked by another change: try again');
      else sleep(25);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Applies one change: `change(registry)` returns the change's record (`action`, `remote`, `from`,
 * `to`, optional `reason`) after editing `registry.remotes`, or throws to refuse it (nothing is
 * written). The record gets the next revision, the time and the actor.
 * @param {string} dir
 * @param {string} actor
 * @param {(registry: Registry) => Omit<Change, 'revision' | 'at' | 'actor'>} change
 * @returns {{ registry: Registry, change: Change }}
 */
export function updateRegistry(dir, actor, change, now = new Date()) {
  return withLock(dir, () => {
    const registry = readRegistry(dir);
    const record = change(registry);
    registry.revision += 1;
    const entry = { revision: registry.revision, at: now.toISOString(), actor, ...record };
    registry.history.push(entry);
    const file = join(dir, REGISTRY_FILE);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(registry, null, 2)}\n`);
    renameSync(temporary, file);
    return { registry, change: entry };
  });
}

/** The folder of `remote`'s release `version`. */
export const releaseDir = (dir, remote, version) => join(dir, remote, version);

/** What `release.json` says of a published release, or null when there is no such release. */
export function readRelease(dir, remote, version) {
  if (!VERSION_PATTERN.test(version)) return null;
  const file = join(releaseDir(dir, remote, version), 'release.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The live release of each remote, re-read when the registry changes (its file's time and size,
 * looked at no more than every `checkMs`): what the host's server consults per request.
 */
export function createLiveView(dir, { checkMs = 1_000 } = {}) {
  let registry = emptyRegistry();
  let seen = '';
  let checkedAt = -Infinity;
  return () => {
    const now = Date.now();
    if (now - checkedAt >= checkMs) {
      checkedAt = now;
      const stat = statSync(join(dir, REGISTRY_FILE), { throwIfNoEntry: false });
      const key = stat ? `${stat.mtimeMs}:${stat.size}` : '';
      if (key !== seen) {
        try {
          registry = stat ? readRegistry(dir) : emptyRegistry();
          seen = key;
        } catch {
          // Mid-write on a file system without atomic rename: keep the last good view.
        }
      }
    }
    return registry;
  };
}
