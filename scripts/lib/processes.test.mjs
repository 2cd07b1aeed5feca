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
  assert.equal(launched, 3, `started again 3 times; said: ${lines.join(' | ')}`);
  assert.deepEqual(lines, [
    'checkout exited (code 3); starting it again in 0.01 s',
    'checkout started again',
    'checkout exited (code 3); starting it again in 0.02 s',
    'checkout started again',
    'checkout exited (code 3); starting it again in 0.04 s',
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
