/**
 * The canary judge (issue 29): compares what the visitors of a remote's canary release lived
 * through with what the live release's visitors did, metric by metric, and says whether to wait,
 * go on, roll the canary back, pause on a broken split, or let it pass.
 *
 * - **Vitals** (LCP, INP, CLS, FCP, TTFB; lower is better): the 75th percentile of each side, and
 *   a Mann–Whitney U test (does a canary value tend to exceed a live one?).
 * - **Funnel rates** (sign-up completion = completed ÷ started, …): the two proportions.
 * - **Safe to look at any time.** The judge runs again as every page view comes in. A fixed-size
 *   test looked at that often would roll back healthy canaries again and again, so each
 *   comparison is a mixture sequential probability ratio test (lib/statistics.ts) on the
 *   effect's estimate: the Mann–Whitney's P(canary > live) − ½ for a vital, the live rate minus
 *   the canary's for a funnel rate. With α split evenly over the guardrails, a canary no worse
 *   than live is rolled back with a chance of at most α (5%) over its whole run.
 * - **A guardrail is a tolerance** ("INP p75 not worse by more than 20%"): a canary is rolled
 *   back when a guardrail's test is significant *and* the observed change is beyond its
 *   tolerance (Kayenta's effect-size rule, in the spirit of its Mann–Whitney classifier). A
 *   metric without enough data on a side is "no data", never a failure.
 * - **Sample-ratio mismatch** first: a chi-squared test of the visitors on each side against the
 *   canary's percentage; at p < 0.001 the judgement pauses and says why (a broken split makes
 *   every other figure untrustworthy).
 *
 * Pure: figures in, verdict out. The simulations in test/lib/release-judge.test.ts and
 * bench/judge.ts measure its error rates.
 */
import {
  FUNNEL_RATES,
  JUDGE_DECISIONS,
  METRIC_STATUSES,
  type FUNNEL_STEPS,
  type Guardrail,
  type WEB_VITALS,
} from '@hypertek/shared/release-words';
import {
  mannWhitney,
  mixtureLogLikelihoodRatio,
  proportionGap,
  quantile,
  sampleRatio,
} from './statistics';

export type WebVital = (typeof WEB_VITALS)[number];
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export type FunnelRate = keyof typeof FUNNEL_RATES;

/** What one side (the canary's or the live release's visitors) lived through. */
export interface SideFigures {
  /** Distinct visitors (the unit the split assigns). */
  visitors: number;
  /** Page views. */
  views: number;
  /** Each page view's value of a vital (ms; CLS unitless). */
  vitals: Partial<Record<WebVital, readonly number[]>>;
  /** Visitors who reached each step. */
  funnel: Partial<Record<FunnelStep, number>>;
}

/** A guardrail (a remote's guardrails are its release settings, in the release words). */
export type { Guardrail };

export interface JudgeSettings {
  guardrails: readonly Guardrail[];
  /** The chance of rolling back a canary no worse than live, over its whole run. */
  alpha: number;
  /** The mixture's scale (the effect sizes the sequential test is tuned to): see statistics.ts. */
  tau: number;
  /** No verdict before the canary has this many page views. */
  minCanaryViews: number;
  /** A metric needs this many values (a vital) or visitors at its base step (a rate) per side. */
  minPerSide: number;
  /** The sample-ratio alarm's threshold. */
  srmP: number;
  /** After this many canary page views without a regression, the canary passes. */
  budgetViews: number;
}

/** The defaults (docs/operations.md, "The canary judge"): the two examples, and LCP and checkout. */
export const DEFAULT_JUDGE_SETTINGS: JudgeSettings = {
  guardrails: [
    { kind: 'vital', vital: 'INP', maxWorse: 0.2 },
    { kind: 'vital', vital: 'LCP', maxWorse: 0.2 },
    { kind: 'rate', rate: 'signup-completed', maxWorse: 0.1 },
    { kind: 'rate', rate: 'checkout-paid', maxWorse: 0.1 },
  ],
  alpha: 0.05,
  tau: 0.1,
  minCanaryViews: 200,
  minPerSide: 50,
  srmP: 0.001,
  budgetViews: 2000,
};

/** What a judgement can decide, and a metric's state (the release words). */
export { JUDGE_DECISIONS, METRIC_STATUSES };

export interface MetricJudgement {
  metric: string;
  /** p75 (vital) or rate (funnel), canary and live; null without data. */
  canary: number | null;
  live: number | null;
  /** The relative change, canary against live, signed so that positive is worse. */
  worse: number | null;
  /** The sequential test's log-likelihood ratio, and the bar it must reach. */
  logRatio: number | null;
  logBar: number;
  status: (typeof METRIC_STATUSES)[number];
  maxWorse: number;
}

export interface Verdict {
  decision: (typeof JUDGE_DECISIONS)[number];
  /** One sentence a person reads in the console and the registry's history. */
  reason: string;
  metrics: MetricJudgement[];
  srm: { chiSquared: number; p: number; observedShare: number; expectedShare: number };
}

const VITAL_UNITS: Record<WebVital, (value: number) => string> = {
  LCP: (v) => `${Math.round(v)} ms`,
  INP: (v) => `${Math.round(v)} ms`,
  FCP: (v) => `${Math.round(v)} ms`,
  TTFB: (v) => `${Math.round(v)} ms`,
  CLS: (v) => v.toFixed(3),
};
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const signedPercent = (fraction: number) =>
  `${fraction >= 0 ? '+' : '−'}${percent(Math.abs(fraction))}`;

function judgeVital(
  guardrail: Extract<Guardrail, { kind: 'vital' }>,
  canary: SideFigures,
  live: SideFigures,
  settings: JudgeSettings,
  logBar: number,
): MetricJudgement {
  const a = canary.vitals[guardrail.vital] ?? [];
  const b = live.vitals[guardrail.vital] ?? [];
  const base = { metric: `${guardrail.vital} p75`, logBar, maxWorse: guardrail.maxWorse };
  if (a.length < settings.minPerSide || b.length < settings.minPerSide) {
    return { ...base, canary: null, live: null, worse: null, logRatio: null, status: 'no data' };
  }
  const p75Canary = quantile(a, 0.75);
  const p75Live = quantile(b, 0.75);
  const worse = p75Live > 0 ? p75Canary / p75Live - 1 : p75Canary > 0 ? Infinity : 0;
  const test = mannWhitney(a, b);
  // Only a canary that tends to be slower counts: the harmful side of the effect.
  const logRatio =
    test === null || test.auc <= 0.5
      ? 0
      : mixtureLogLikelihoodRatio(test.auc - 0.5, test.aucVariance, settings.tau);
  return {
    ...base,
    canary: p75Canary,
    live: p75Live,
    worse,
    logRatio,
    status: status(logRatio >= logBar, worse, guardrail.maxWorse),
  };
}

function judgeRate(
  guardrail: Extract<Guardrail, { kind: 'rate' }>,
  canary: SideFigures,
  live: SideFigures,
  settings: JudgeSettings,
  logBar: number,
): MetricJudgement {
  const from = FUNNEL_RATES[guardrail.rate];
  const side = (figures: SideFigures) => ({
    successes: figures.funnel[guardrail.rate] ?? 0,
    trials: figures.funnel[from] ?? 0,
  });
  const a = side(canary);
  const b = side(live);
  const base = { metric: `${guardrail.rate} rate`, logBar, maxWorse: guardrail.maxWorse };
  const gap = proportionGap(a, b);
  if (a.trials < settings.minPerSide || b.trials < settings.minPerSide || gap === null) {
    return { ...base, canary: null, live: null, worse: null, logRatio: null, status: 'no data' };
  }
  const worse = gap.second > 0 ? 1 - gap.first / gap.second : 0;
  const logRatio =
    gap.gap <= 0 ? 0 : mixtureLogLikelihoodRatio(gap.gap, gap.variance, settings.tau);
  return {
    ...base,
    canary: gap.first,
    live: gap.second,
    worse,
    logRatio,
    status: status(logRatio >= logBar, worse, guardrail.maxWorse),
  };
}

function status(significant: boolean, worse: number, maxWorse: number): MetricJudgement['status'] {
  if (worse <= 0) return 'pass';
  if (worse <= maxWorse) return 'worse, within tolerance';
  return significant ? 'regressed' : 'pass';
}

function describe(metric: MetricJudgement, guardrail: Guardrail): string {
  const figure = (value: number) =>
    guardrail.kind === 'vital' ? VITAL_UNITS[guardrail.vital](value) : percent(value);
  const sign = guardrail.kind === 'vital' ? '+' : '−';
  return `${metric.metric} ${figure(metric.canary ?? NaN)} on the canary against ${figure(metric.live ?? NaN)} on live (${guardrail.kind === 'vital' ? signedPercent(metric.worse ?? 0) : signedPercent(-(metric.worse ?? 0))}), beyond the guardrail of ${sign}${percent(guardrail.maxWorse)} (likelihood ratio ${Math.exp(metric.logRatio ?? 0).toPrecision(3)} ≥ ${Math.exp(metric.logBar).toPrecision(3)})`;
}

/**
 * Judges a canary shown to `canaryPercent` of visitors (1–99) against the live release.
 */
export function judgeCanary(
  canaryPercent: number,
  canary: SideFigures,
  live: SideFigures,
  settings: JudgeSettings = DEFAULT_JUDGE_SETTINGS,
): Verdict {
  const expectedShare = canaryPercent / 100;
  const ratio = sampleRatio(canary.visitors, live.visitors, expectedShare);
  const srm = {
    chiSquared: ratio.chiSquared,
    p: ratio.p,
    observedShare: ratio.observedFirstShare,
    expectedShare,
  };
  // α split evenly over the guardrails: the bar each one's likelihood ratio must reach.
  const logBar = Math.log(settings.guardrails.length / settings.alpha);
  const metrics = settings.guardrails.map((guardrail) =>
    guardrail.kind === 'vital'
      ? judgeVital(guardrail, canary, live, settings, logBar)
      : judgeRate(guardrail, canary, live, settings, logBar),
  );
  if (canary.views < settings.minCanaryViews) {
    return {
      decision: 'wait',
      reason: `${canary.views} of the ${settings.minCanaryViews} canary page views needed before a verdict`,
      metrics,
      srm,
    };
  }
  if (ratio.p < settings.srmP) {
    return {
      decision: 'srm',
      reason: `The split is not what was asked: ${percent(srm.observedShare)} of ${canary.visitors + live.visitors} visitors saw the canary, ${canaryPercent}% were meant to (chi-squared ${srm.chiSquared.toFixed(1)}, p = ${srm.p.toExponential(1)} < ${settings.srmP}). Judgement paused until the split is fixed.`,
      metrics,
      srm,
    };
  }
  const regressed = metrics
    .map((metric, index) => ({ metric, guardrail: settings.guardrails[index] as Guardrail }))
    .filter(({ metric }) => metric.status === 'regressed')
    .sort((x, y) => (y.metric.logRatio ?? 0) - (x.metric.logRatio ?? 0));
  const first = regressed[0];
  if (first !== undefined) {
    return { decision: 'rollback', reason: describe(first.metric, first.guardrail), metrics, srm };
  }
  if (canary.views >= settings.budgetViews) {
    return {
      decision: 'pass',
      reason: `No guardrail worse than its tolerance after ${canary.views} canary page views`,
      metrics,
      srm,
    };
  }
  return {
    decision: 'continue',
    reason: `No guardrail worse than its tolerance so far (${canary.views} of ${settings.budgetViews} canary page views)`,
    metrics,
    srm,
  };
}
