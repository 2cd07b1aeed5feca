/**
 * Opens the database with one of two drivers over the same schema and migrations:
 * - embedded PGlite (PostgreSQL compiled to WebAssembly) in a local folder, or in memory;
 * - a PostgreSQL server through `pg` when a postgres:// URL is given.
 * Migrations run on open (under an advisory lock on a server, so that two instances starting
 * together never race).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { schema } from './schema';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any number above 2^31 would do: it only has to be the same for every instance of this API. */
const MIGRATION_LOCK_KEY = 7_117_2117;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs raw SQL (search, seed) and returns its rows, whichever the driver. */
  rows<T>(query: SQL): Promise<T[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * The embedded database's files as one archive, to open another in memory from (`snapshot`);
   * null on a PostgreSQL server (it has its own tools).
   */
  snapshot(): Promise<Blob | null>;
}

export interface OpenOptions {
  /** `memory://`, a postgres:// URL, or null for the embedded database in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  migrate?: boolean;
  /**
   * The embedded database in memory starts from these files (another's `snapshot()`), not empty:
   * what the tests use to open a migrated and seeded database in a fraction of the time.
   */
  snapshot?: Blob;
  /** Pool size on a PostgreSQL server. */
  poolSize?: number;
  /**
   * Told when an idle pooled connection dies (the server restarted, or an administrator ended
   * it): the pool drops that connection and opens a new one on the next query.
   */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database =
    options.databaseUrl !== null && options.databaseUrl !== 'memory://'
      ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onConnectionError)
      : await openPglite(
          options.databaseUrl === 'memory://' ? null : options.dataDir,
          options.snapshot,
        );
  if (options.migrate !== false) {
    try {
      await database.migrate();
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

async function openPglite(
  dataDir: string | null,
  snapshot?: Blob,
): Promise<Database & { migrate(): Promise<void> }> {
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true });
  const client =
    dataDir === null
      ? await PGlite.create({ extensions: { pg_trgm }, loadDataDir: snapshot })
      : await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    rows: <T>(query: SQL) => rowsOf<T>(db, query),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async snapshot() {
      return client.dumpDataDir('none');
    },
    async migrate() {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
  };
}

function openPostgres(
  url: string,
  poolSize: number,
  onConnectionError: (error: Error) => void = () => {},
): Database & { migrate(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Without a listener, an idle connection's error is an uncaught exception that ends the process.
  pool.on('error', onConnectionError);
  const db = drizzleNodePg(pool, { schema });
  let closed = false;
  return {
    db,
    driver: 'postgres',
    rows: <T>(query: SQL) => rowsOf<T>(db, query),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    async snapshot() {
      return null;
    },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
  };
}

/** A transaction of either driver (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of raw SQL run in a transaction or on the database, whichever the driver. */
export async function rowsOf<T>(q: Tx | Db, query: SQL): Promise<T[]> {
  // Both drivers answer raw SQL with the result's `rows` (pg's QueryResult, PGlite's Results).
  const result: unknown = await q.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The SQLSTATE of an error as drizzle wraps it (the driver's error is its cause), if any. */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether an error (as drizzle wraps it) is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/**
 * Whether the server gave up a transaction to let another go through (a deadlock, or a
 * serialization failure): running it again is the documented answer.
 */
export const isTransientConflict = (error: unknown): boolean => {
  const state = sqlState(error);
  return state === '40P01' || state === '40001';
};

/** How often, and how far apart, a transaction the server gave up is run again. */
export interface RetryPolicy {
  /** Runs in all, the first included. */
  attempts: number;
  /** The back-off before run n+1 is a random delay in [0, min(capMs, baseMs * 2^n)] ("full jitter"). */
  baseMs: number;
  capMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseMs: 5, capMs: 160 };

/**
 * The server gave up the same transaction on every run (deadlocks or serialization failures under
 * heavy contention): nothing of it was written. The caller answers 503 with `Retry-After`.
 */
export class ContentionError extends Error {
  constructor(
    readonly attempts: number,
    cause: unknown,
  ) {
    super(`transaction given up by the database ${attempts} times (${sqlState(cause) ?? '?'})`, {
      cause,
    });
    this.name = 'ContentionError';
  }
}

/** Counts, for /metrics, each run again and each transaction given up for good. */
export const contentionStats = { retries: 0, exhausted: 0 };

/**
 * Every transaction of the money path (market, payments, the sandbox provider) goes through here:
 * one database transaction, run again with a bounded, jittered back-off when the server gave it
 * up for a deadlock or a serialization failure (PostgreSQL's documented answer to both), so two
 * requests that collide both end with their real answer. The work must only touch the database
 * (it may run more than once). When every run was given up: ContentionError, never a raw 40P01.
 */
export async function transaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!isTransientConflict(error)) throw error;
      if (run >= policy.attempts) {
        contentionStats.exhausted++;
        throw new ContentionError(run, error);
      }
      contentionStats.retries++;
      const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** run);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}
