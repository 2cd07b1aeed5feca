/**
 * `pnpm bench:catalogue`: p50, p95 and p99 of the filtered and sorted catalogue lists
 * (GET /market/getMarket and /land/getland) on a generated catalogue of `--items` items.
 *
 * The database is fresh and removed at the end: with DATABASE_URL naming a PostgreSQL server, a
 * temporary database on it; otherwise embedded PGlite in a temporary directory. It is seeded with
 * the benchmark catalogue (`seedLargeCatalogue`, without the trigram index: lists never use it)
 * and vacuumed; then the API runs in a child process as in production (NODE_ENV=production, log
 * level warn) with its catalogue answer cache off (CATALOGUE_CACHE_TTL_MS=0), so every request
 * runs its query. Public reads carry no rate limit.
 *
 * The cases are those of the list plans test (`test/support/catalogue-cases.ts`): each list ×
 * every sort and catalogue order × filters from none to a rare attribute pair with a narrow price
 * range; each case is read twice, its first page and a deep page (the cursor `--depth` rows in,
 * or a page before the end when fewer match). One request at a time over loopback HTTP, timed
 * from the call to the last byte of the body; each answer must be a 200 with items. After a
 * warm-up round, `--rounds` interleaved rounds read every case once each (each round starting one
 * case later), so the machine's load falls on all cases alike.
 *
 * Prints each case's p50, p95 and p99 (slowest p95 first), the slowest case and the figures of
 * all requests together; exits 1 when a case's p95 reaches `--target`.
 *
 * Options: --items <n> (1000000), --rounds <n> (60), --target <ms> (20), --depth <rows> (2000),
 * --limit <n> (20, the page size), --port <n> (a free one), --log-level <level> (warn).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { seedLargeCatalogue } from '../src/db/seed/large-catalogue';
import { encodeCatalogueCursor } from '../src/lib/cursor';
import { createItemsRepository } from '../src/repositories/items-repository';
import { listCases, type ListCase } from '../test/support/catalogue-cases';
import { createServerDatabase, type ServerDatabase } from '../test/support/server-database';
import { benchOptions, percentile, portOrFree, startServer, stopServer } from './support';

const args = benchOptions({
  items: 1_000_000,
  rounds: 60,
  target: 20,
  depth: 2000,
  limit: 20,
  port: 0,
  'log-level': 'warn',
});
const whole = (name: 'items' | 'rounds' | 'depth' | 'limit', min: number, max: number): number => {
  const value = args[name];
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
};
const totalItems = whole('items', 1_000, 10_000_000);
const rounds = whole('rounds', 1, 100_000);
const depth = whole('depth', 1, 1_000_000);
const limit = whole('limit', 1, 100);
const { target } = args;
if (!(target > 0)) throw new Error('--target must be a number of milliseconds above 0');

/** One request of the benchmark: a case's first or deep page, and its timings. */
interface Probe {
  label: string;
  /** `first page`, or how many rows of the list come before the page (`2,000 rows in`). */
  page: string;
  url: string;
  samples: number[];
}

const FIRST = 'first page';
const ms = (n: number) => n.toFixed(1);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Removes what the run made, once, however it ends (also on Ctrl-C or SIGTERM). */
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      await step().catch((error: unknown) => console.error('clean-up failed:', error));
    }
  })());
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(code)));
}

/**
 * The first page of a case, and a page `depth` rows in with the cursor a reader paging there
 * would hold; when fewer rows match, the last full page; none when all fit on the first.
 */
async function probesOf(database: Database, listCase: ListCase, origin: string): Promise<Probe[]> {
  const url = (cursor?: string) => {
    const address = new URL(`/api/v1${listCase.url}`, origin);
    address.searchParams.set('limit', String(limit));
    if (cursor !== undefined) address.searchParams.set('cursor', cursor);
    return address.toString();
  };
  const probes: Probe[] = [{ label: listCase.label, page: FIRST, url: url(), samples: [] }];
  const rows = await createItemsRepository(database).list(listCase.query, depth + limit, null);
  const skipped = Math.min(depth, rows.length - limit);
  const last = rows[skipped - 1];
  if (last !== undefined) {
    probes.push({
      label: listCase.label,
      page: `${skipped.toLocaleString('en')} rows in`,
      url: url(encodeCatalogueCursor(listCase.sort, last.position)),
      samples: [],
    });
  }
  return probes;
}

/** One timed request: from the call to the last byte of the body; a 200 with items, or it throws. */
async function time(probe: Probe): Promise<number> {
  const started = performance.now();
  const response = await fetch(probe.url);
  const body = await response.text();
  const elapsed = performance.now() - started;
  const data = response.status === 200 ? (JSON.parse(body) as { data?: unknown }).data : null;
  if (!Array.isArray(data) || data.length === 0) {
    throw new Error(
      `${probe.label}, ${probe.page}: ${response.status} without items from ${probe.url}\n${body.slice(0, 500)}`,
    );
  }
  return elapsed;
}

async function main(): Promise<void> {
  const serverUrl = loadConfig().databaseUrl;
  const onServer = serverUrl !== null && serverUrl !== 'memory://';
  const dir = await mkdtemp(join(tmpdir(), 'hypertek-bench-catalogue-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  let server: ServerDatabase | null = null;
  if (onServer) {
    server = await createServerDatabase(serverUrl, 'hypertek_bench_catalogue');
    cleanups.push(server.drop);
  }
  const dataDir = join(dir, 'pglite');
  const database = await openDatabase({ databaseUrl: server?.url ?? null, dataDir, poolSize: 2 });
  let open = true;
  cleanups.push(async () => {
    if (open) await database.close();
  });

  const [version] = await database.rows<{ v: string }>(sql`select version() as v`);
  const where = onServer
    ? `PostgreSQL server (${version?.v.split(' ').slice(0, 2).join(' ')}), temporary database ${server?.name}`
    : `embedded PGlite (${version?.v.split(' ').slice(0, 2).join(' ')}) in a temporary directory`;
  console.log(
    `# Catalogue lists benchmark — ${new Date().toISOString()} — Node ${process.version}, ${cpus().length} cores, load average ${load()}`,
  );
  console.log(`Database: ${where}`);

  const seedStarted = Date.now();
  await seedLargeCatalogue(database, {
    total: totalItems,
    passwordHash: async () => 'not-a-real-hash',
    withoutSearchIndex: true,
    onProgress: (step, done, all) =>
      process.stdout.write(`\r  seeding: ${step.padEnd(12)} ${Math.floor((done / all) * 100)}%   `),
  });
  // As a database in service would be (and autovacuum will not start in the middle of the run).
  await database.rows(sql`vacuum analyze items`);
  process.stdout.write(
    `\rSeeded ${totalItems.toLocaleString('en')} items and vacuumed in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s\n`,
  );

  const port = await portOrFree(args.port);
  const origin = `http://127.0.0.1:${port}`;
  const cases = listCases();
  const probes: Probe[] = [];
  for (const listCase of cases) probes.push(...(await probesOf(database, listCase, origin)));
  // Embedded PGlite is one process's: the API can open it only once this one has let go.
  await database.close();
  open = false;

  const api = await startServer(
    'API',
    ['src/server.ts'],
    {
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: args['log-level'],
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_ON_START: 'false',
      // Every request reaches the database: no answer is served from the API's cache.
      CATALOGUE_CACHE_TTL_MS: '0',
      DATABASE_URL: server?.url ?? '',
      DATA_DIR: dataDir,
      UPLOADS_DIR: join(dir, 'uploads'),
      OUTBOX_DIR: join(dir, 'outbox'),
      // Nothing else from the caller's environment: no Redis, the sandbox payment provider.
      REDIS_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      STRIPE_API_BASE: '',
    },
    `${origin}/readyz`,
  );
  cleanups.push(() => stopServer(api));
  await measure(probes, cases.length, api);
}

async function measure(probes: Probe[], caseCount: number, api: ChildProcess): Promise<void> {
  const deep = probes.filter((p) => p.page !== FIRST).length;
  console.log(
    `${caseCount} cases (list × sort × filter): ${caseCount} first pages and ${deep} deep pages of ${limit} items; ` +
      `1 warm-up round, then ${rounds} interleaved rounds, one request at a time over loopback; ` +
      `API (pid ${api.pid}) in production mode, log level ${args['log-level']}, catalogue cache off`,
  );
  for (const probe of probes) await time(probe);
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const order = [
      ...probes.slice(round % probes.length),
      ...probes.slice(0, round % probes.length),
    ];
    for (const probe of order) probe.samples.push(await time(probe));
    process.stdout.write(`\r  round ${round + 1} of ${rounds}   `);
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `\r${(rounds * probes.length).toLocaleString('en')} requests in ${seconds.toFixed(0)} s; load average ${load()}\n\n`,
  );

  const figures = probes
    .map((probe) => {
      const sorted = [...probe.samples].sort((a, b) => a - b);
      return {
        probe,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
      };
    })
    .sort((a, b) => b.p95 - a.p95);
  const width = Math.max(...probes.map((p) => p.label.length));
  console.log(`| ${'case'.padEnd(width)} | page          | p50 ms | p95 ms | p99 ms |`);
  console.log(`|${'-'.repeat(width + 2)}|---------------|-------:|-------:|-------:|`);
  for (const { probe, p50, p95, p99 } of figures) {
    console.log(
      `| ${probe.label.padEnd(width)} | ${probe.page.padEnd(13)} | ${ms(p50).padStart(6)} | ${ms(p95).padStart(6)} | ${ms(p99).padStart(6)} |`,
    );
  }
  const all = probes.flatMap((p) => p.samples).sort((a, b) => a - b);
  const [slowest] = figures;
  if (slowest === undefined) throw new Error('no case to measure');
  const over = figures.filter((f) => f.p95 >= target);
  console.log(
    `\nSlowest case: ${slowest.probe.label}, ${slowest.probe.page}: p95 ${ms(slowest.p95)} ms`,
  );
  console.log(
    `All ${all.length.toLocaleString('en')} requests: p50 ${ms(percentile(all, 50))} ms, p95 ${ms(percentile(all, 95))} ms, p99 ${ms(percentile(all, 99))} ms`,
  );
  console.log(
    `Target: every case's p95 < ${target} ms → ${over.length === 0 ? 'met' : `NOT met (${over.length} of ${figures.length} at or over)`}`,
  );
  if (over.length > 0) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanUp();
}
