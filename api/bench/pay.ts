/**
 * `pnpm bench:pay`: latency (p50, p90, p99) and throughput of POST /card/pay-with-card on the
 * sandbox provider, each request a real purchase of a house listing (a checkout, a charge, the
 * settlement that moves the item and credits the house), over
 * loopback against the API in a child process (production mode, warn-level logs).
 * The database is always fresh: embedded PGlite in memory by default; with DATABASE_URL naming a
 * PostgreSQL server, a temporary database on it, dropped at the end. Bounded in time: setup
 * (seed, sign-ups) then `--duration` seconds of load, or until every item the house lists has
 * been bought (each item has one owner: it is bought once).
 *
 * Options: --duration <s> (10), --connections <n> (10), --users <n> (30), --warmup <n> (20),
 * --port <n> (a free one).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  freePort,
  freshDatabase,
  houseListings,
  percentile,
  startProductionApi,
  stopServer,
} from './support';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    users: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '20' },
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

interface Buyer {
  id: string;
  authorization: string;
}

async function main(): Promise<void> {
  const port = await apiPort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const database = await freshDatabase('hypertek_bench_pay');
  console.log(`# pay-with-card benchmark (sandbox provider, ${database.label})`);
  const started = Date.now();
  const api = await startProductionApi(port, database.url);
  try {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    // What the house still lists (every item has one owner: each can be bought once).
    const items = await houseListings(base);

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

    // Each item the house lists is bought once, by the buyers in turn.
    const orders = items.flatMap((item, index) => {
      const buyer = buyers[index % buyers.length];
      return buyer === undefined ? [] : [{ item, buyer }];
    });
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
