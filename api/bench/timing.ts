/**
 * Timing of the sign-in calls that could reveal whether an email has an account: forgot-password
 * and login, each called `--calls` times for an email with an account and as many for one
 * without, interleaved (known, unknown, known, …) so machine load falls on both alike. Prints the
 * mean, median and spread of each and the difference of the means against its noise (Welch's t;
 * |t| < 2 means the two cannot be told apart at this sample size).
 *
 * Over loopback HTTP, as a caller would measure it: the API runs in a child process (its own event
 * loop, as in production; port BENCH_TIMING_PORT, default 18031) on a fresh database — embedded
 * PGlite in memory, or a temporary database on DATABASE_URL's server.
 * `pnpm bench:timing [--calls 30]`
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import { createServerDatabase } from '../test/support/server-database';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '30' },
    serve: { type: 'string' },
    dir: { type: 'string' },
  },
});
const calls = Number(values.calls);
const port = Number(process.env.BENCH_TIMING_PORT ?? 18031);
const origin = `http://127.0.0.1:${port}`;
const base = loadConfig();

/** The child: the API alone in its process. */
async function serve(databaseUrl: string, dir: string) {
  const config: Config = {
    ...base,
    nodeEnv: 'production',
    logLevel: 'silent',
    databaseUrl,
    outboxDir: join(dir, 'outbox'),
    uploadsDir: join(dir, 'uploads'),
    seedOnStart: false,
    smtpUrl: null,
    redisUrl: null,
    payments: { provider: 'sandbox' },
    // Limits out of the way: this measures the work, not the refusals.
    rateLimit: {
      ...base.rateLimit,
      authMax: 1_000_000,
      resetPerEmail: 1_000_000,
      loginPerEmail: 1_000_000,
    },
    jwt: { ...base.jwt, secret: new TextEncoder().encode('x'.repeat(48)) },
  };
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port });
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

const KNOWN = 'timing-known@example.com';
const PASSWORD = 'Timing-2117';

async function time(url: string, payload: object, expected: number): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${origin}/api/v1${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = await response.text();
  const elapsed = performance.now() - start;
  if (response.status !== expected) throw new Error(`${url}: ${response.status} ${body}`);
  return elapsed;
}

const stats = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1);
  const sorted = [...xs].sort((a, b) => a - b);
  return { mean, sd: Math.sqrt(variance), median: sorted[Math.floor(sorted.length / 2)] ?? 0 };
};

async function compare(name: string, call: (known: boolean, i: number) => Promise<number>) {
  // Warm-up: first calls pay for JIT and the decoy hash.
  for (let i = 0; i < 5; i++) {
    await call(true, -1);
    await call(false, -1);
  }
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < calls; i++) {
    // Alternate which goes first, so neither always follows the other's work.
    if (i % 2 === 0) {
      known.push(await call(true, i));
      unknown.push(await call(false, i));
    } else {
      unknown.push(await call(false, i));
      known.push(await call(true, i));
    }
  }
  const k = stats(known);
  const u = stats(unknown);
  const diff = k.mean - u.mean;
  const t = diff / Math.sqrt(k.sd ** 2 / known.length + u.sd ** 2 / unknown.length);
  const f = (x: number) => x.toFixed(2).padStart(7);
  console.log(
    `${name.padEnd(16)} known: mean ${f(k.mean)} ms, median ${f(k.median)}, sd ${f(k.sd)}` +
      ` | unknown: mean ${f(u.mean)} ms, median ${f(u.median)}, sd ${f(u.sd)}` +
      ` | difference ${f(diff)} ms, t = ${t.toFixed(2)}${Math.abs(t) < 2 ? ' (within noise)' : ' (SEPARABLE)'}`,
  );
  return Math.abs(t);
}

async function measure() {
  const server =
    base.databaseUrl !== null && base.databaseUrl !== 'memory://'
      ? await createServerDatabase(base.databaseUrl, 'hypertek_timing')
      : null;
  const dir = await mkdtemp(join(tmpdir(), 'hypertek-timing-'));
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      process.argv[1] ?? '',
      '--serve',
      server?.url ?? 'memory://',
      '--dir',
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await once(child.stdout, 'data');
    await time(
      '/user/signup',
      { Email: KNOWN, Password: PASSWORD, ConfirmPassword: PASSWORD },
      201,
    );
    console.log(
      `${calls} calls each, interleaved; database: ${server === null ? 'embedded PGlite (memory)' : 'PostgreSQL server'}`,
    );
    const results = [
      await compare('forgot-password', (known, i) =>
        time('/user/forgot-password', { Email: known ? KNOWN : `nobody-${i}@example.com` }, 200),
      ),
      await compare('login (wrong pw)', (known, i) =>
        time(
          '/user/login',
          { Email: known ? KNOWN : `nobody-${i}@example.com`, Password: 'Wrong-pass-1' },
          401,
        ),
      ),
    ];
    process.exitCode = results.every((t) => t < 2) ? 0 : 1;
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await server?.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (values.serve !== undefined) {
  await serve(values.serve, values.dir ?? tmpdir());
} else {
  await measure();
}
