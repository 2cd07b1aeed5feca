/**
 * Simulated canaries for the release judge (src/lib/release-judge.ts): seeded visitors, each with
 * one page view, split between a canary and live, the judge consulted every `lookEvery` canary
 * page views until it decides or the canary's budget of page views is spent. Used by the judge's
 * test (its error rates, asserted) and by `pnpm bench:judge` (the same figures, printed).
 *
 * The visitors (written down so the figures can be read): INP lognormal with a median of 120 ms
 * (p75 ≈ 193 ms), LCP lognormal with a median of 1,800 ms; every visitor views the funnel page,
 * 30% start a sign-up and 60% of those complete it; 10% open the checkout and half of those pay.
 */
import {
  DEFAULT_JUDGE_SETTINGS,
  judgeCanary,
  type JudgeSettings,
  type SideFigures,
  type Verdict,
} from '../src/lib/release-judge';
import { createRng, normalDraw } from '../src/lib/random';

export interface Scenario {
  name: string;
  /** The canary's share the judge is told (percent). */
  percent: number;
  /** The share of visitors who really get the canary (a broken split when it differs). */
  actualShare?: number;
  /** Added to every canary INP value (ms). */
  inpDeltaMs?: number;
  /** The canary's sign-up completion as a multiple of live's (0.7 = 30% lower). */
  signupCompletionFactor?: number;
}

export interface RunResult {
  decision: Verdict['decision'];
  /** Canary page views when the judge decided (the budget when it never did). */
  canaryViews: number;
  reason: string;
}

const lognormal = (random: () => number, median: number, sigma: number) =>
  median * Math.exp(sigma * normalDraw(random));

function emptySide(): SideFigures & {
  vitals: { INP: number[]; LCP: number[] };
  funnel: Record<string, number>;
} {
  return {
    visitors: 0,
    views: 0,
    vitals: { INP: [], LCP: [] },
    funnel: {
      'funnel-viewed': 0,
      'signup-started': 0,
      'signup-completed': 0,
      'checkout-opened': 0,
      'checkout-paid': 0,
    },
  };
}

/** One seeded canary, judged as it runs. */
export function simulateCanary(
  scenario: Scenario,
  seed: number,
  options: { lookEvery: number; settings?: JudgeSettings },
): RunResult {
  const settings = options.settings ?? DEFAULT_JUDGE_SETTINGS;
  const random = createRng(seed);
  const canary = emptySide();
  const live = emptySide();
  const share = scenario.actualShare ?? scenario.percent / 100;
  for (;;) {
    const onCanary = random() < share;
    const side = onCanary ? canary : live;
    side.visitors += 1;
    side.views += 1;
    side.vitals.INP.push(lognormal(random, 120, 0.7) + (onCanary ? (scenario.inpDeltaMs ?? 0) : 0));
    side.vitals.LCP.push(lognormal(random, 1800, 0.4));
    side.funnel['funnel-viewed'] = (side.funnel['funnel-viewed'] ?? 0) + 1;
    if (random() < 0.3) {
      side.funnel['signup-started'] = (side.funnel['signup-started'] ?? 0) + 1;
      const completion = 0.6 * (onCanary ? (scenario.signupCompletionFactor ?? 1) : 1);
      if (random() < completion) {
        side.funnel['signup-completed'] = (side.funnel['signup-completed'] ?? 0) + 1;
      }
    }
    if (random() < 0.1) {
      side.funnel['checkout-opened'] = (side.funnel['checkout-opened'] ?? 0) + 1;
      if (random() < 0.5) side.funnel['checkout-paid'] = (side.funnel['checkout-paid'] ?? 0) + 1;
    }
    if (!onCanary) continue;
    const atBudget = canary.views >= settings.budgetViews;
    if (canary.views % options.lookEvery !== 0 && !atBudget) continue;
    const verdict = judgeCanary(scenario.percent, canary, live, settings);
    if (verdict.decision !== 'wait' && verdict.decision !== 'continue') {
      return { decision: verdict.decision, canaryViews: canary.views, reason: verdict.reason };
    }
    if (atBudget)
      return { decision: 'continue', canaryViews: canary.views, reason: verdict.reason };
  }
}

export interface ScenarioFigures {
  scenario: Scenario;
  runs: number;
  /** Share of runs ending in each decision. */
  rollback: number;
  srm: number;
  pass: number;
  /** Median canary page views at a rollback or an SRM alarm (null when none). */
  medianViewsToAlarm: number | null;
  /** One example of the words the judge wrote. */
  example: string;
}

/** `runs` seeded canaries of a scenario (seeds `firstSeed`, `firstSeed + 1`, …). */
export function simulateScenario(
  scenario: Scenario,
  runs: number,
  options: { lookEvery: number; firstSeed?: number; settings?: JudgeSettings },
): ScenarioFigures {
  const results: RunResult[] = [];
  for (let run = 0; run < runs; run++) {
    results.push(simulateCanary(scenario, (options.firstSeed ?? 1) + run, options));
  }
  const share = (decision: Verdict['decision']) =>
    results.filter((r) => r.decision === decision).length / runs;
  const alarms = results
    .filter((r) => r.decision === 'rollback' || r.decision === 'srm')
    .map((r) => r.canaryViews)
    .sort((a, b) => a - b);
  const example =
    results.find((r) => r.decision === 'rollback' || r.decision === 'srm') ?? results[0];
  return {
    scenario,
    runs,
    rollback: share('rollback'),
    srm: share('srm'),
    pass: share('pass'),
    medianViewsToAlarm:
      alarms.length === 0 ? null : (alarms[Math.floor(alarms.length / 2)] ?? null),
    example: example?.reason ?? '',
  };
}

/** The four scenarios. */
export const JUDGE_SCENARIOS = {
  aa: { name: 'A/A (the same release on both sides), 50% canary', percent: 50 },
  slowInp: { name: 'canary adds 150 ms to every INP, 50% canary', percent: 50, inpDeltaMs: 150 },
  signupDrop: {
    name: 'canary sign-up completion 30% lower, 50% canary',
    percent: 50,
    signupCompletionFactor: 0.7,
  },
  srm: { name: '45/55 split on a 50% canary', percent: 50, actualShare: 0.45 },
} satisfies Record<string, Scenario>;

export function formatFigures(figures: ScenarioFigures): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return `${figures.scenario.name}: ${figures.runs} runs, rollback ${pct(figures.rollback)}, SRM ${pct(figures.srm)}, pass ${pct(figures.pass)}, median canary views at an alarm ${figures.medianViewsToAlarm ?? '—'}\n  e.g. ${figures.example}`;
}
