/**
 * The release judge's error rates by simulation (docs/operations.md, "The canary judge"): for
 * each of the scenarios, seeded canaries judged every `--look-every` canary page views up
 * to the budget, and how they ended.
 *
 *   pnpm bench:judge                                  200 runs per scenario, a look every 25 views
 *   pnpm bench:judge -- --runs 1000 --look-every 1 --seed 7
 */
import { parseArgs } from 'node:util';
import { formatFigures, JUDGE_SCENARIOS, simulateScenario } from './judge-simulation';

const argv = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
const { values } = parseArgs({
  args: argv,
  options: {
    runs: { type: 'string', default: '200' },
    'look-every': { type: 'string', default: '25' },
    seed: { type: 'string', default: '1' },
  },
});
const runs = Number(values.runs);
const lookEvery = Number(values['look-every']);
const firstSeed = Number(values.seed);
for (const [name, value] of Object.entries({ runs, lookEvery, firstSeed })) {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name}: a positive integer`);
}
console.log(
  `# the canary judge: ${runs} seeded canaries per scenario (seeds ${firstSeed}…${firstSeed + runs - 1}), a look every ${lookEvery} canary page views, budget 2,000`,
);
for (const scenario of Object.values(JUDGE_SCENARIOS)) {
  const started = performance.now();
  const figures = simulateScenario(scenario, runs, { lookEvery, firstSeed });
  console.log(
    `${formatFigures(figures)}\n  (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
