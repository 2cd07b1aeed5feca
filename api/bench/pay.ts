/**
 * `pnpm bench:pay`: latency (p50, p90, p99) and throughput of POST /card/pay-with-card on the
 * sandbox provider, each request a real purchase (a new order: one user, one item), over
 * loopback against the API in a child process (production mode, warn-level logs).
 * The database is always fresh: embedded PGlite in memory by default; with DATABASE_URL naming a
 * PostgreSQL server, a temporary database on it, dropped at the end. Bounded in time: setup
 * (seed, sign-ups) then `--duration` seconds of load, or until every user has bought every item.
 *
 * Options: --duration <s> (10), --connections <n> (10), --users <n> (30), --warmup <n> (100),
 * --port <n> (a free one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { API_ROOT, loadConfig } from '../src/config/env';
import { createServerDatabase } from '../test/support/server-database';
import { freePort, percentile, stopServer } from './support';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    users: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '100' },
    port: { type: 'string', default: '0' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const userCount = Number(args.users);
const warmup = Number(args.warmup);

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function apiPort(): Promise<number> {
  const wanted = Number(args.port);
  return wanted > 0 ? wanted : freePort();
}

/** A fresh database: in memory, or a temporary one on the PostgreSQL server of DATABASE_URL. */
async function freshDatabase(): Promise<{ url: string; label: string; drop: () => Promise<void> }> {
  const server = loadConfig().databaseUrl;
  if (server === null || server === 'memory://') {
    return { url: 'memory://', label: 'embedded PGlite, in memory', drop: async () => {} };
  }
  const database = await createServerDatabase(server, 'hypertek_bench_pay');
  return { ...database, label: `PostgreSQL server (temporary database ${database.name})` };
}

async function startApi(port: number, databaseUrl: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SEED_ON_START: 'true',
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_SANDBOX_MAX: '1000000',
  };
  // The sandbox provider: never a real Stripe account from the caller's environment.
  delete env.STRIPE_SECRET_KEY;
  delete env.STRIPE_WEBHOOK_SECRET;
  delete env.STRIPE_API_BASE;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`API did not start in 180 s:\n${output}`);
}

interface Buyer {
  id: string;
  authorization: string;
}

async function main(): Promise<void> {
  const port = await apiPort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const database = await freshDatabase();
  console.log(`# pay-with-card benchmark (sandbox provider, ${database.label})`);
  const started = Date.now();
  const api = await startApi(port, database.url);
  try {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    // The catalogue (every NFA and land parcel, with prices in cents).
    const items: { id: string; cents: number }[] = [];
    for (const path of ['/market/getMarket', '/land/getland']) {
      let cursor: string | null = null;
      do {
        const page = (await (
          await fetch(`${base}${path}?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`)
        ).json()) as { data: { id: string; price: number }[]; nextCursor: string | null };
        items.push(...page.data.map((i) => ({ id: i.id, cents: Math.round(i.price * 100) })));
        cursor = page.nextCursor;
      } while (cursor !== null);
    }

    const buyers: Buyer[] = [];
    for (let i = 0; i < userCount; i += 5) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(5, userCount - i) }, async (_, j) => {
          const Email = `bench-${i + j}-${randomBytes(3).toString('hex')}@example.com`;
          const response = await post('/user/signup', {
            Email,
            Password: 'Bench-2117!',
            ConfirmPassword: 'Bench-2117!',
          });
          const body = (await response.json()) as { user: { _id: string }; token: string };
          return { id: body.user._id, authorization: `Bearer ${body.token}` };
        }),
      );
      buyers.push(...batch);
    }
    const method = (await (
      await post('/payment/sandbox/payment-methods', {
        number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
        cvc: '123',
      })
    ).json()) as { id: string };

    // Every (user, item) pair is one new order, bought once.
    const orders = buyers.flatMap((buyer) => items.map((item) => ({ buyer, item })));
    let next = 0;
    const pay = async (): Promise<{ status: number; ms: number } | null> => {
      const order = orders[next++];
      if (order === undefined) return null;
      const t0 = performance.now();
      const response = await post(
        '/card/pay-with-card',
        {
          userId: order.buyer.id,
          productId: order.item.id,
          paymentDetails: {
            amount: order.item.cents,
            payment_method_id: method.id,
            currency: 'usd',
          },
          provider: 'card',
        },
        { authorization: order.buyer.authorization },
      );
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - t0 };
    };

    for (let i = 0; i < warmup; i++) await pay();
    console.log(
      `setup: ${((Date.now() - started) / 1000).toFixed(1)} s (seed, ${buyers.length} sign-ups, ${items.length} items, ${warmup} warm-up purchases)`,
    );

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const t0 = performance.now();
    const stopAt = t0 + duration * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < stopAt) {
          const result = await pay();
          if (result === null) return;
          latencies.push(result.ms);
          statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const ok = statuses.get(200) ?? 0;
    console.log(
      `load: ${connections} connections, ${elapsed.toFixed(1)} s, ${latencies.length} purchases (each a new order)`,
    );
    console.log(
      `POST /card/pay-with-card  p50 ${ms(percentile(latencies, 50))}  p90 ${ms(percentile(latencies, 90))}  p99 ${ms(percentile(latencies, 99))}  max ${ms(latencies.at(-1) ?? NaN)}  ${(latencies.length / elapsed).toFixed(0)} req/s`,
    );
    console.log(
      `answers: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}${ok === latencies.length ? ' (all paid)' : ''}`,
    );
    if (ok !== latencies.length) process.exitCode = 1;
  } finally {
    await stopServer(api);
    await database.drop();
  }
}

await main();
