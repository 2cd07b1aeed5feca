/**
 * `pnpm bench:stream`: the live stream (`GET /market/stream`) measured twice, on a fresh database
 * (embedded PGlite in memory, or a temporary database on DATABASE_URL's PostgreSQL server):
 *
 * 1. Latency: the API in this process, `--clients` streams (default 20) over loopback HTTP, and
 *    `--events` events (default 300) written one transaction each at random moments (0–20 ms
 *    apart). For every event and client: the time from its transaction's commit to the client
 *    reading it. Prints p50, p95 and the largest (the goal: p95 < 1 s), and what one read of the
 *    outbox costs when nothing is new (what each instance pays per poll).
 * 2. Memory: the API as in production in a child process; streams opened `--batch` at a time
 *    (default 250) up to `--streams` (default 2,000), the process's resident memory read after
 *    each batch. Prints the memory per open stream and how many one instance holds in 20 MB.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { eventsAfter, recordEvents } from '../src/market/events';
import { sseClient, type SseClient } from '../test/support/sse-client';
import {
  freePort,
  freshDatabase,
  percentile,
  productionApiEnvironment,
  startServer,
  stopServer,
} from './support';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    events: { type: 'string', default: '300' },
    streams: { type: 'string', default: '2000' },
    batch: { type: 'string', default: '250' },
  },
});
const CLIENTS = Number(args.clients);
const EVENTS = Number(args.events);
const STREAMS = Number(args.streams);
const BATCH = Number(args.batch);
const MB = 1024 * 1024;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (n: number) => new Promise((resolve) => setTimeout(resolve, n));

async function latency(databaseUrl: string): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({
    ...config,
    databaseUrl,
    logLevel: 'warn',
    stream: { ...config.stream, maxStreamsPerAddress: CLIENTS + 10 },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { db } = app.database;
    const [row] = await app.database.rows<{ id: string | number }>(
      sql`select coalesce(max(id), 0) as id from market_events`,
    );
    const mark = Number(row?.id ?? 0);

    // What a poll costs when nothing is new: one read after the newest id.
    const idle: number[] = [];
    for (let n = 0; n < 200; n++) {
      const started = performance.now();
      await eventsAfter(db, mark, 500);
      idle.push(performance.now() - started);
    }
    idle.sort((a, b) => a - b);

    const committedAt = new Map<number, number>();
    const delays: number[] = [];
    const clients: SseClient[] = Array.from({ length: CLIENTS }, () =>
      sseClient('/api/v1/market/stream', {
        lastEventId: String(mark),
        onMessage: (message) => {
          const marker = (message.data as { priceCents: number }).priceCents;
          const at = committedAt.get(marker);
          if (at !== undefined) delays.push(performance.now() - at);
        },
      }),
    );
    await Promise.all(clients.map((client) => client.connect(origin)));
    await sleep(500);
    for (let n = 1; n <= EVENTS; n++) {
      await db.transaction((tx) =>
        recordEvents(tx, [
          {
            kind: 'listing.repriced',
            item: { id: 1 + (n % 100), kind: 'nfa' },
            amountCents: n,
            at: new Date(),
          },
        ]),
      );
      committedAt.set(n, performance.now());
      await sleep(Math.random() * 20);
    }
    await Promise.all(clients.map((client) => client.waitFor(EVENTS, 30_000)));
    for (const client of clients) client.drop();
    delays.sort((a, b) => a - b);
    console.log(
      `latency, commit → client (${CLIENTS} streams × ${EVENTS} events, poll every ${config.stream.pollMs} ms): ` +
        `p50 ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))}, max ${ms(delays.at(-1) ?? NaN)} ` +
        `(${delays.length} deliveries)`,
    );
    console.log(
      `one poll with nothing new: p50 ${ms(percentile(idle, 50))}, p95 ${ms(percentile(idle, 95))}`,
    );
  } finally {
    await app.close();
  }
}

/** The resident memory of a process (Linux), in bytes. */
function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? NaN) * 1024;
}

async function memory(databaseUrl: string): Promise<void> {
  const port = await freePort();
  const child = await startServer(
    'API',
    ['src/server.ts'],
    {
      ...productionApiEnvironment(port, databaseUrl),
      MARKET_STREAM_MAX: String(STREAMS + 10),
      MARKET_STREAM_PER_ADDRESS: String(STREAMS + 10),
    },
    `http://127.0.0.1:${port}/readyz`,
  );
  const clients: SseClient[] = [];
  try {
    const pid = child.pid ?? 0;
    // One stream first (the reader started), then the figure every stream adds to.
    const first = sseClient('/api/v1/market/stream');
    await first.connect(`http://127.0.0.1:${port}`);
    clients.push(first);
    await sleep(2_000);
    const base = residentBytes(pid);
    const points: string[] = [];
    while (clients.length < STREAMS) {
      const batch = Array.from({ length: Math.min(BATCH, STREAMS - clients.length) }, () =>
        sseClient('/api/v1/market/stream'),
      );
      const answers = await Promise.all(
        batch.map((client) => client.connect(`http://127.0.0.1:${port}`)),
      );
      const refused = answers.filter((res) => res.statusCode !== 200).length;
      if (refused > 0) throw new Error(`${refused} streams refused`);
      clients.push(...batch);
      await sleep(1_000);
      points.push(`${clients.length}: ${((residentBytes(pid) - base) / MB).toFixed(1)} MB`);
    }
    await sleep(3_000);
    const grown = residentBytes(pid) - base;
    const perStream = grown / (clients.length - 1);
    console.log(`resident memory above one stream, by open streams: ${points.join(', ')}`);
    console.log(
      `memory per open stream: ${(perStream / 1024).toFixed(1)} kB (${(grown / MB).toFixed(1)} MB for ${clients.length - 1}); ` +
        `streams one instance holds in 20 MB: ${Math.floor((20 * MB) / perStream)}`,
    );
  } finally {
    for (const client of clients) client.drop();
    await stopServer(child);
  }
}

async function main(): Promise<void> {
  const database = await freshDatabase('hypertek_bench_stream');
  console.log(`database: ${database.label}`);
  try {
    await latency(database.url);
  } finally {
    await database.drop();
  }
  const second = await freshDatabase('hypertek_bench_stream');
  try {
    await memory(second.url);
  } finally {
    await second.drop();
  }
}

await main();
