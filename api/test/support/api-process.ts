/**
 * The API as a real child process (`src/server.ts`, as `pnpm start` runs it) on a free loopback
 * port, for the tests that need what `inject` cannot give: a process killed with SIGKILL, or two
 * instances sharing one database and one Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ApiProcess {
  origin: string;
  child: ChildProcess;
  /** What the process printed (for a failing test's message). */
  output: () => string;
  /** SIGKILL: no shutdown hook runs, nothing is flushed on purpose. */
  kill9: () => Promise<void>;
  /** SIGTERM and wait (the graceful shutdown). */
  stop: () => Promise<void>;
}

/** Starts the API with these variables on top of a clean environment and waits for /readyz. */
export async function startApi(
  env: Record<string, string>,
  readyTimeoutMs = 90_000,
): Promise<ApiProcess> {
  const port = await freePort();
  const base: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[key];
    if (value !== undefined) base[key] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...base,
      NODE_ENV: 'test',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = once(child, 'exit');
  const origin = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the API exited before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API was not ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    origin,
    child,
    output: () => output,
    kill9: async () => {
      if (alive()) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    stop: async () => {
      if (alive()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

export interface Answer {
  status: number;
  body: any;
}

/** One JSON call to a running API. */
export async function call(
  origin: string,
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    timeoutMs?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the message
  }
  return { status: response.status, body };
}

/** A card payment method from the sandbox (what the card form makes before paying). */
export async function sandboxCard(origin: string, number = '4242 4242 4242 4242'): Promise<string> {
  const answer = await call(origin, 'POST', '/payment/sandbox/payment-methods', {
    body: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
  });
  if (answer.status !== 200)
    throw new Error(`payment method refused: ${JSON.stringify(answer.body)}`);
  return (answer.body as { id: string }).id;
}

/** The card form's request body for an item (amount in cents, as the catalogue prices it). */
export function cardPayment(
  userId: string,
  itemId: number,
  amountCents: number,
  paymentMethodId: string,
) {
  return {
    userId,
    userInfo: { name: 'Test Pilot', email: 'pilot@example.com' },
    gameDetails: {
      gameId: String(itemId),
      serialNumber: 'x',
      title: 'x',
      price: amountCents / 100,
    },
    paymentDetails: { amount: amountCents, payment_method_id: paymentMethodId, currency: 'usd' },
    provider: 'card',
    productId: String(itemId),
  };
}
