// Child processes for the root scripts: each in its own process group (so that a tree such as
// npx → pnpm → node is stopped whole), with every output line prefixed by the process's name.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const COLORS = [36, 35, 33, 32, 34, 91, 96, 95];
let nextColor = 0;

/**
 * A process started by `startProcess`: its name, and a promise of how it exited.
 * @typedef {import('node:child_process').ChildProcess & { label: string, exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }> }} Started
 */

/**
 * Writes each line of a stream to `out` as `[name] line`.
 * @param {import('node:stream').Readable} stream
 * @param {string} name
 * @param {NodeJS.WriteStream} out
 */
export function prefixLines(stream, name, out, color = COLORS[nextColor++ % COLORS.length]) {
  const label = out.isTTY && !process.env.NO_COLOR ? `\x1b[${color}m[${name}]\x1b[0m` : `[${name}]`;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) =>
    out.write(`${label} ${line}\n`),
  );
}

/**
 * Starts a long-running process in its own process group, output prefixed with `name`.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Started}
 */
export function startProcess(name, command, args, options = {}) {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    ...options,
  });
  const color = COLORS[nextColor++ % COLORS.length];
  if (child.stdout) prefixLines(child.stdout, name, process.stdout, color);
  if (child.stderr) prefixLines(child.stderr, name, process.stderr, color);
  return Object.assign(child, {
    label: name,
    /** @type {Started['exited']} */
    exited: new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    ),
  });
}

/**
 * Keeps a process running: when `first` (or a later one) exits, `launch()` starts it again after
 * a back-off (`baseDelayMs`, doubling to `maxDelayMs`), and each exit and restart is said through
 * `log`. Whatever the exited process left running in its process group (a server under a
 * wrapper) is stopped first, so the new one finds its port free. A process that exits within
 * `quickMs` of its start `maxInARow` times in a row is left down (`onLeftDown`). Nothing is
 * restarted once `isStopping()` says so.
 * @param {Started} first
 * @param {() => Started} launch
 * @param {{ isStopping: () => boolean, log: (line: string) => void, onRestart?: (next: Started, previous: Started) => void, onLeftDown?: () => void, baseDelayMs?: number, maxDelayMs?: number, quickMs?: number, maxInARow?: number }} options
 */
export function keepRunning(first, launch, options) {
  const {
    isStopping,
    log,
    onRestart = () => {},
    onLeftDown = () => {},
    baseDelayMs = 1000,
    maxDelayMs = 30_000,
    quickMs = 60_000,
    maxInARow = 5,
  } = options;
  /** @param {Started} child @param {number} failures */
  const watch = (child, failures) => {
    const startedAt = Date.now();
    void child.exited.then(({ code, signal }) => {
      if (isStopping()) return;
      if (process.platform !== 'win32' && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // the group is gone already
        }
      }
      const inARow = Date.now() - startedAt < quickMs ? failures + 1 : 1;
      const how = signal ?? `code ${String(code)}`;
      if (inARow >= maxInARow) {
        log(
          `${child.label} exited (${how}), ${maxInARow} times in a row soon after starting: left down`,
        );
        onLeftDown();
        return;
      }
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (inARow - 1));
      log(`${child.label} exited (${how}); starting it again in ${delay / 1000} s`);
      setTimeout(() => {
        if (isStopping()) return;
        const next = launch();
        onRestart(next, child);
        log(`${next.label} started again`);
        watch(next, inARow);
      }, delay);
    });
  };
  watch(first, 0);
}

/** @param {import('node:child_process').ChildProcess} child */
const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * Sends a signal to a child's whole process group (falls back to the child alone).
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
export function signalGroup(child, signal) {
  if (hasExited(child) || child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/**
 * Stops children gracefully (SIGTERM), then forcefully (SIGKILL) after `graceMs`.
 * @param {Started[]} children
 */
export async function stopProcesses(children, graceMs = 5000) {
  const running = children.filter((c) => !hasExited(c));
  for (const child of running) signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => running.forEach((c) => signalGroup(c, 'SIGKILL')), graceMs);
  await Promise.all(running.map((c) => c.exited));
  clearTimeout(timer);
}

/**
 * Resolves with the first URL that answers 2xx; rejects after `timeoutMs`, or as soon as `child`
 * exits (a process that dies at start is an error, not a wait).
 * @param {string[]} urls
 * @param {{ timeoutMs?: number, child?: Started, name?: string }} [options]
 */
export async function waitForHttp(urls, { timeoutMs = 60_000, child, name = urls[0] } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && hasExited(child)) throw new Error(`${name} exited before it was ready`);
    for (const url of urls) {
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await res.body?.cancel();
        if (res.ok) return url;
      } catch {
        /* not up yet */
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} not ready after ${timeoutMs / 1000} s (tried ${urls.join(', ')})`);
}

/**
 * Is a TCP port free on this machine?
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export async function isPortFree(port) {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => server.close(() => resolve(true)))
      .listen(port);
  });
}

/** Formats milliseconds as `12.3 s`. @param {number} ms */
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
