/**
 * The releases' own shapes, written once as schemas: each version's release-report figures
 * (`GET /releases/reports`, answered by the API) and where every remote stands
 * (`GET /_release/status`, answered by the host's server from its registry). The API documents
 * and checks the first with them; the host's server and the release console take their types
 * (`@hypertek/shared/contract`), so the registry's history and the console's reading of it cannot
 * drift apart.
 */
import { Type, type Static } from 'typebox';
import { FAILURE_STAGES, REMOTE_NAMES } from '../release-words.mjs';
import { Nullable, Success } from './common.js';
import { VerdictMetricSchema } from './release-figures.js';

/** The verdict, for the host's server (which reads the contract through this file alone). */
export type { CanaryVerdict } from './release-figures.js';

/** One version's visitors and failures, from the release reports. */
export const ReleaseVersionFiguresSchema = Type.Object({
  remote: Type.Enum(REMOTE_NAMES, { description: 'The remote (Module Federation)' }),
  version: Type.String(),
  visitors: Type.Integer({ description: 'Distinct visitors who reported it loaded or failed' }),
  failures: Type.Integer({ description: 'Distinct visitors who reported it failed' }),
  failureRate: Type.Number({ minimum: 0, maximum: 1, description: 'failures / visitors' }),
  lastFailure: Nullable(
    Type.Object({
      stage: Type.Enum(FAILURE_STAGES),
      message: Nullable(Type.String()),
      at: Type.String({ format: 'date-time' }),
    }),
  ),
});
export type ReleaseVersionFigures = Static<typeof ReleaseVersionFiguresSchema>;

export const ReleaseReportsAnswerSchema = Type.Object({
  success: Success,
  data: Type.Array(ReleaseVersionFiguresSchema, {
    description: 'Newest version first (by its first report); empty when none',
  }),
});
export type ReleaseReportsAnswer = Static<typeof ReleaseReportsAnswerSchema>;

/** A canary: a share of visitors gets `version`, until it is promoted, rolled back or fails. */
export const CanaryStateSchema = Type.Object({
  version: Type.String(),
  percent: Type.Number(),
  threshold: Type.Number(),
  minVisitors: Type.Integer(),
  startedAt: Type.String({ format: 'date-time' }),
});
export type CanaryState = Static<typeof CanaryStateSchema>;

/** One guardrail's figures in a verdict the canary judge recorded (without the test's figures). */
export const JudgedMetricSchema = Type.Pick(VerdictMetricSchema, [
  'metric',
  'canary',
  'live',
  'worse',
  'status',
  'maxWorse',
]);
export type JudgedMetric = Static<typeof JudgedMetricSchema>;

/** One change of the registry, as its history keeps it. */
export const ReleaseChangeSchema = Type.Object({
  revision: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  actor: Type.String(),
  action: Type.String(),
  remote: Type.String(),
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
  reason: Type.Optional(Type.String()),
  judgement: Type.Optional(
    Type.Array(JudgedMetricSchema, {
      description: 'A change the canary judge made or noted: its verdict, metric by metric',
    }),
  ),
});
export type ReleaseChange = Static<typeof ReleaseChangeSchema>;

/** Where one remote stands. */
export const RemoteReleaseStatusSchema = Type.Object({
  remote: Type.String(),
  live: Nullable(Type.String()),
  canary: Nullable(CanaryStateSchema),
  releases: Type.Array(
    Type.Object({ version: Type.String(), publishedAt: Type.String(), publishedBy: Type.String() }),
  ),
  versions: Type.Optional(
    Type.Union([
      Type.Array(ReleaseVersionFiguresSchema),
      Type.Object({ error: Type.String({ description: 'Why the reports could not be read' }) }),
    ]),
  ),
});
export type RemoteReleaseStatus = Static<typeof RemoteReleaseStatusSchema>;

/** `GET /_release/status`: every remote's state and the latest changes. */
export const ReleaseStatusSchema = Type.Object({
  revision: Type.Integer(),
  remotes: Type.Array(RemoteReleaseStatusSchema),
  history: Type.Array(ReleaseChangeSchema),
});
export type ReleaseStatus = Static<typeof ReleaseStatusSchema>;
