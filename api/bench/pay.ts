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
import {
  benchOptions,
  cardPayment,
  freshProductionApi,
  houseListings,
  percentile,
  portOrFree,
  sandboxCardMethod,
  signUpBenchUser,
} from './support';

const {
  duration,
  connections,
  users: userCount,
  warmup,
  port: wantedPort,
} = benchOptions({
  duration: 10,
  connections: 10,
  users: 30,
  warmup: 20,
  port: 0,
});

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  const port = await portOrFree(wantedPort);
  const { base, started, stop } = await freshProductionApi(
    port,
    'hypertek_bench_pay',
    (label) => `# pay-with-card benchmark (sandbox provider, ${label})`,
  );
  try {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    // What the house still lists (every item has one owner: each can be bought once).
    const items = await houseListings(base);

    const buyers: { id: string; authorization: string }[] = [];
    for (let i = 0; i < userCount; i += 5) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(5, userCount - i) }, (_, j) =>
          signUpBenchUser(base, `bench-${i + j}`),
        ),
      );
      buyers.push(...batch);
    }
    const methodId = await sandboxCardMethod(base);

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
        cardPayment(order.buyer.id, order.item, methodId),
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
    await stop();
  }
}

await main();
