/**
 * `pnpm bench:market`: p50/p99 of the three market actions under `--users` concurrent users
 * (default 20), over loopback HTTP against the API in a child process (production mode,
 * warn-level logs, sandbox payments), on a fresh database: embedded PGlite in memory, or with
 * DATABASE_URL naming a PostgreSQL server a temporary database on it, dropped at the end.
 *
 * Setup (not timed): the users sign up and buy the house's items between them, `--items` each.
 * Then `--rounds` rounds, each timed action run by all users at once:
 * - list: every user lists each item they own (POST /market/listings);
 * - offer: every user makes an offer on each item of the next user (POST /market/offers);
 * - buy: every user buys each listing of the next user by card (POST /card/pay-with-card), so
 *   the items move one user on, and the next round lists them again.
 * Every answer must be the success one (201, 201, 200), or the run fails.
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
  users: userCount,
  items: perUser,
  rounds,
  port: wantedPort,
} = benchOptions({ users: 20, items: 6, rounds: 3, port: 0 });

interface User {
  id: string;
  authorization: string;
  owns: { id: string; cents: number }[];
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The next user in the ring (the one whose items a user offers on and buys). */
const nextOf = <T>(list: readonly T[], index: number): T => {
  const next = list[(index + 1) % list.length];
  if (next === undefined) throw new Error('empty ring');
  return next;
};

async function main(): Promise<void> {
  const port = await portOrFree(wantedPort);
  const { base, started, stop } = await freshProductionApi(
    port,
    'hypertek_bench_market',
    (label) => `# market benchmark: ${userCount} concurrent users (${label})`,
  );
  const timings: Record<'list' | 'offer' | 'buy', number[]> = { list: [], offer: [], buy: [] };
  const failures: string[] = [];
  try {
    const call = async (
      method: string,
      path: string,
      body: unknown,
      authorization?: string,
    ): Promise<{ status: number; body: unknown; ms: number }> => {
      const t0 = performance.now();
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(authorization === undefined ? {} : { authorization }),
        },
        body: JSON.stringify(body),
      });
      const answer: unknown = await response.json();
      return { status: response.status, body: answer, ms: performance.now() - t0 };
    };

    // What the house lists.
    const house = await houseListings(base);
    if (house.length < userCount * perUser) {
      throw new Error(
        `the house lists ${house.length} items; ${userCount} × ${perUser} are needed`,
      );
    }
    const methodId = await sandboxCardMethod(base);
    const pay = (user: User, item: { id: string; cents: number }) =>
      call('POST', '/card/pay-with-card', cardPayment(user.id, item, methodId), user.authorization);

    const users: User[] = [];
    for (let i = 0; i < userCount; i++) {
      users.push({ ...(await signUpBenchUser(base, `market-${i}`)), owns: [] });
    }
    for (const [index, user] of users.entries()) {
      for (const item of house.slice(index * perUser, (index + 1) * perUser)) {
        const bought = await pay(user, item);
        if (bought.status !== 200)
          throw new Error(`setup purchase: ${JSON.stringify(bought.body)}`);
        user.owns.push({ id: item.id, cents: 0 });
      }
    }
    console.log(
      `setup: ${((Date.now() - started) / 1000).toFixed(1)} s (seed, ${userCount} sign-ups, ${userCount * perUser} purchases from the house)`,
    );

    const record = (
      action: keyof typeof timings,
      expected: number,
      result: { status: number; body: unknown; ms: number },
    ) => {
      timings[action].push(result.ms);
      if (result.status !== expected)
        failures.push(`${action}: ${result.status} ${JSON.stringify(result.body)}`);
    };
    const everyone = (work: (user: User, index: number) => Promise<void>) =>
      Promise.all(users.map((user, index) => work(user, index)));

    for (let round = 0; round < rounds; round++) {
      // Prices move a little each round, in whole cents.
      await everyone(async (user) => {
        for (const item of user.owns) {
          item.cents = 10_000 + Math.floor(Math.random() * 90_000);
          record(
            'list',
            201,
            await call(
              'POST',
              '/market/listings',
              { itemId: item.id, price: item.cents / 100, expiresIn: '6 Months' },
              user.authorization,
            ),
          );
        }
      });
      await everyone(async (user, index) => {
        const next = nextOf(users, index);
        for (const item of next.owns) {
          record(
            'offer',
            201,
            await call(
              'POST',
              '/market/offers',
              {
                itemId: item.id,
                price: Math.max(1, Math.floor(item.cents / 200)),
                expiresIn: '6 Hours',
              },
              user.authorization,
            ),
          );
        }
      });
      const moved = users.map(() => [] as User['owns']);
      await everyone(async (user, index) => {
        const next = nextOf(users, index);
        for (const item of next.owns) {
          const result = await pay(user, item);
          record('buy', 200, result);
          if (result.status === 200) moved[index]?.push({ ...item });
        }
      });
      users.forEach((user, index) => (user.owns = moved[index] ?? []));
    }

    for (const [action, list] of Object.entries(timings)) {
      list.sort((a, b) => a - b);
      console.log(
        `${action.padEnd(5)} ${String(list.length).padStart(5)} requests  p50 ${ms(percentile(list, 50))}  p99 ${ms(percentile(list, 99))}  max ${ms(list.at(-1) ?? NaN)}`,
      );
    }
    if (failures.length > 0) {
      console.log(`failures: ${failures.length}\n${failures.slice(0, 5).join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    await stop();
  }
}

await main();
