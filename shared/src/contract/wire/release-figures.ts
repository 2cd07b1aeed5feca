/**
 * The release console's reads, written once as schemas: each version's field data
 * (`GET /releases/field?remote=`) and the canary judge's verdict (`GET /releases/judgement`). The
 * API documents and checks its answers with them; `@hypertek/shared/contract` re-exports their
 * types for the apps.
 */
import { Type, type Static } from 'typebox';
import {
  FUNNEL_STEPS,
  JUDGE_DECISIONS,
  METRIC_STATUSES,
  RELEASE_CHANNELS,
  WEB_VITALS,
} from '../release-words.mjs';
import { Nullable, Success } from './common.js';

const P75 = Nullable(Type.Number());
const Visitors = Type.Integer({ minimum: 0 });

/** One version's field data on one channel. */
export const FieldVersionFiguresSchema = Type.Object({
  version: Type.String(),
  channel: Type.Enum(RELEASE_CHANNELS, { description: 'How the visitors got this release' }),
  views: Type.Integer(),
  visitors: Type.Integer({ description: 'Distinct visitors' }),
  p75: Type.Object(
    Object.fromEntries(WEB_VITALS.map((v) => [v, P75])) as Record<
      (typeof WEB_VITALS)[number],
      typeof P75
    >,
    { description: "Each vital's 75th percentile (ms; CLS unitless), null without values" },
  ),
  funnel: Type.Object(
    Object.fromEntries(FUNNEL_STEPS.map((s) => [s, Visitors])) as Record<
      (typeof FUNNEL_STEPS)[number],
      typeof Visitors
    >,
    { description: 'Distinct visitors who reached each step' },
  ),
});
export type FieldVersionFigures = Static<typeof FieldVersionFiguresSchema>;

export const FieldFiguresAnswerSchema = Type.Object({
  success: Success,
  data: Type.Array(FieldVersionFiguresSchema),
});
export type FieldFiguresAnswer = Static<typeof FieldFiguresAnswerSchema>;

/** One guardrail in a verdict: both sides' figures and the test's. */
export const VerdictMetricSchema = Type.Object({
  metric: Type.String({ description: 'A vital\'s p75 ("INP p75") or a funnel rate' }),
  canary: Nullable(Type.Number()),
  live: Nullable(Type.Number()),
  worse: Nullable(Type.Number({ description: 'Relative change, positive is worse' })),
  logRatio: Nullable(Type.Number()),
  logBar: Type.Number(),
  status: Type.Enum(METRIC_STATUSES),
  maxWorse: Type.Number(),
});

/** The canary judge's verdict (docs/operations.md, "The canary judge"). */
export const CanaryVerdictSchema = Type.Object({
  decision: Type.Enum(JUDGE_DECISIONS, {
    description:
      'wait: too few canary page views; continue: nothing worse yet; pass: the budget of page views spent without a regression; rollback: a guardrail regressed; srm: the split is broken, judgement paused',
  }),
  reason: Type.String(),
  metrics: Type.Array(VerdictMetricSchema),
  srm: Type.Object({
    chiSquared: Type.Number(),
    p: Type.Number(),
    observedShare: Nullable(Type.Number()),
    expectedShare: Type.Number(),
  }),
});
export type CanaryVerdict = Static<typeof CanaryVerdictSchema>;

export const CanaryVerdictAnswerSchema = Type.Object({
  success: Success,
  verdict: CanaryVerdictSchema,
});
export type CanaryVerdictAnswer = Static<typeof CanaryVerdictAnswerSchema>;
