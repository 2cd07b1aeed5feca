/**
 * `pnpm bench:races`: the flake hunt. Runs the market's and the payments' race tests `--runs`
 * times in a row (default 20), each run a fresh template database and test process (test/run-all.ts
 * with `--files` and a name pattern), against the database of DATABASE_URL (a PostgreSQL server:
 * where the races are real; without it, the embedded database). Prints each run's verdict and
 * time, then `races: N runs, F failed`, and exits 1 when any run failed; a failed run's output is
 * printed whole, so the answer that broke the contract is named (the race tests print every
 * status and body they saw).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench:races -- --runs 20
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    files: { type: 'string', default: 'test/routes/market.test.ts,test/routes/payments.test.ts' },
    pattern: { type: 'string', default: '^races|concurrent|at once|racing' },
  },
});
const runs = Number(values.runs);
if (!Number.isSafeInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');

const root = fileURLToPath(new URL('..', import.meta.url));
const target = process.env.DATABASE_URL ? 'the PostgreSQL server' : 'the embedded database';
console.log(
  `flake hunt: ${runs} runs of the race tests on ${target} (pattern /${values.pattern}/)`,
);
let failed = 0;
const times: number[] = [];
for (let run = 1; run <= runs; run++) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/run-all.ts',
      `--files=${values.files}`,
      `--test-name-pattern=${values.pattern}`,
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const seconds = (performance.now() - started) / 1000;
  times.push(seconds);
  const output = `${result.stdout}${result.stderr}`;
  const pass = /^# pass (\d+)/m.exec(output)?.[1] ?? '?';
  const fail = /^# fail (\d+)/m.exec(output)?.[1] ?? '?';
  const ok = result.status === 0 && fail === '0' && pass !== '0';
  if (!ok) failed++;
  console.log(
    `run ${run}: ${ok ? 'ok' : 'FAILED'} (${pass} passed, ${fail} failed, ${seconds.toFixed(1)} s)`,
  );
  if (!ok) console.log(output);
}
console.log(
  `races: ${runs} runs, ${failed} failed (${times.reduce((a, b) => a + b, 0).toFixed(0)} s in all)`,
);
process.exitCode = failed === 0 ? 0 : 1;
