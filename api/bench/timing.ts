/**
 * Can a caller tell from the clock whether an email has an account? Measured as an attacker
 * would: first calls to many distinct accounts, each from its own client address, over loopback
 * HTTP against the API in a child process (its own event loop, as in production; production
 * rate limits; logs at info; reset emails into a temporary outbox; a fresh database: embedded
 * PGlite in memory, or a temporary one on DATABASE_URL's server).
 *
 * Each round signs up `--accounts` accounts beforehand (not timed), then sends forgot-password
 * once for each of them and once for as many emails never seen, in random order, back to back
 * (each answer read before the next call). Then the same with login (wrong password) on the same
 * emails. Each call comes from an address of its own (X-Forwarded-For, the API trusting its
 * proxy), so every rate-limit bucket it touches is new, as with the attacker.
 *
 * Two comparisons per call, known against unknown:
 * - `answer`: the call's own time, by the kind of email it asked about;
 * - `next call`: the time of the call that follows it, by the kind of email the previous call
 *   asked about. Work a call leaves for after its answer (a reset email) delays whatever comes
 *   next: an attacker who alternates known and unknown emails sees it on the other kind.
 *
 * A comparison fails when the medians differ by more than the noise, either way: the difference
 * is larger than max(0.5 ms, a quarter of the larger interquartile range) AND a permutation test
 * of the difference of medians gives p < 0.01. The first alone fails on a busy machine's bad
 * stretch; the second alone fails on real but harmless differences of a few microseconds once
 * there are enough samples. The exit code is 1 when any comparison fails.
 *
 * `pnpm bench:timing [--accounts 40] [--rounds 3] [--seed 2117]`
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
import { percentile } from './support';
import { createRng } from '../src/db/seed/art';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '3' },
    seed: { type: 'string', default: '2117' },
    serve: { type: 'string' },
    dir: { type: 'string' },
  },
});
const accounts = Number(values.accounts);
const rounds = Number(values.rounds);
const base = loadConfig();

/** The child: the API alone in its process, on a free port it reports to the parent. */
async function serve(databaseUrl: string, dir: string) {
  const config: Config = {
    ...base,
    nodeEnv: 'production',
    // As in production: request lines and the email's line are written (to /dev/null here).
    logLevel: 'info',
    databaseUrl,
    outboxDir: join(dir, 'outbox'),
    uploadsDir: join(dir, 'uploads'),
    seedOnStart: false,
    smtpUrl: null,
    redisUrl: null,
    payments: { provider: 'sandbox' },
    // Client addresses from X-Forwarded-For: each call comes from its own.
    trustProxy: true,
    // Production's limits (10 per minute and address, 3 resets and 10 logins per email).
    rateLimit: {
      ...base.rateLimit,
      authMax: 10,
      windowMs: 60_000,
      resetPerEmail: 3,
      loginPerEmail: 10,
    },
    jwt: { ...base.jwt, secret: new TextEncoder().encode('x'.repeat(48)) },
  };
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address !== null ? address.port : 0 });
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

// The seed's generator (mulberry32): the same order of calls for the same seed.
const rand = createRng(Number(values.seed));
const shuffle = <T>(xs: T[]): T[] => {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

const PASSWORD = 'Timing-2117';
let origin = '';
let addresses = 0;
/** A client address never used before (10.x.y.z). */
const nextAddress = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function time(url: string, payload: object, expected: number): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${origin}/api/v1${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify(payload),
  });
  const body = await response.text();
  const elapsed = performance.now() - start;
  if (response.status !== expected) throw new Error(`${url}: ${response.status} ${body}`);
  return elapsed;
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const quartiles = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p25: percentile(sorted, 25), p50: percentile(sorted, 50), p75: percentile(sorted, 75) };
};

/** Two-sided permutation test of the difference of medians (2,000 relabellings). */
function permutationP(a: number[], b: number[]): number {
  const observed = Math.abs(median(a) - median(b));
  const pooled = [...a, ...b];
  const draws = 2_000;
  let asExtreme = 0;
  for (let i = 0; i < draws; i++) {
    const mixed = shuffle(pooled);
    const d = Math.abs(median(mixed.slice(0, a.length)) - median(mixed.slice(a.length)));
    if (d >= observed) asExtreme++;
  }
  return (asExtreme + 1) / (draws + 1);
}

interface Verdict {
  ok: boolean;
  line: string;
}

function judge(label: string, known: number[], unknown: number[]): Verdict {
  const k = quartiles(known);
  const u = quartiles(unknown);
  const diff = k.p50 - u.p50;
  const tolerance = Math.max(0.5, 0.25 * Math.max(k.p75 - k.p25, u.p75 - u.p25));
  const p = permutationP(known, unknown);
  const ok = Math.abs(diff) <= tolerance || p >= 0.01;
  const f = (x: number) => x.toFixed(2).padStart(6);
  const q = (s: typeof k) => `${f(s.p50)} ms [${f(s.p25)} – ${f(s.p75)}]`;
  return {
    ok,
    line:
      `${label.padEnd(28)} known ${q(k)} | unknown ${q(u)} | difference ${f(diff)} ms,` +
      ` tolerance ${tolerance.toFixed(2)}, p = ${p.toFixed(3)}` +
      (ok ? '  within noise' : '  SEPARABLE'),
  };
}

interface Sample {
  known: boolean;
  ms: number;
}

/** One pass over known and unknown emails in random order, back to back. */
async function pass(
  emails: { email: string; known: boolean }[],
  call: (email: string) => Promise<number>,
) {
  const samples: Sample[] = [];
  for (const { email, known } of shuffle(emails)) {
    samples.push({ known, ms: await call(email) });
  }
  return samples;
}

function compare(name: string, samples: Sample[][]): Verdict[] {
  const own = { known: [] as number[], unknown: [] as number[] };
  const after = { known: [] as number[], unknown: [] as number[] };
  for (const run of samples) {
    run.forEach((sample, i) => {
      (sample.known ? own.known : own.unknown).push(sample.ms);
      const previous = run[i - 1];
      if (previous !== undefined) (previous.known ? after.known : after.unknown).push(sample.ms);
    });
  }
  return [
    judge(`${name}: answer`, own.known, own.unknown),
    judge(`${name}: next call`, after.known, after.unknown),
  ];
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
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  try {
    const [message] = (await once(child, 'message')) as [{ port: number }];
    origin = `http://127.0.0.1:${message.port}`;
    const database = server === null ? 'embedded PGlite (memory)' : 'PostgreSQL server';
    console.log(
      `${rounds} rounds × ${accounts} known + ${accounts} unknown emails, first calls, random order` +
        ` (seed ${values.seed}); database: ${database}`,
    );
    // Warm-up, not counted: the first calls of a process pay for compiling code and the decoy hash.
    for (let i = 0; i < 10; i++) {
      const email = `warm-up-${i}@example.com`;
      await time(
        '/user/signup',
        { Email: email, Password: PASSWORD, ConfirmPassword: PASSWORD },
        201,
      );
      await time('/user/forgot-password', { Email: email }, 200);
      await time('/user/forgot-password', { Email: `warm-up-nobody-${i}@example.com` }, 200);
      await time('/user/login', { Email: email, Password: 'Wrong-pass-1' }, 401);
      await time(
        '/user/login',
        { Email: `warm-up-nobody-${i}@example.com`, Password: 'Wrong-pass-1' },
        401,
      );
    }
    const forgot: Sample[][] = [];
    const login: Sample[][] = [];
    for (let round = 0; round < rounds; round++) {
      const emails: { email: string; known: boolean }[] = [];
      for (let i = 0; i < accounts; i++) {
        const email = `known-${round}-${i}@example.com`;
        await time(
          '/user/signup',
          { Email: email, Password: PASSWORD, ConfirmPassword: PASSWORD },
          201,
        );
        emails.push(
          { email, known: true },
          { email: `nobody-${round}-${i}@example.com`, known: false },
        );
      }
      // Let the signups' work settle before the first timed call.
      await new Promise((resolve) => setTimeout(resolve, 200));
      forgot.push(
        await pass(emails, (email) => time('/user/forgot-password', { Email: email }, 200)),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      login.push(
        await pass(emails, (email) =>
          time('/user/login', { Email: email, Password: 'Wrong-pass-1' }, 401),
        ),
      );
    }
    const verdicts = [...compare('forgot-password', forgot), ...compare('login (wrong pw)', login)];
    console.log(
      'medians [p25 – p75]; each "next call" is grouped by the email of the call before it',
    );
    for (const verdict of verdicts) console.log(verdict.line);
    process.exitCode = verdicts.every((v) => v.ok) ? 0 : 1;
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
    await server?.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (values.serve !== undefined) {
  await serve(values.serve, values.dir ?? tmpdir());
} else {
  await measure();
}
