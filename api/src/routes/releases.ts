/**
 * Release reports: the host page tells the API whether a remote's release loaded or failed for a
 * visitor (`POST /releases/reports`, public, sent by the browser with `fetch(…, { keepalive })`),
 * and operators and the host's canary guard read each version's figures
 * (`GET /releases/reports`, with the release token, never a user's). A visitor counts once per
 * outcome of a release: a repeated report is accepted and changes nothing.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import {
  bearerTokenOf,
  FAILURE_STAGES,
  isReleaseVersion,
  isVisitorId,
  RELEASE_CHANNELS,
  REMOTE_NAMES,
  REPORT_OUTCOMES,
  VERSION_MAX_LENGTH,
  VERSION_SHAPE,
  VISITOR_ID_SHAPE,
} from '@hypertek/shared/release-words';
import { ReleaseReportsAnswerSchema } from '@hypertek/shared/contract/wire';
import type { Config } from '../config/env';
import { bearerSecret } from '../lib/bearer-secret';
import {
  badRequest,
  forbidden,
  RELEASE_MESSAGES,
  serviceUnavailable,
  STAFF_MESSAGES,
  unauthorized,
} from '../lib/errors';
import type { BodyValidator } from '../plugins/app/error-handler';
import { ErrorBody, publicAccess } from './schemas';

export const REPORT_MESSAGE_MAX_LENGTH = 300;

const oneOf = (values: readonly string[]) => values.join(', ');

// What the database cannot hold, or a log line should not: control characters other than tab and
// line breaks, and halves of UTF-16 pairs (a message cut at 300 code units can end in one).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The browser's error message, cleaned rather than refused (a report lost for a stray character
 * would be a failure nobody sees): control characters become spaces, broken characters U+FFFD.
 */
export const cleanMessage = (text: string): string =>
  text.replace(CONTROL_CHARACTERS, ' ').replace(LONE_SURROGATES, '\uFFFD');

/** What a report's fields must be, in the words the answer uses. */
export const REPORT_FIELD_MESSAGES = {
  remote: `remote must be one of: ${oneOf(REMOTE_NAMES)}`,
  version: `version must be a release version such as 1.4.0 or 1.4.0+3f2a9c1, at most ${VERSION_MAX_LENGTH} characters`,
  channel: `channel must be one of: ${oneOf(RELEASE_CHANNELS)}`,
  outcome: `outcome must be one of: ${oneOf(REPORT_OUTCOMES)}`,
  stage: `stage must be one of: ${oneOf(FAILURE_STAGES)}`,
  visitor: 'visitor must be 16 to 64 letters, digits, _ or -',
  message: `message must be text of at most ${REPORT_MESSAGE_MAX_LENGTH} characters`,
} as const;

export const Remote = Type.Enum(REMOTE_NAMES, { description: 'The remote (Module Federation)' });
export const Version = Type.String({
  maxLength: VERSION_MAX_LENGTH,
  pattern: VERSION_SHAPE,
  description: "The release's version, e.g. 1.4.0+3f2a9c1",
});
const Stage = Type.Enum(FAILURE_STAGES, {
  description:
    "load: the release's code could not be fetched; render: its page threw; integrity: its code was refused, its bytes differing from the digests the release registry recorded",
});

const ReportBody = Type.Object(
  {
    remote: Remote,
    version: Version,
    channel: Type.Enum(RELEASE_CHANNELS, { description: 'How the visitor got this release' }),
    outcome: Type.Enum(REPORT_OUTCOMES),
    stage: Type.Optional(Stage),
    visitor: Type.String({
      pattern: VISITOR_ID_SHAPE,
      description: 'A random id the host keeps for the visitor (16–64 of A–Z, a–z, 0–9, _ and -)',
    }),
    message: Type.Optional(
      Type.String({
        maxLength: REPORT_MESSAGE_MAX_LENGTH,
        description:
          "The browser's error message of a failure (trimmed, control characters made spaces; ignored for a load)",
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'Required with outcome failed: stage. Ignored with outcome loaded: stage, message',
  },
);

/** An error answer of these routes with its own description (the document keeps it). */
export const errorAnswer = (description: string) =>
  Type.Object(ErrorBody.properties, { description });

const isText = (value: unknown): value is string => typeof value === 'string';
const isOneOf = (values: readonly string[], value: unknown): boolean =>
  isText(value) && values.includes(value);

/**
 * The report's fields in order, in clear words: also words the answer when the schema refuses
 * the body (an unknown field is left to the schema's own message).
 */
export const validateReport: BodyValidator = (body) => {
  const required = (name: string) => `${name} is required`;
  if (body.remote === undefined) return required('remote');
  if (!isOneOf(REMOTE_NAMES, body.remote)) return REPORT_FIELD_MESSAGES.remote;
  if (body.version === undefined) return required('version');
  if (!isReleaseVersion(body.version)) return REPORT_FIELD_MESSAGES.version;
  if (body.channel === undefined) return required('channel');
  if (!isOneOf(RELEASE_CHANNELS, body.channel)) return REPORT_FIELD_MESSAGES.channel;
  if (body.outcome === undefined) return required('outcome');
  if (!isOneOf(REPORT_OUTCOMES, body.outcome)) return REPORT_FIELD_MESSAGES.outcome;
  if (body.stage !== undefined && !isOneOf(FAILURE_STAGES, body.stage)) {
    return REPORT_FIELD_MESSAGES.stage;
  }
  if (body.outcome === 'failed' && body.stage === undefined) return RELEASE_MESSAGES.stageRequired;
  if (body.visitor === undefined) return required('visitor');
  if (!isVisitorId(body.visitor)) return REPORT_FIELD_MESSAGES.visitor;
  if (
    body.message !== undefined &&
    (!isText(body.message) || body.message.length > REPORT_MESSAGE_MAX_LENGTH)
  ) {
    return REPORT_FIELD_MESSAGES.message;
  }
  return null;
};

/** An onRequest hook: the release token before anything else is read (503 while none is set). */
export function releaseTokenCheck(releaseToken: string | null) {
  const allowed = releaseToken === null ? null : bearerSecret(releaseToken);
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (allowed === null) return done(serviceUnavailable(RELEASE_MESSAGES.releaseNotConfigured));
    done(
      allowed(request.headers.authorization)
        ? undefined
        : unauthorized(RELEASE_MESSAGES.releaseTokenRequired),
    );
  };
}

/**
 * An onRequest hook of a read the console makes too: the release token, or a signed-in staff
 * member of any role (every remote's figures are readable by every team, as `/_release/status`
 * is; acting stays per role). No bearer, or one that is neither: 401; a signed-in account with no
 * staff role: 403 with the reason; no release token configured and no staff sign-in: 503.
 */
export function releaseTokenOrStaffCheck(fastify: FastifyInstance, releaseToken: string | null) {
  const allowed = releaseToken === null ? null : bearerSecret(releaseToken);
  return async (request: FastifyRequest) => {
    if (allowed?.(request.headers.authorization)) return;
    const bearer = bearerTokenOf(request.headers.authorization);
    const user = bearer === null ? undefined : await fastify.auth.userOf(bearer);
    if (user === undefined) {
      if (allowed === null) throw serviceUnavailable(RELEASE_MESSAGES.releaseNotConfigured);
      throw unauthorized(RELEASE_MESSAGES.releaseTokenRequired);
    }
    if ((await fastify.releaseTokensRepository.staffRoleOf(user.id)) === null) {
      throw forbidden(STAFF_MESSAGES.staffOnlyFigures);
    }
  };
}

/** The answers of a route that takes the release token. */
export const RELEASE_TOKEN_ERRORS = {
  401: errorAnswer(
    'No valid release token: Authorization: Bearer <RELEASE_TOKEN> is missing or wrong (a user token never is one)',
  ),
  503: errorAnswer('RELEASE_TOKEN is not set on this server: the call is switched off'),
};

/** The answers of a route that takes the release token or a staff sign-in. */
export const RELEASE_TOKEN_OR_STAFF_ERRORS = {
  401: errorAnswer(
    'No valid release token or sign-in: Authorization: Bearer <RELEASE_TOKEN or sign-in token> is missing or wrong',
  ),
  403: errorAnswer('Signed in, but not staff'),
  503: errorAnswer(
    'RELEASE_TOKEN is not set on this server and no staff sign-in was sent: the call is switched off',
  ),
};

const releaseRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  const { releaseToken, rateLimit: limits } = opts.config;
  const reports = fastify.releaseReportsRepository;

  const requireReleaseToken = releaseTokenCheck(releaseToken);

  fastify.post(
    '/releases/reports',
    {
      config: {
        validateBody: validateReport,
        // The browser's error message may span lines (and is cleaned first, below).
        multilineFields: ['message'],
        rateLimit: { max: limits.reportsMax, timeWindow: limits.windowMs },
      },
      // Before the check every route makes of its text (which runs after the route's own hooks).
      preValidation: (request, _reply, done) => {
        const body = request.body as Record<string, unknown> | null | undefined;
        if (
          typeof body === 'object' &&
          body !== null &&
          !Array.isArray(body) &&
          typeof body.message === 'string'
        ) {
          body.message = cleanMessage(body.message);
        }
        done();
      },
      schema: {
        operationId: 'reportRelease',
        tags: ['releases'],
        summary:
          "The host's report that a remote's release loaded or failed for a visitor (counted once per visitor and outcome)",
        security: publicAccess,
        body: ReportBody,
        response: {
          202: Type.Object(
            { success: Type.Literal(true) },
            { description: 'Accepted (a repeated report is accepted and counted once)' },
          ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // validateReport ran already (preHandler); the schema cannot say "stage when failed".
      if (body.outcome === 'failed' && body.stage === undefined) {
        throw badRequest(RELEASE_MESSAGES.stageRequired);
      }
      const failed = body.outcome === 'failed';
      const message = failed ? (body.message?.trim() ?? '') : '';
      const report = {
        remote: body.remote,
        version: body.version,
        channel: body.channel,
        visitor: body.visitor,
        outcome: body.outcome,
        stage: failed ? (body.stage ?? null) : null,
        message: message === '' ? null : message,
      };
      if (await reports.record(report)) {
        fastify.metrics.releaseReport({
          remote: report.remote,
          version: report.version,
          channel: report.channel,
          outcome: report.outcome,
          stage: report.stage ?? 'none',
        });
      }
      return reply.code(202).send({ success: true as const });
    },
  );

  fastify.get(
    '/releases/reports',
    {
      onRequest: requireReleaseToken,
      schema: {
        operationId: 'readReleaseReports',
        tags: ['releases'],
        summary:
          "Each version of a remote that has reports: its visitors, failures and last failure (operators and the canary guard; the release token, not a user's)",
        security: [{ releaseToken: [] }],
        querystring: Type.Object({
          remote: Remote,
          version: Type.Optional(Version),
        }),
        response: {
          200: ReleaseReportsAnswerSchema,
          ...RELEASE_TOKEN_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { remote, version } = request.query;
      const figures = await reports.summary(remote, version);
      void reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: figures.map((entry) => ({
          ...entry,
          lastFailure:
            entry.lastFailure === null
              ? null
              : { ...entry.lastFailure, at: entry.lastFailure.at.toISOString() },
        })),
      };
    },
  );
};

export default releaseRoutes;
