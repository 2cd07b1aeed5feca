/**
 * The API under soak, in a child process (bench/soak-server.ts: production mode, sandbox
 * payments, a movable market clock), and the messages the soak sends it over IPC: the clock,
 * the invariant audit, its CPU usage, the statements counted, close.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { API_ROOT } from '../../src/config/env';
import { productionApiEnvironment } from '../support';
import { HOLD_SECONDS, RESERVATION_SECONDS } from './mix';

export interface SoakServer {
  /** Sends a message and waits for its answer (rejects when the answer is not ok). */
  ask: (message: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** Closes the API (killed after 10 s). */
  stop: () => Promise<void>;
  /** The API's error-level log lines (the first 50). */
  errorLogs: string[];
}

export async function startSoakServer(options: {
  port: number;
  databaseUrl: string;
  /** The outbox and uploads go there (removed at the end). */
  dir: string;
  profile: string | undefined;
  statements: boolean;
}): Promise<SoakServer> {
  const { port, databaseUrl, dir } = options;
  let nextMessageId = 1;
  const waiting = new Map<number, (answer: Record<string, unknown>) => void>();
  const errorLogs: string[] = [];

  const child: ChildProcess = fork(join(API_ROOT, 'bench', 'soak-server.ts'), [], {
    cwd: API_ROOT,
    execArgv: [
      '--import',
      'tsx',
      ...(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${options.profile}`] : []),
    ],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      // As in production, with the sandbox provider and in-memory limits (bench/support.ts).
      ...productionApiEnvironment(port, databaseUrl),
      // The offer-accepted emails (one per accept) and uploads go to a folder removed at the end.
      OUTBOX_DIR: join(dir, 'outbox'),
      UPLOADS_DIR: join(dir, 'uploads'),
      MARKET_CHECKOUT_HOLD_SECONDS: String(HOLD_SECONDS),
      MARKET_RESERVATION_SECONDS: String(RESERVATION_SECONDS),
      ...(options.statements ? { SOAK_STATEMENTS: '1' } : {}),
    },
  });

  function ask(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = nextMessageId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, (answer) =>
        answer.ok === true ? resolve(answer) : reject(new Error(String(answer.error))),
      );
      child.send({ ...message, id });
    });
  }

  async function stop(): Promise<void> {
    if (!child.connected) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await ask({ type: 'close' }).catch(() => {});
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }

  let output = '';
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const parsed = JSON.parse(line) as { level?: number };
        if ((parsed.level ?? 0) >= 50 && errorLogs.length < 50) errorLogs.push(line);
      } catch {
        output += `${line}\n`;
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the API did not start in 120 s:\n${output}`)),
      120_000,
    );
    child.on('message', (message: Record<string, unknown>) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve();
        return;
      }
      const done = waiting.get(Number(message.id));
      waiting.delete(Number(message.id));
      done?.(message);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${code}):\n${output}`));
      for (const done of waiting.values()) done({ ok: false, error: `the API exited (${code})` });
    });
  });
  return { ask, stop, errorLogs };
}
