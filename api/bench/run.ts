/**
 * `pnpm bench`: one run, one machine, three figures.
 * 1. Throughput (requests/s) and p99 latency of getMarket (first page, served from the cache)
 *    and of search, against a bare Fastify app in the same run: its hello-world route, and a
 *    route that sends a body of exactly as many bytes as the getMarket page, from memory. The
 *    headline is getMarket / same-bytes: what the API's own pipeline costs on top of moving
 *    the bytes (autocannon, loopback only).
 * 2. Search p95 latency on the million-item catalogue with the trigram index, and the same
 *    queries with the index dropped (it is rebuilt afterwards).
 * The benchmark database is its own (`api/.data-bench`, or DATABASE_URL when set: WARNING, its
 * catalogue is replaced); the large catalogue is seeded first when missing. With --skip-index
 * only the HTTP figures run and the browsing seed is enough (the first getMarket page is the
 * same 20 NFAs either way), so a fresh checkout needs no million-item seed for them.
 *
 * The API runs as in production: NODE_ENV=production, and the production log level (info) unless
 * --log-level says otherwise.
 *
 * Options: --duration <s> (6), --connections <n> (50), --rounds <n> (5), --items <n> (1000000),
 * --port <n> (4201: the API; the bare Fastify app uses the next port), --log-level <level>
 * (info), --skip-http, --skip-index.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { API_ROOT, loadConfig } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { DEMO_USER, seedCatalogue } from '../src/db/seed/catalogue';
import { SEARCH_INDEX_DDL, seedLargeCatalogue } from '../src/db/seed/large-catalogue';
import { hashPassword } from '../src/lib/password';
import { createItemsRepository } from '../src/repositories/items-repository';
import { benchOptions, percentile, startServer, stopServer } from './support';

const args = benchOptions({
  duration: 6,
  connections: 50,
  items: 1_000_000,
  rounds: 5,
  port: 4201,
  'log-level': 'info',
  'skip-http': false,
  'skip-index': false,
});
const { duration, connections, items: totalItems, rounds, port: API_PORT } = args;
const HELLO_PORT = API_PORT + 1;
/** The bar for getMarket against the same bytes from a bare Fastify app. */
const SAME_BYTES_TARGET = 0.6;
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

/**
 * The million items for the search figures; for the HTTP figures alone (--skip-index) any
 * catalogue will do, and an empty database gets the browsing seed.
 */
async function ensureCatalogue(httpOnly: boolean): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from items`);
    const count = row?.n ?? 0;
    if (count >= (httpOnly ? 1 : totalItems)) {
      console.log(`Catalogue: ${count.toLocaleString('en')} items (${where})`);
      return;
    }
    if (httpOnly) {
      const seeded = await seedCatalogue(database, {
        reset: true,
        passwordHash: () => hashPassword(DEMO_USER.password),
      });
      console.log(`Catalogue: the browsing seed, ${seeded.items} items (${where})`);
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

interface Load {
  rps: number;
  p99: number;
  errors: number;
  /** Bytes per answer as read by autocannon: status line, headers and body. */
  bytes: number;
  /** CPU time (user + system) the server process spent per answer, in µs; NaN off Linux. */
  cpu: number;
}

/** CPU time used so far by a process, in µs (Linux: /proc; NaN elsewhere). */
function cpuMicros(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return NaN;
  }
}

async function load(url: string, server: ChildProcess): Promise<Load> {
  const before = cpuMicros(server.pid);
  const result = await autocannon({ url, connections, duration });
  const answers = Math.max(result.requests.total, 1);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    bytes: result.throughput.total / answers,
    cpu: (cpuMicros(server.pid) - before) / answers,
  };
}

const median = (values: number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function httpFigures(): Promise<void> {
  console.log(
    `\n## Throughput: autocannon, ${connections} connections, ${rounds} interleaved rounds of ${duration} s per route (after a 2 s warm-up), loopback; medians; API at LOG_LEVEL=${args['log-level']}`,
  );
  const api = await startServer(
    'API',
    ['src/server.ts'],
    {
      API_PORT: String(API_PORT),
      API_HOST: '127.0.0.1',
      LOG_LEVEL: args['log-level'],
      SEED_ON_START: 'false',
      NODE_ENV: 'production',
      JWT_SECRET: 'benchmark-only-secret-benchmark-only-secret',
      ...(databaseUrl === null ? { DATA_DIR: dataDir } : {}),
    },
    `http://127.0.0.1:${API_PORT}/readyz`,
  );
  const marketUrl = `http://127.0.0.1:${API_PORT}/api/v1/market/getMarket`;
  const sameSizeUrl = `http://127.0.0.1:${HELLO_PORT}/same-size`;
  const pageBytes = (await (await fetch(marketUrl)).arrayBuffer()).byteLength;
  const hello = await startServer(
    'hello-world',
    ['bench/hello-server.ts', String(HELLO_PORT), String(pageBytes)],
    {},
    `http://127.0.0.1:${HELLO_PORT}/`,
  ).catch(async (error: unknown) => {
    await stopServer(api);
    throw error;
  });
  try {
    // The baseline is only a baseline if it moves the same body: checked, not assumed.
    const sameBytes = (await (await fetch(sameSizeUrl)).arrayBuffer()).byteLength;
    if (sameBytes !== pageBytes) {
      throw new Error(`/same-size sent ${sameBytes} bytes of body, getMarket ${pageBytes}`);
    }
    // Interleaved rounds, median of each: a shared machine's noise hits every route alike.
    const targets: [string, ChildProcess][] = [
      [`http://127.0.0.1:${HELLO_PORT}/`, hello],
      [sameSizeUrl, hello],
      [marketUrl, api],
      [`http://127.0.0.1:${API_PORT}/api/v1/search/search?query=warden`, api],
    ];
    for (const [url] of targets) await autocannon({ url, connections, duration: 2 }); // warm-up
    const runs: Load[][] = targets.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (const [i, [url, server]] of targets.entries()) runs[i]?.push(await load(url, server));
    }
    const summary = (list: Load[] | undefined): Load => {
      const pick = (f: (l: Load) => number) => median((list ?? []).map(f));
      return {
        rps: pick((l) => l.rps),
        p99: pick((l) => l.p99),
        errors: pick((l) => l.errors),
        bytes: pick((l) => l.bytes),
        cpu: pick((l) => l.cpu),
      };
    };
    const [baseline, sameSize, market, search] = runs.map(summary) as [Load, Load, Load, Load];
    const ratio = (a: number, b: number, digits: number) =>
      round(a / Math.max(b, 1), digits).toFixed(digits);
    const row = (name: string, r: Load) =>
      `| ${name.padEnd(44)} | ${String(Math.round(r.rps)).padStart(7)} | ${String(r.p99).padStart(6)} | ${ratio(r.rps, baseline.rps, 2).padStart(14)} | ${String(Math.round(r.bytes)).padStart(13)} | ${r.cpu.toFixed(1).padStart(14)} | ${String(r.errors).padStart(6)} |`;
    console.log(
      `| ${'route'.padEnd(44)} |   req/s | p99 ms | req/s vs hello | bytes/answer¹ | server CPU µs² | errors |`,
    );
    console.log(
      `|${'-'.repeat(46)}|--------:|-------:|---------------:|--------------:|---------------:|-------:|`,
    );
    console.log(row('hello-world (bare Fastify, 17 B)', baseline));
    console.log(row(`bare Fastify, same body (${pageBytes} B)`, sameSize));
    console.log(row(`GET /market/getMarket, first page (${pageBytes} B)`, market));
    console.log(row('GET /search/search?query=warden', search));
    console.log('¹ status line, headers and body, as read by autocannon');
    console.log('² user + system CPU time of the server process per answer (Linux only)');
    // Each round's ratio uses two runs a few seconds apart: less exposed to the machine's
    // swings than the ratio of medians.
    const perRound = (runs[2] ?? []).map((m, r) => m.rps / Math.max(runs[1]?.[r]?.rps ?? 0, 1));
    const headline = median(perRound);
    console.log(
      `getMarket / same bytes: ${headline.toFixed(2)}× (median of the rounds: ${perRound.map((x) => x.toFixed(2)).join(', ')}; ratio of the medians ${ratio(market.rps, sameSize.rps, 2)}×; target ≥ ${SAME_BYTES_TARGET} → ${headline >= SAME_BYTES_TARGET ? 'met' : 'NOT met'})`,
    );
    console.log(
      `getMarket / hello-world: ${ratio(market.rps, baseline.rps, 2)}× (the earlier target ≥ 0.5×, set at 10 connections → ${market.rps / baseline.rps >= 0.5 ? 'met' : 'NOT met'}); same bytes / hello-world: ${ratio(sameSize.rps, baseline.rps, 2)}×`,
    );
  } finally {
    await stopServer(api);
    await stopServer(hello);
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
await ensureCatalogue(args['skip-index']);
if (!args['skip-http']) await httpFigures();
if (!args['skip-index']) await indexFigures();
