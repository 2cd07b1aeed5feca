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
import { isReleaseVersion } from '@hypertek/shared/release-words';
import type {
  CanaryState as Canary,
  JudgedMetric,
  ReleaseChange as Change,
} from '@hypertek/shared/contract/release-status';
import type { Pool } from 'pg';
import { repoRoot } from '../apps.mjs';

export const REGISTRY_FILE = 'registry.json';
const LOCK = '.registry.lock';
/** A lock older than this was left by a process that died while holding it. */
const STALE_LOCK_MS = 30_000;

/** The releases folder: `RELEASES_DIR`, else `.releases/` in the repository. */
export const releasesDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env.RELEASES_DIR || join(repoRoot, '.releases');

// The shapes the status answer shows are the contract's (one schema, read by the console too).
export type { Canary, Change, JudgedMetric };
export interface RemoteState {
  live?: string;
  canary?: Canary;
}
export interface Registry {
  revision: number;
  remotes: Partial<Record<string, RemoteState>>;
  history: Change[];
}
/** What a change says of itself; the registry adds its revision, time and actor. */
export type ChangeRecord = Omit<Change, 'revision' | 'at' | 'actor'>;

export const emptyRegistry = (): Registry => ({ revision: 0, remotes: {}, history: [] });

/** The registry in `dir` (an empty one when nothing was ever released). */
export function readRegistry(dir: string): Registry {
  try {
    return JSON.parse(readFileSync(join(dir, REGISTRY_FILE), 'utf8')) as Registry;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyRegistry();
    throw new Error(
      `the release registry ${join(dir, REGISTRY_FILE)} cannot be read: ${(error as Error).message}`,
    );
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `fn` holding the registry's lock (waits for another holder, up to 10 s). */
function withLock<T>(dir: string, fn: () => T): T {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, LOCK);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
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
 */
export function updateRegistry(
  dir: string,
  actor: string,
  change: (registry: Registry) => ChangeRecord,
  now = new Date(),
): { registry: Registry; change: Change } {
  return withLock(dir, () => {
    const registry = readRegistry(dir);
    const record = change(registry);
    registry.revision += 1;
    const entry: Change = { revision: registry.revision, at: now.toISOString(), actor, ...record };
    registry.history.push(entry);
    const file = join(dir, REGISTRY_FILE);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(registry, null, 2)}\n`);
    renameSync(temporary, file);
    return { registry, change: entry };
  });
}

/** The folder of `remote`'s release `version`. */
export const releaseDir = (dir: string, remote: string, version: string): string =>
  join(dir, remote, version);

/** What a release's federation manifest says, as `release.json` records it. */
export interface ManifestFacts {
  name: string | undefined;
  buildVersion: string | null;
  shared: { name: string; version: string; requiredVersion?: string; singleton: boolean }[];
  exposes: string[];
}
/** A published release, as its `release.json` says. */
export interface Release {
  remote: string;
  version: string;
  publishedAt: string;
  publishedBy: string;
  manifest: ManifestFacts;
  integrity: Record<string, string>;
}

/** What `release.json` says of a published release, or null when there is no such release. */
export function readRelease(dir: string, remote: string, version: string): Release | null {
  if (!isReleaseVersion(version)) return null;
  const file = join(releaseDir(dir, remote, version), 'release.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as Release;
}

/** Where the registry is kept: its file in the releases folder, or a PostgreSQL table. */
export interface RegistryStore {
  kind: 'file' | 'postgres';
  where: string;
  dir?: string;
  read: () => Promise<Registry>;
  update: (
    actor: string,
    change: (registry: Registry) => ChangeRecord,
    now?: Date,
  ) => Promise<{ registry: Registry; change: Change }>;
  close: () => Promise<void>;
}

/**
 * The registry's store (docs/operations.md, "Shipping a remote"): the file in the releases folder
 * (`npm start`, one machine), or a PostgreSQL database when `RELEASES_DATABASE_URL` is set (several
 * host servers and CI runners sharing one record). Both make a change a compare-and-swap: the
 * file under its lock, the database in a transaction holding the registry's row
 * (`select … for update`).
 */
export function openRegistry({
  env = process.env,
  dir,
  databaseUrl,
}: { env?: NodeJS.ProcessEnv; dir?: string; databaseUrl?: string } = {}): RegistryStore {
  const url = databaseUrl ?? env.RELEASES_DATABASE_URL;
  if (url) return postgresRegistry(url);
  const folder = dir ?? releasesDir(env);
  return {
    kind: 'file',
    where: join(folder, REGISTRY_FILE),
    dir: folder,
    read: () => Promise.resolve(readRegistry(folder)),
    update: (actor, change, now) => Promise.resolve(updateRegistry(folder, actor, change, now)),
    close: () => Promise.resolve(),
  };
}

/** The advisory lock that serialises making the registry's table (any fixed number). */
const REGISTRY_LOCK_KEY = 2117_0022;

/** The registry as one row of a PostgreSQL table (made on first use). */
function postgresRegistry(url: string): RegistryStore {
  let pool: Promise<Pool> | undefined;
  const connect = () =>
    (pool ??= import('pg')
      .then(async ({ default: pg }) => {
        const made = new pg.Pool({ connectionString: url, max: 2 });
        made.on('error', () => {}); // an idle client's broken connection: the next query reconnects
        // Made once, under a lock: two processes running `create table if not exists` at once
        // can both try to create it (PostgreSQL then refuses the second with a duplicate key).
        const client = await made.connect();
        try {
          await client.query('begin');
          await client.query('select pg_advisory_xact_lock($1)', [REGISTRY_LOCK_KEY]);
          await client.query(
            'create table if not exists release_registry (id smallint primary key check (id = 1), document jsonb not null)',
          );
          await client.query(
            'insert into release_registry (id, document) values (1, $1) on conflict (id) do nothing',
            [JSON.stringify(emptyRegistry())],
          );
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => {});
          await made.end().catch(() => {});
          throw error;
        } finally {
          client.release();
        }
        return made;
      })
      .catch((error: unknown) => {
        pool = undefined; // the next call tries again (the database may come up later)
        throw error;
      }));
  return {
    kind: 'postgres',
    where: `the release_registry table of ${new URL(url).host}${new URL(url).pathname}`,
    async read() {
      const { rows } = await (
        await connect()
      ).query<{ document: Registry }>('select document from release_registry where id = 1');
      return rows[0]?.document ?? emptyRegistry();
    },
    async update(actor, change, now = new Date()) {
      const client = await (await connect()).connect();
      try {
        await client.query('begin');
        const { rows } = await client.query<{ document: Registry }>(
          'select document from release_registry where id = 1 for update',
        );
        const registry = rows[0]?.document ?? emptyRegistry();
        const record = change(registry);
        registry.revision += 1;
        const entry: Change = {
          revision: registry.revision,
          at: now.toISOString(),
          actor,
          ...record,
        };
        registry.history.push(entry);
        await client.query('update release_registry set document = $1 where id = 1', [
          JSON.stringify(registry),
        ]);
        await client.query('commit');
        return { registry, change: entry };
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (pool) await (await pool).end();
    },
  };
}

/** The registry as the host's server last read it (`current()`), and a way to read it now. */
export interface LiveView {
  current: () => Registry;
  refresh: () => Promise<Registry>;
}

/**
 * The live state of each remote as the host's server consults it per request: `current()` is
 * the registry last read, re-read when older than `checkMs` (a file: when its time or size
 * changed; a database: one query, in the background). `refresh()` reads it now.
 */
export function createLiveView(store: RegistryStore, { checkMs = 1_000 } = {}): LiveView {
  let registry = emptyRegistry();
  let checkedAt = -Infinity;
  if (store.kind === 'file') {
    let seen = '';
    const current = () => {
      const now = Date.now();
      if (now - checkedAt >= checkMs) {
        checkedAt = now;
        const stat = statSync(store.where, { throwIfNoEntry: false });
        const key = stat ? `${stat.mtimeMs}:${stat.size}` : '';
        if (key !== seen) {
          try {
            registry = stat && store.dir ? readRegistry(store.dir) : emptyRegistry();
            seen = key;
          } catch {
            // Mid-write on a file system without atomic rename: keep the last good view.
          }
        }
      }
      return registry;
    };
    return {
      current,
      refresh: () => {
        checkedAt = -Infinity;
        return Promise.resolve(current());
      },
    };
  }
  let pending: Promise<Registry> | null = null;
  const refresh = () =>
    (pending ??= store
      .read()
      .then(
        (read) => (registry = read),
        () => registry, // the database not answering: keep the last good view
      )
      .finally(() => {
        checkedAt = Date.now();
        pending = null;
      }));
  return {
    current() {
      if (Date.now() - checkedAt >= checkMs) void refresh();
      return registry;
    },
    refresh,
  };
}
