/**
 * `pnpm bench`: one run, one machine, three figures.
 * 1. Throughput (requests/s) and p99 latency of getMarket (first page) and of search, each
 *    against a bare Fastify hello-world route, printed as ratios (autocannon, loopback only).
 * 2. Search p95 latency on the million-item catalogue with the trigram index, and the same
 *    queries with the index dropped (it is rebuilt afterwards).
 * The benchmark database is its own (`api/.data-bench`, or DATABASE_URL when set: WARNING, its
 * catalogue is replaced); the large catalogue is seeded first when missing.
 *
 * Options: --duration <s> (10), --connections <n> (10), --rounds <n> (3), --items <n> (1000000),
 * --skip-http,
 * --skip-index.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { API_ROOT, loadConfig } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { DEMO_USER } from '../src/db/seed/catalogue';
import { SEARCH_INDEX_DDL, seedLargeCatalogue } from '../src/db/seed/large-catalogue';
import { hashPassword } from '../src/lib/password';
import { createItemsRepository } from '../src/repositories/items-repository';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    items: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '3' },
    'skip-http': { type: 'boolean', default: false },
    'skip-index': { type: 'boolean', default: false },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const totalItems = Number(args.items);
const rounds = Number(args.rounds);
const HELLO_PORT = 4201;
const API_PORT = 4202;
/** Queries of the search figures: words, fragments and serial numbers, as people type them. */
const QUERIES = [
  'warden',
  'neon bas',
  'HT-0424242',
  'ht-09999',
  'spectral',
  'mining cl',
  'Mk-412',
  'obsidian fl',
  'cipher',
  'LND-0042',
];

const config = loadConfig();
const dataDir = resolve(API_ROOT, '.data-bench');
const databaseUrl = config.databaseUrl === 'memory://' ? null : config.databaseUrl;
const where =
  databaseUrl === null ? `embedded PGlite in ${dataDir}` : 'the PostgreSQL server of DATABASE_URL';

const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function ensureLargeCatalogue(): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from items`);
    if ((row?.n ?? 0) >= totalItems) {
      console.log(`Catalogue: ${row?.n.toLocaleString('en')} items (${where})`);
      return;
    }
    console.log(`Seeding ${totalItems.toLocaleString('en')} items into ${where} …`);
    await seedLargeCatalogue(database, {
      total: totalItems,
      passwordHash: () => hashPassword(DEMO_USER.password),
      onProgress: (step, done, all) =>
        process.stdout.write(`\r  ${step.padEnd(28)} ${Math.floor((done / all) * 100)}%   `),
    });
    process.stdout.write('\n');
  } finally {
    await database.close();
  }
}

/** Starts a server in a child process and waits until `readyUrl` answers. */
async function start(
  label: string,
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: API_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(readyUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${label} did not start in 120 s:\n${output}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

interface Load {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string): Promise<Load> {
  const result = await autocannon({ url, connections, duration });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function httpFigures(): Promise<void> {
  console.log(
    `\n## Throughput: autocannon, ${connections} connections, median of ${rounds} interleaved ${duration} s runs per route (after a 2 s warm-up), loopback`,
  );
  const api = await start(
    'API',
    ['src/server.ts'],
    {
      API_PORT: String(API_PORT),
      API_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
      NODE_ENV: 'production',
      JWT_SECRET: 'benchmark-only-secret-benchmark-only-secret',
      ...(databaseUrl === null ? { DATA_DIR: dataDir } : {}),
    },
    `http://127.0.0.1:${API_PORT}/readyz`,
  );
  const marketUrl = `http://127.0.0.1:${API_PORT}/api/v1/market/getMarket`;
  const pageBytes = (await (await fetch(marketUrl)).arrayBuffer()).byteLength;
  const hello = await start(
    'hello-world',
    ['bench/hello-server.ts', String(HELLO_PORT), String(pageBytes)],
    {},
    `http://127.0.0.1:${HELLO_PORT}/`,
  ).catch(async (error: unknown) => {
    await stop(api);
    throw error;
  });
  try {
    // Interleaved rounds, median of each: a shared machine's noise hits every route alike.
    const urls = [
      `http://127.0.0.1:${HELLO_PORT}/`,
      `http://127.0.0.1:${HELLO_PORT}/same-size`,
      marketUrl,
      `http://127.0.0.1:${API_PORT}/api/v1/search/search?query=warden`,
    ];
    for (const url of urls) await autocannon({ url, connections, duration: 2 }); // warm-up
    const runs: Load[][] = urls.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (const [i, url] of urls.entries()) runs[i]?.push(await load(url));
    }
    const median = (list: Load[] | undefined): Load => {
      const pick = (f: (l: Load) => number) =>
        percentile(
          (list ?? []).map(f).sort((a, b) => a - b),
          50,
        );
      return { rps: pick((l) => l.rps), p99: pick((l) => l.p99), errors: pick((l) => l.errors) };
    };
    const [baseline, sameSize, market, search] = runs.map(median) as [Load, Load, Load, Load];
    const ratio = (a: number, b: number, digits: number) =>
      round(a / Math.max(b, 1), digits).toFixed(digits);
    const row = (name: string, r: Load) =>
      `| ${name.padEnd(44)} | ${String(Math.round(r.rps)).padStart(7)} | ${String(r.p99).padStart(6)} | ${ratio(r.rps, baseline.rps, 2).padStart(14)} | ${ratio(r.p99, baseline.p99, 1).padStart(12)} | ${String(r.errors).padStart(6)} |`;
    console.log(
      `| ${'route'.padEnd(44)} |   req/s | p99 ms | req/s vs hello | p99 vs hello | errors |`,
    );
    console.log(`|${'-'.repeat(46)}|--------:|-------:|---------------:|-------------:|-------:|`);
    console.log(row('hello-world (bare Fastify, 17 B)', baseline));
    console.log(row(`bare Fastify, same body size (${pageBytes} B)`, sameSize));
    console.log(row(`GET /market/getMarket, first page (${pageBytes} B)`, market));
    console.log(row('GET /search/search?query=warden', search));
    console.log(
      `getMarket vs hello-world: ${ratio(market.rps, baseline.rps, 2)}× (target ≥ 0.5× → ${market.rps / baseline.rps >= 0.5 ? 'met' : 'NOT met'}); vs bare Fastify with the same body: ${ratio(market.rps, sameSize.rps, 2)}×`,
    );
  } finally {
    await stop(api);
    await stop(hello);
  }
}

async function timeQueries(
  database: Database,
  rounds: number,
): Promise<{ p50: number; p95: number; max: number; n: number }> {
  const items = createItemsRepository(database);
  for (const q of QUERIES) await items.search(q); // warm the cache
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of QUERIES) {
      const t0 = process.hrtime.bigint();
      await items.search(q);
      samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples[samples.length - 1] ?? NaN,
    n: samples.length,
  };
}

async function indexFigures(): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from items`);
    console.log(
      `\n## Search latency on ${row?.n.toLocaleString('en')} items (${database.driver}), ${QUERIES.length} queries: ${QUERIES.join(', ')}`,
    );
    await database.rows(sql.raw(SEARCH_INDEX_DDL));
    const withIndex = await timeQueries(database, 20);
    await database.rows(sql`drop index items_search_trgm_idx`);
    let withoutIndex;
    try {
      withoutIndex = await timeQueries(database, 2);
    } finally {
      process.stdout.write('(rebuilding the trigram index …)\n');
      await database.rows(sql.raw(SEARCH_INDEX_DDL));
    }
    const line = (name: string, r: typeof withIndex) =>
      `| ${name.padEnd(22)} | ${String(r.n).padStart(7)} | ${round(r.p50).toFixed(1).padStart(8)} | ${round(r.p95).toFixed(1).padStart(8)} | ${round(r.max).toFixed(1).padStart(8)} |`;
    console.log('| search                 | queries |  p50 ms  |  p95 ms  |  max ms  |');
    console.log('|------------------------|--------:|---------:|---------:|---------:|');
    console.log(line('with the trigram index', withIndex));
    console.log(line('index dropped', withoutIndex));
    console.log(
      `p95 speed-up: ${round(withoutIndex.p95 / withIndex.p95, 0)}×; target p95 < 20 ms → ${withIndex.p95 < 20 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await database.close();
  }
}

console.log(`# Hyper Tek API benchmark — ${new Date().toISOString()} — Node ${process.version}`);
await ensureLargeCatalogue();
if (!args['skip-http']) await httpFigures();
if (!args['skip-index']) await indexFigures();
