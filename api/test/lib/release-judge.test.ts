import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatFigures,
  JUDGE_SCENARIOS,
  simulateScenario,
  type ScenarioFigures,
} from '../../bench/judge-simulation';
import { judgeCanary, type SideFigures } from '../../src/lib/release-judge';
import {
  chiSquared1UpperTail,
  erfc,
  mannWhitney,
  mixtureLogLikelihoodRatio,
  normalUpperTail,
  proportionGap,
  quantile,
  sampleRatio,
} from '../../src/lib/statistics';

const close = (actual: number, expected: number, tolerance: number, what: string) =>
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what}: ${actual} is not within ${tolerance} of ${expected}`,
  );

describe('the judge’s statistics', () => {
  it('normal and chi-squared tails match the tables', () => {
    close(erfc(0), 1, 1e-7, 'erfc(0)');
    close(normalUpperTail(1.959964), 0.025, 1e-6, 'P(Z > 1.96)');
    close(normalUpperTail(-1.644854), 0.95, 1e-6, 'P(Z > −1.645)');
    close(chiSquared1UpperTail(3.841459), 0.05, 1e-6, 'χ²₁ 3.84');
    close(chiSquared1UpperTail(10.827566), 0.001, 1e-6, 'χ²₁ 10.83');
    close(normalUpperTail(8) / 6.22096e-16, 1, 1e-4, 'a far tail keeps its precision');
  });

  it('Mann–Whitney U counts pairs, ties half, with the tie-corrected variance', () => {
    // 3 > 1, 3 > 2, 5 > 1, 5 > 2, 5 > 3 (second sample's), 3 = 3 (half): U = 5.5 of 6 pairs.
    const test = mannWhitney([3, 5], [1, 2, 3]);
    assert.ok(test !== null);
    assert.equal(test.u, 5.5);
    close(test.auc, 5.5 / 6, 1e-12, 'auc');
    // n = 5, one tie of 2: σ² = 6/12 · (6 − 6/20) = 2.85
    close(test.aucVariance * 36, 2.85, 1e-12, 'variance of U');
    assert.equal(mannWhitney([], [1]), null, 'an empty side');
    assert.equal(mannWhitney([2, 2], [2, 2, 2]), null, 'nothing to tell apart');
    const swapped = mannWhitney([1, 2, 3], [3, 5]);
    close((swapped?.z ?? 0) + test.z, 0, 1e-12, 'swapping the samples flips z');
  });

  it('quantile, proportions and the sample ratio', () => {
    assert.equal(quantile([1, 2, 3, 4, 5], 0.75), 4);
    assert.equal(quantile([10, 20], 0.75), 17.5);
    assert.ok(Number.isNaN(quantile([], 0.5)));
    const gap = proportionGap({ successes: 42, trials: 100 }, { successes: 60, trials: 100 });
    close(gap?.gap ?? 0, 0.18, 1e-12, 'gap');
    close(gap?.variance ?? 0, 0.51 * 0.49 * 0.02, 1e-12, 'pooled variance');
    const srm = sampleRatio(900, 1100, 0.5);
    close(srm.chiSquared, 20, 1e-9, 'χ² of 900/1100');
    assert.ok(srm.p < 1e-5, `p ${srm.p}`);
    assert.equal(sampleRatio(1000, 1000, 0.5).p, 1);
  });

  it('the mixture ratio grows with the evidence, and is below 1 without it', () => {
    assert.ok(mixtureLogLikelihoodRatio(0, 0.001, 0.1) < 0);
    assert.ok(
      mixtureLogLikelihoodRatio(0.05, 0.0001, 0.1) > mixtureLogLikelihoodRatio(0.05, 0.001, 0.1),
    );
  });
});

function side(views: number, inp: number[], started = 0, completed = 0): SideFigures {
  return {
    visitors: views,
    views,
    vitals: { INP: inp },
    funnel: { 'funnel-viewed': views, 'signup-started': started, 'signup-completed': completed },
  };
}
const repeat = (count: number, value: (i: number) => number) =>
  Array.from({ length: count }, (_, i) => value(i));

describe('judgeCanary', () => {
  it('waits for enough canary page views, and says how many', () => {
    const verdict = judgeCanary(
      50,
      side(
        120,
        repeat(120, () => 100),
      ),
      side(
        130,
        repeat(130, () => 100),
      ),
    );
    assert.equal(verdict.decision, 'wait');
    assert.equal(verdict.reason, '120 of the 200 canary page views needed before a verdict');
  });

  it('a metric without data on a side is “no data”, never a failure', () => {
    const verdict = judgeCanary(
      50,
      side(300, []),
      side(
        300,
        repeat(300, (i) => i),
      ),
    );
    assert.equal(verdict.decision, 'continue');
    const inp = verdict.metrics.find((m) => m.metric === 'INP p75');
    assert.equal(inp?.status, 'no data');
  });

  it('rolls back a clear INP regression, with the figures in its reason', () => {
    const verdict = judgeCanary(
      50,
      side(
        400,
        repeat(400, (i) => 300 + (i % 100)),
      ),
      side(
        400,
        repeat(400, (i) => 100 + (i % 100)),
      ),
    );
    assert.equal(verdict.decision, 'rollback', verdict.reason);
    assert.match(
      verdict.reason,
      /^INP p75 374 ms on the canary against 174 ms on live \(\+115%\), beyond the guardrail of \+20% \(likelihood ratio .+ ≥ 80\.0\)$/,
    );
  });

  it('a slower canary within the tolerance is not rolled back', () => {
    // p75 +10% against a tolerance of +20%: significant, tolerated.
    const verdict = judgeCanary(
      50,
      side(
        2000,
        repeat(2000, (i) => 110 + (i % 100) * 1.1),
      ),
      side(
        2000,
        repeat(2000, (i) => 100 + (i % 100)),
      ),
    );
    assert.equal(verdict.decision, 'pass', verdict.reason);
    assert.equal(verdict.metrics[0]?.status, 'worse, within tolerance');
  });

  it('a broken split pauses the judgement before anything else', () => {
    const verdict = judgeCanary(
      50,
      side(
        900,
        repeat(900, () => 500),
      ),
      side(
        1100,
        repeat(1100, () => 100),
      ),
    );
    assert.equal(verdict.decision, 'srm');
    assert.match(
      verdict.reason,
      /^The split is not what was asked: 45% of 2000 visitors saw the canary, 50% were meant to/,
    );
  });

  it('a lower sign-up completion beyond the tolerance rolls back', () => {
    const verdict = judgeCanary(50, side(1000, [], 300, 126), side(1000, [], 300, 180));
    assert.equal(verdict.decision, 'rollback', verdict.reason);
    assert.match(
      verdict.reason,
      /^signup-completed rate 42% on the canary against 60% on live \(−30%\)/,
    );
  });
});

describe('the judge by simulation (200 seeded canaries per scenario, judged every 100 canary page views up to 2,000)', () => {
  const run = (
    scenario: (typeof JUDGE_SCENARIOS)[keyof typeof JUDGE_SCENARIOS],
  ): ScenarioFigures => {
    const figures = simulateScenario(scenario, 200, { lookEvery: 100 });
    console.log(formatFigures(figures));
    return figures;
  };

  it('A/A canaries: at most 5% end in a rollback', () => {
    const figures = run(JUDGE_SCENARIOS.aa);
    assert.ok(figures.rollback <= 0.05, formatFigures(figures));
  });

  it('a canary adding 150 ms to INP is rolled back within 2,000 canary page views in at least 95% of runs', () => {
    const figures = run(JUDGE_SCENARIOS.slowInp);
    assert.ok(figures.rollback >= 0.95, formatFigures(figures));
  });

  it('a canary whose sign-up completion is 30% lower is caught within the same budget in at least 95% of runs', () => {
    const figures = run(JUDGE_SCENARIOS.signupDrop);
    assert.ok(figures.rollback >= 0.95, formatFigures(figures));
  });

  it('a 45/55 split on a 50% canary raises the sample-ratio alarm', () => {
    const figures = run(JUDGE_SCENARIOS.srm);
    assert.ok(figures.srm >= 0.95, formatFigures(figures));
  });
});
