// keepRunning on real processes: a server that exits is started again, and one that keeps exiting
// is left down; nothing restarts while the site is stopping.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keepRunning, startProcess } from './processes.mjs';

/** A process that exits at once with `code`, as `npm start` starts a server. */
const exiting = (code) =>
  startProcess('checkout', process.execPath, ['-e', `process.exit(${code})`]);

test('a process that exits is started again, with a back-off, and left down after too many quick exits', async () => {
  const lines = [];
  let launched = 0;
  const leftDown = new Promise((resolve) =>
    keepRunning(
      exiting(3),
      () => {
        launched++;
        return exiting(3);
      },
      {
        isStopping: () => false,
        log: (line) => lines.push(line),
        onLeftDown: resolve,
        baseDelayMs: 10,
        maxInARow: 3,
      },
    ),
  );
  await leftDown;
  assert.equal(launched, 2, `started again twice; said: ${lines.join(' | ')}`);
  assert.deepEqual(lines, [
    'checkout exited (code 3); starting it again in 0.01 s',
    'checkout started again',
    'checkout exited (code 3); starting it again in 0.02 s',
    'checkout started again',
    'checkout exited (code 3), 3 times in a row soon after starting: left down',
  ]);
});

test('a process that ran for a while starts the count again; nothing restarts while stopping', async () => {
  const lines = [];
  let stopping = false;
  let launched = 0;
  const restarted = new Promise((resolve) =>
    keepRunning(
      exiting(1),
      () => {
        launched++;
        stopping = true; // the site is being stopped while the new one runs
        resolve();
        return exiting(0);
      },
      { isStopping: () => stopping, log: (line) => lines.push(line), baseDelayMs: 10, quickMs: 0 },
    ),
  );
  await restarted;
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(launched, 1, `said: ${lines.join(' | ')}`);
  assert.deepEqual(lines, [
    'checkout exited (code 1); starting it again in 0.01 s',
    'checkout started again',
  ]);
});

test('what an exited process left running in its group (a server under a wrapper) is stopped', async () => {
  const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'keep-running-'));
  const pidFile = join(dir, 'server.pid');
  // The wrapper starts a "server" that would keep the port, then exits.
  const wrapper = startProcess('api', process.execPath, [
    '-e',
    `const { spawn } = require('node:child_process');
     const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
     require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(server.pid));
     setTimeout(() => process.exit(1), 200);`,
  ]);
  const leftDown = new Promise((resolve) =>
    keepRunning(wrapper, () => assert.fail('not started again'), {
      isStopping: () => false,
      log: () => {},
      onLeftDown: resolve,
      maxInARow: 1,
    }),
  );
  await leftDown;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  // Running: signal 0 reaches it, and it is no zombie (one whose parent is gone may wait to be
  // reaped by an init that does not).
  const alive = () => {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return true;
    }
  };
  for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 20));
  rmSync(dir, { recursive: true, force: true });
  assert.equal(alive(), false, `the server ${pid} left by the wrapper still runs`);
});
