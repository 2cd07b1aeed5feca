/**
 * Field data (issue 29): what real visitors lived through, per release of each remote.
 * - `POST /releases/vitals`: the host's beacon, once per page view at page hide: the page's Core
 *   Web Vitals, its route and the release of every remote on it.
 * - `POST /releases/funnel`: a funnel step a visitor reached (counted once per visitor, step and
 *   release).
 * Both are public (a browser sends them), bounded, rate-limited, and name nobody: the visitor is
 * the host's random id. They take JSON as `application/json` or `text/plain` (what
 * `navigator.sendBeacon` sends without a CORS preflight).
 * - `GET /releases/field` (release token or a staff sign-in, the console): each version's page
 *   views, visitors, p75s and funnel.
 * - `GET /releases/judgement` (release token or a staff sign-in): the canary judge's verdict
 *   (lib/release-judge.ts).
 * Rows older than `FIELD_DATA_RETENTION_DAYS` are pruned at start and every hour.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FIELD_BEACON_MAX_BYTES,
  FIELD_ROUTE_MAX_LENGTH,
  FUNNEL_STEPS,
  guardrailsOf,
  RELEASE_CHANNELS,
  REMOTE_NAMES,
  VISITOR_ID_SHAPE,
  WEB_VITAL_MAX,
  WEB_VITALS,
} from '@hypertek/shared/release-words';
import {
  CanaryVerdictAnswerSchema,
  FieldFiguresAnswerSchema,
} from '@hypertek/shared/contract/wire';
import type { Config } from '../config/env';
import { badRequest } from '../lib/errors';
import { DEFAULT_JUDGE_SETTINGS, judgeCanary } from '../lib/release-judge';
import { bearer, publicAccess } from './schemas';
import {
  errorAnswer,
  Remote,
  RELEASE_TOKEN_OR_STAFF_ERRORS,
  releaseTokenOrStaffCheck,
  Version,
} from './releases';

/** The largest beacon: a page view's figures fit in a few hundred bytes. */
export const BEACON_MAX_BYTES = FIELD_BEACON_MAX_BYTES;
/** The latest page views of each side a judgement reads. */
const JUDGED_VIEWS_MAX = 20_000;
const HOUR_MS = 3_600_000;

export const FIELD_MESSAGES = {
  releasesOnce: 'releases must name each remote once',
  vitalsEmpty: `vitals must hold at least one of ${WEB_VITALS.join(', ')}`,
  sameVersions: 'canary and live must be two different versions',
} as const;

const Visitor = Type.String({
  pattern: VISITOR_ID_SHAPE,
  description: 'A random id the host keeps for the visitor (16–64 of A–Z, a–z, 0–9, _ and -)',
});
const Channel = Type.Enum(RELEASE_CHANNELS, { description: 'How the visitor got this release' });
const PageReleases = Type.Array(
  Type.Object(
    { remote: Remote, version: Version, channel: Channel },
    { additionalProperties: false },
  ),
  {
    minItems: 1,
    maxItems: REMOTE_NAMES.length,
    description: 'The release of each remote on the page, each remote once',
  },
);
/** A vital's value: milliseconds, or CLS's unitless score. */
const vital = (max: number, description: string) =>
  Type.Optional(Type.Number({ minimum: 0, maximum: max, description }));
const Vitals = Type.Object(
  {
    LCP: vital(WEB_VITAL_MAX.LCP, 'Largest Contentful Paint, ms'),
    INP: vital(WEB_VITAL_MAX.INP, 'Interaction to Next Paint, ms'),
    CLS: vital(WEB_VITAL_MAX.CLS, 'Cumulative Layout Shift'),
    FCP: vital(WEB_VITAL_MAX.FCP, 'First Contentful Paint, ms'),
    TTFB: vital(WEB_VITAL_MAX.TTFB, 'Time to First Byte, ms'),
  },
  { additionalProperties: false },
);
const Accepted = Type.Object({ success: Type.Literal(true) }, { description: 'Accepted' });

const fieldDataRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  const { config } = opts;
  const field = fastify.fieldDataRepository;
  const limits = { max: config.rateLimit.fieldMax, timeWindow: config.rateLimit.windowMs };

  // sendBeacon's text/plain: the same JSON parser as application/json (this plugin's routes only).
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: BEACON_MAX_BYTES },
    parseJson,
  );

  const prune = async () => {
    const before = new Date(Date.now() - config.fieldDataRetentionDays * 24 * HOUR_MS);
    const pruned = await field.prune(before);
    if (pruned.views + pruned.steps > 0)
      fastify.log.info({ ...pruned, before }, 'field data pruned');
  };
  let timer: NodeJS.Timeout | undefined;
  fastify.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => {
      prune().catch((error: unknown) =>
        fastify.log.warn({ err: error }, 'field data prune failed'),
      );
    }, HOUR_MS);
    timer.unref();
  });
  fastify.addHook('onClose', async () => clearInterval(timer));

  const eachRemoteOnce = (releases: readonly { remote: string }[]) => {
    if (new Set(releases.map((r) => r.remote)).size !== releases.length) {
      throw badRequest(FIELD_MESSAGES.releasesOnce);
    }
  };

  fastify.post(
    '/releases/vitals',
    {
      bodyLimit: BEACON_MAX_BYTES,
      config: { rateLimit: limits },
      schema: {
        operationId: 'reportVitals',
        tags: ['releases'],
        summary:
          "The host's beacon of a page view's Web Vitals, with the release of each remote on the page",
        security: publicAccess,
        body: Type.Object(
          {
            visitor: Visitor,
            route: Type.String({
              maxLength: FIELD_ROUTE_MAX_LENGTH,
              pattern: '^/[A-Za-z0-9/_.~-]*$',
              description: "The page's path, without its query",
            }),
            releases: PageReleases,
            vitals: Vitals,
            inpRemote: Type.Optional(Remote),
          },
          { additionalProperties: false },
        ),
        response: { 202: Accepted, 413: errorAnswer('The beacon is larger than 4 kB') },
      },
    },
    async (request, reply) => {
      const body = request.body;
      eachRemoteOnce(body.releases);
      if (WEB_VITALS.every((name) => body.vitals[name] === undefined)) {
        throw badRequest(FIELD_MESSAGES.vitalsEmpty);
      }
      await field.recordView({
        visitor: body.visitor,
        route: body.route,
        releases: body.releases,
        vitals: body.vitals,
        inpRemote: body.inpRemote ?? null,
      });
      return reply.code(202).send({ success: true as const });
    },
  );

  fastify.post(
    '/releases/funnel',
    {
      bodyLimit: BEACON_MAX_BYTES,
      config: { rateLimit: limits },
      schema: {
        operationId: 'reportFunnelStep',
        tags: ['releases'],
        summary:
          'A funnel step a visitor reached, with the release of each remote on the page (counted once per visitor, step and release)',
        security: publicAccess,
        body: Type.Object(
          {
            visitor: Visitor,
            step: Type.Enum(FUNNEL_STEPS),
            releases: PageReleases,
          },
          { additionalProperties: false },
        ),
        response: { 202: Accepted, 413: errorAnswer('The beacon is larger than 4 kB') },
      },
    },
    async (request, reply) => {
      const { visitor, step, releases } = request.body;
      eachRemoteOnce(releases);
      await field.recordStep(visitor, step, releases);
      return reply.code(202).send({ success: true as const });
    },
  );

  const requireReleaseToken = releaseTokenOrStaffCheck(fastify, config.releaseToken);

  fastify.get(
    '/releases/field',
    {
      onRequest: requireReleaseToken,
      schema: {
        operationId: 'readFieldData',
        tags: ['releases'],
        summary:
          "Each version of a remote with field data, per channel: page views, visitors, each vital's p75 and the funnel (the release token)",
        security: [{ releaseToken: [] }, ...bearer],
        querystring: Type.Object({ remote: Remote }),
        response: {
          200: FieldFiguresAnswerSchema,
          ...RELEASE_TOKEN_OR_STAFF_ERRORS,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: await field.figures(request.query.remote) };
    },
  );

  fastify.get(
    '/releases/judgement',
    {
      onRequest: requireReleaseToken,
      schema: {
        operationId: 'judgeCanary',
        tags: ['releases'],
        summary:
          "The canary judge's verdict: a canary version of a remote against its live version, from their visitors' field data (the release token, or a staff sign-in)",
        security: [{ releaseToken: [] }, ...bearer],
        querystring: Type.Object({
          remote: Remote,
          canary: Version,
          live: Version,
          percent: Type.Integer({ minimum: 1, maximum: 99, description: "The canary's share" }),
          since: Type.Optional(
            Type.String({
              format: 'date-time',
              description: 'Only data since (the canary’s start)',
            }),
          ),
        }),
        response: {
          200: CanaryVerdictAnswerSchema,
          ...RELEASE_TOKEN_OR_STAFF_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { remote, canary, live, percent } = request.query;
      if (canary === live) throw badRequest(FIELD_MESSAGES.sameVersions);
      const since = request.query.since === undefined ? null : new Date(request.query.since);
      const read = { since, limit: JUDGED_VIEWS_MAX };
      const [canarySide, liveSide] = await Promise.all([
        field.side(remote, canary, 'canary', read),
        field.side(remote, live, 'live', read),
      ]);
      // Judged by the remote's own guardrails (its release settings, in the release words), on
      // the operator's minimum sample (JUDGE_MIN_CANARY_VIEWS, JUDGE_MIN_PER_SIDE).
      const settings = {
        ...DEFAULT_JUDGE_SETTINGS,
        ...config.judge,
        guardrails: guardrailsOf(remote),
      };
      const verdict = judgeCanary(percent, canarySide, liveSide, settings);
      void reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        verdict: {
          ...verdict,
          srm: {
            ...verdict.srm,
            observedShare: Number.isNaN(verdict.srm.observedShare)
              ? null
              : verdict.srm.observedShare,
          },
        },
      };
    },
  );
};

export default fieldDataRoutes;
