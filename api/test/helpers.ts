/**
 * Test harness: builds the real app in-process against a fresh database. By default the embedded
 * database in memory; when DATABASE_URL names a PostgreSQL server, a new database is created for
 * the app and dropped afterwards, so runs (and test files) never share or collide.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { seedIfEmpty } from '../src/plugins/app/database';
import { createServerDatabase } from './support/server-database';

export type TestApp = FastifyInstance & { config: Config };

const baseConfig = loadConfig();

/**
 * The embedded database, migrated and seeded, as files. Each test app in memory opens a copy
 * (under a second) instead of creating, migrating and seeding its own (about five). `run-all.ts`
 * makes it once for the whole run and names the file in `HYPERTEK_TEST_DB_SNAPSHOT`; a file run
 * alone makes its own. The seed's times are those of when it was made, minutes earlier at most.
 */
export async function makeSeededSnapshot(): Promise<Blob> {
  const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
  try {
    await seedIfEmpty(database);
    const files = await database.snapshot();
    if (files === null) throw new Error('the embedded database gave no snapshot');
    return files;
  } finally {
    await database.close();
  }
}

let seeded: Promise<Blob> | null = null;
const seededSnapshot = (file = process.env.HYPERTEK_TEST_DB_SNAPSHOT): Promise<Blob> =>
  (seeded ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : makeSeededSnapshot());

/** Builds an app for one test file (closed and cleaned up by `t.after`). */
export async function buildTestApp(
  t: Pick<TestContext, 'after'> | { after: (fn: () => Promise<void>) => void },
  overrides: Omit<Partial<Config>, 'rateLimit'> & { rateLimit?: Partial<Config['rateLimit']> } = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'hypertek-api-test-'));
  // On a server, a seeded app starts from a copy of the run's seeded database (run-all.ts).
  const template =
    (overrides.seedOnStart ?? true) ? process.env.HYPERTEK_TEST_DB_TEMPLATE : undefined;
  const server =
    baseConfig.databaseUrl !== null && baseConfig.databaseUrl !== 'memory://'
      ? await createServerDatabase(baseConfig.databaseUrl, 'hypertek_test', template || undefined)
      : null;
  const config: Config = {
    ...baseConfig,
    nodeEnv: 'test',
    logLevel: 'silent',
    databaseUrl: server?.url ?? 'memory://',
    dataDir: join(dir, 'data'),
    uploadsDir: join(dir, 'uploads'),
    outboxDir: join(dir, 'outbox'),
    seedOnStart: true,
    // The offline sandbox unless a test points the app at a Stripe-speaking server.
    payments: { provider: 'sandbox' },
    // No notification worker on a timer: a test runs its rounds (`notificationWorker.runOnce()`).
    notifications: { pollMs: 0 },
    // Nor a market sweep: a test moves the clock and runs it (`payments.sweepMarket()`).
    market: { ...baseConfig.market, sweepMs: 0 },
    ...overrides,
    rateLimit: {
      ...baseConfig.rateLimit,
      authMax: 10_000,
      sandboxMax: 10_000,
      resetPerEmail: 10_000,
      loginPerEmail: 10_000,
      reportsMax: 10_000,
      ...overrides.rateLimit,
      // Counters of one test app are its own, even in a shared Redis.
      namespace: `hypertek-test-${randomBytes(6).toString('hex')}-`,
    },
  };
  const fromSnapshot =
    config.databaseUrl === 'memory://' &&
    config.seedOnStart &&
    options.databaseSnapshot === undefined;
  const app = await buildApp(
    config,
    fromSnapshot ? { ...options, databaseSnapshot: await seededSnapshot() } : options,
  );
  await app.ready();
  t.after(async () => {
    await app.close();
    await server?.drop();
    await rm(dir, { recursive: true, force: true });
  });
  return Object.assign(app, { config });
}

/** The JSON answer, untyped: tests assert on what a caller would read. */
export const json = (response: LightMyRequestResponse): any => response.json();

/**
 * A refusal as the API words it: the status, and exactly `{ success: false, message }`. `label`
 * names the case in a failed status check (a loop's payload).
 */
export function assertRefusal(
  response: LightMyRequestResponse,
  status: number,
  message: string,
  label?: string,
): void {
  assert.equal(response.statusCode, status, label);
  assert.deepEqual(json(response), { success: false, message });
}

let counter = 0;
/** A unique, valid email for each call. */
export const uniqueEmail = (): string =>
  `pilot${process.pid}x${Date.now().toString(36)}x${(counter++).toString(36)}@example.com`;

export const PASSWORD = 'Secret-2117';

/** Signs up a new user and returns it with its token. */
export async function signup(app: FastifyInstance, email = uniqueEmail(), password = PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/user/signup',
    payload: { Email: email, Password: password, ConfirmPassword: password },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const body = response.json<{ user: { _id: string; Email: string }; token: string }>();
  return { ...body, email, password, auth: { authorization: `Bearer ${body.token}` } };
}

/** A multipart/form-data body with text fields and files, for PUT /profile. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { filename: string; contentType: string; data: Buffer }> = {},
) {
  const boundary = `----hypertek${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1×1 PNG. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
