/**
 * What the benchmarks share: servers started in a child process, and percentiles of timings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { API_ROOT, loadConfig } from '../src/config/env';
import { HOUSE_USER_ID } from '../src/db/schema';
import { createServerDatabase } from '../test/support/server-database';

/** The value at or below which `p` percent of a sorted list lie (nearest rank). */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * Starts a server (`args`, run by Node with tsx from `api/`, the caller's environment plus `env`)
 * in a child process and waits until `readyUrl` answers.
 */
export async function startServer(
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

/** Stops a server started by `startServer` and waits until it has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A TCP port free on the loopback interface right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
}

/** A fresh database: in memory, or a temporary one on the PostgreSQL server of DATABASE_URL. */
export async function freshDatabase(
  prefix: string,
): Promise<{ url: string; label: string; drop: () => Promise<void> }> {
  const server = loadConfig().databaseUrl;
  if (server === null || server === 'memory://') {
    return { url: 'memory://', label: 'embedded PGlite, in memory', drop: async () => {} };
  }
  const database = await createServerDatabase(server, prefix);
  return { ...database, label: `PostgreSQL server (temporary database ${database.name})` };
}

/**
 * The environment of the API as in production (warn-level logs, a random secret, the seed on
 * start) on a database, with the offline payment sandbox whatever the caller's environment says,
 * and rate limits out of the way of a benchmark. The soak's server (bench/soak.ts) adds to it.
 */
export function productionApiEnvironment(
  port: number,
  databaseUrl: string,
): Record<string, string> {
  return {
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SEED_ON_START: 'true',
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_SANDBOX_MAX: '1000000',
    // The sandbox provider and in-memory limits (empty is unset): never a real Stripe account
    // or a shared Redis from the caller's environment.
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_API_BASE: '',
    REDIS_URL: '',
  };
}

/** The API as in production (`productionApiEnvironment`) in a child process, once it is ready. */
export async function startProductionApi(port: number, databaseUrl: string): Promise<ChildProcess> {
  return startServer(
    'API',
    ['src/server.ts'],
    productionApiEnvironment(port, databaseUrl),
    `http://127.0.0.1:${port}/readyz`,
  );
}

/** What the house lists now (NFAs and lands), with prices in cents: what buyers can buy from it. */
export async function houseListings(base: string): Promise<{ id: string; cents: number }[]> {
  const items: { id: string; cents: number }[] = [];
  for (const path of ['/market/getMarket', '/land/getland']) {
    let cursor: string | null = null;
    do {
      const page = (await (
        await fetch(`${base}${path}?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`)
      ).json()) as {
        data: { id: string; price: number; listed: boolean; ownerId: string }[];
        nextCursor: string | null;
      };
      items.push(
        ...page.data
          .filter((i) => i.listed && i.ownerId === HOUSE_USER_ID)
          .map((i) => ({ id: i.id, cents: Math.round(i.price * 100) })),
      );
      cursor = page.nextCursor;
    } while (cursor !== null);
  }
  return items;
}

type OptionValue = number | string | boolean;
/** What `benchOptions` gives back: each option as the type of its default. */
export type BenchOptions<D extends Record<string, OptionValue>> = {
  [K in keyof D]: D[K] extends number ? number : D[K] extends boolean ? boolean : string;
};

/**
 * A benchmark's command line: `--name <value>` for each option, with its default; a number's
 * value is read as a number, a boolean's option is a flag (`--skip-http`). Unknown options fail.
 */
export function benchOptions<D extends Record<string, OptionValue>>(defaults: D): BenchOptions<D> {
  const { values } = parseArgs({
    options: Object.fromEntries(
      Object.entries(defaults).map(([name, value]) => [
        name,
        typeof value === 'boolean'
          ? { type: 'boolean' as const, default: value }
          : { type: 'string' as const, default: String(value) },
      ]),
    ),
  });
  return Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      typeof value === 'number' ? Number(values[name]) : values[name],
    ]),
  ) as BenchOptions<D>;
}

/** The port asked for (`--port`), or a free one when it is 0. */
export async function portOrFree(wanted: number): Promise<number> {
  return wanted > 0 ? wanted : freePort();
}

/**
 * The API as in production on a fresh database (`freshDatabase(prefix)`), after printing the
 * benchmark's title (given the database's label); `stop` ends the API and drops the database.
 */
export async function freshProductionApi(
  port: number,
  prefix: string,
  title: (databaseLabel: string) => string,
): Promise<{ base: string; started: number; stop: () => Promise<void> }> {
  const database = await freshDatabase(prefix);
  console.log(title(database.label));
  const started = Date.now();
  const api = await startProductionApi(port, database.url);
  return {
    base: `http://127.0.0.1:${port}/api/v1`,
    started,
    stop: async () => {
      await stopServer(api);
      await database.drop();
    },
  };
}

const postJson = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A new user signed up for a benchmark (`<label>-<random>@example.com`), with its bearer header. */
export async function signUpBenchUser(
  base: string,
  label: string,
): Promise<{ id: string; authorization: string }> {
  const Email = `${label}-${randomBytes(3).toString('hex')}@example.com`;
  const response = await postJson(`${base}/user/signup`, {
    Email,
    Password: 'Bench-2117!',
    ConfirmPassword: 'Bench-2117!',
  });
  const body = (await response.json()) as {
    user?: { _id: string };
    token?: string;
    message?: string;
  };
  if (body.user === undefined || body.token === undefined) {
    throw new Error(`sign-up refused: ${body.message ?? ''}`);
  }
  return { id: body.user._id, authorization: `Bearer ${body.token}` };
}

/** A sandbox payment method for the card that always succeeds (4242…), as the card form makes one. */
export async function sandboxCardMethod(base: string): Promise<string> {
  const response = await postJson(`${base}/payment/sandbox/payment-methods`, {
    number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  return ((await response.json()) as { id: string }).id;
}

/** The card form's request (POST /card/pay-with-card) of a buyer for an item at its price. */
export const cardPayment = (
  buyerId: string,
  item: { id: string; cents: number },
  paymentMethodId: string,
) => ({
  userId: buyerId,
  productId: item.id,
  paymentDetails: { amount: item.cents, payment_method_id: paymentMethodId, currency: 'usd' },
  provider: 'card',
});
