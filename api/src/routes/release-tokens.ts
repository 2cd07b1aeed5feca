/**
 * Permissions per team: staff roles (STAFF_ROLE_REMOTES of the release words: marketing may act
 * on the marketing remote, payments on checkout, admin on every remote) and release tokens scoped
 * to one remote, for pipelines.
 * - `POST /releases/tokens`, `GET /releases/tokens`, `DELETE /releases/tokens/{id}`: a signed-in
 *   staff member makes a token for a remote their role may act on (its secret answered once,
 *   only its SHA-256 kept), lists the tokens of those remotes (never a secret), revokes one.
 * - `POST /releases/authorize`: what the host's release endpoint asks for a bearer that is not
 *   RELEASE_TOKEN (checked by the server itself): is it a live release token or a staff member's
 *   sign-in, may it do this action on this remote (with the reason when not), and the name the
 *   registry's history records. Rate-limited per address; the secrets are 256 random bits.
 */
import { createHash } from 'node:crypto';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  bearerTokenOf,
  isRemoteName,
  RELEASE_ACTIONS,
  RELEASE_TOKEN_PREFIX,
  roleMayActOn,
  STAFF_ROLE_REMOTES,
} from '@hypertek/shared/release-words';
import {
  ReleaseTokenAnswerSchema,
  ReleaseTokenMadeAnswerSchema,
  ReleaseTokensAnswerSchema,
} from '@hypertek/shared/contract/wire';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  STAFF_MESSAGES,
  unauthorized,
} from '../lib/errors';
import type { BodyValidator } from '../plugins/app/error-handler';
import type { ReleaseTokenView, StaffRole } from '../repositories/release-tokens-repository';
import type { UserRow } from '../repositories/users-repository';
import { REPORT_FIELD_MESSAGES, Remote } from './releases';
import { bearer, errors } from './schemas';

type Staff = UserRow & { staffRole: StaffRole };

export const TOKEN_NAME_MAX_LENGTH = 60;
const TOKEN_NAME_SHAPE = '^[\\p{L}\\p{N}][\\p{L}\\p{N} ._-]*$';
const TOKEN_NAME = new RegExp(TOKEN_NAME_SHAPE, 'u');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ACTION_MESSAGE = `action must be one of: ${RELEASE_ACTIONS.join(', ')}`;

const isTokenName = (name: unknown): name is string =>
  typeof name === 'string' &&
  name.length <= TOKEN_NAME_MAX_LENGTH &&
  TOKEN_NAME.test(name) &&
  name.trim() === name;

/** A role's refusal for a remote, or null when the role may act on it. */
export const roleRefusal = (role: StaffRole, remote: string): string | null =>
  roleMayActOn(role, remote)
    ? null
    : STAFF_MESSAGES.roleMayNotActOn(role, STAFF_ROLE_REMOTES[role], remote);

/** The name an account goes by in the release history: its name, and a staff member's role. */
const actorOf = (user: UserRow, role: StaffRole | null) => {
  const name = user.fullName || user.email || user.id;
  return role === null ? name : `${name} (${role})`;
};

const validateCreate: BodyValidator = (body) => {
  if (body.name === undefined) return 'name is required';
  if (!isTokenName(body.name)) return STAFF_MESSAGES.nameInvalid;
  if (body.remote === undefined) return 'remote is required';
  if (!isRemoteName(body.remote)) return REPORT_FIELD_MESSAGES.remote;
  return null;
};

const validateAuthorize: BodyValidator = (body) => {
  if (body.action === undefined) return 'action is required';
  if (!(RELEASE_ACTIONS as readonly unknown[]).includes(body.action)) return ACTION_MESSAGE;
  if (body.remote !== undefined && !isRemoteName(body.remote)) return REPORT_FIELD_MESSAGES.remote;
  if (body.remote === undefined && body.action !== 'status') return STAFF_MESSAGES.remoteRequired;
  return null;
};

const toWire = (token: ReleaseTokenView) => ({
  ...token,
  createdAt: token.createdAt.toISOString(),
  lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  revokedAt: token.revokedAt?.toISOString() ?? null,
});

const releaseTokenRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  const tokens = fastify.releaseTokensRepository;
  const { rateLimit: limits } = opts.config;

  /** The signed-in caller, who must be staff (401, then 403). */
  async function requireStaff(request: FastifyRequest): Promise<Staff> {
    const user = await fastify.auth.requireUser(request);
    const staffRole = await tokens.staffRoleOf(user.id);
    if (staffRole === null) throw forbidden(STAFF_MESSAGES.staffOnly);
    return { ...user, staffRole };
  }
  /** 403 with the reason unless the staff member's role may act on `remote`. */
  function requireRemote(staff: Staff, remote: string): void {
    const refusal = roleRefusal(staff.staffRole, remote);
    if (refusal !== null) throw forbidden(refusal);
  }

  fastify.post(
    '/releases/tokens',
    {
      config: { validateBody: validateCreate },
      schema: {
        operationId: 'createReleaseToken',
        security: bearer,
        tags: ['releases'],
        summary:
          'Make a release token for one remote (staff whose role may act on it); the secret is in this answer only',
        body: Type.Object(
          {
            name: Type.String({
              minLength: 1,
              maxLength: TOKEN_NAME_MAX_LENGTH,
              description: 'Its name in the release history, e.g. checkout-ci',
            }),
            remote: Remote,
          },
          { additionalProperties: false },
        ),
        response: {
          201: ReleaseTokenMadeAnswerSchema,
          ...errors(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request);
      const { name, remote } = request.body;
      requireRemote(staff, remote);
      const made = await tokens.create({ name, remote, createdBy: staff.id });
      if (made === undefined) throw conflict(STAFF_MESSAGES.nameTaken(remote, name));
      const { token, secret } = made;
      void reply.header('cache-control', 'no-store');
      return reply.code(201).send({ success: true as const, data: { ...toWire(token), secret } });
    },
  );

  fastify.get(
    '/releases/tokens',
    {
      schema: {
        operationId: 'listReleaseTokens',
        security: bearer,
        tags: ['releases'],
        summary:
          "The release tokens of the remotes the staff member's role may act on, newest first (never a secret), and those remotes",
        response: {
          200: ReleaseTokensAnswerSchema,
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request);
      void reply.header('cache-control', 'no-store');
      const remotes = STAFF_ROLE_REMOTES[staff.staffRole].filter(isRemoteName);
      const list = await tokens.list(remotes);
      return { success: true as const, data: list.map(toWire), remotes };
    },
  );

  fastify.delete(
    '/releases/tokens/:id',
    {
      schema: {
        operationId: 'revokeReleaseToken',
        security: bearer,
        tags: ['releases'],
        summary:
          'Revoke a release token (staff whose role may act on its remote): refused from now on',
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: {
          200: ReleaseTokenAnswerSchema,
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const { id } = request.params;
      if (!UUID.test(id)) throw badRequest(STAFF_MESSAGES.idInvalid);
      const token = await tokens.findById(id);
      if (token === undefined) throw notFound(STAFF_MESSAGES.tokenNotFound);
      requireRemote(staff, token.remote);
      if (token.revokedAt !== null) throw conflict(STAFF_MESSAGES.tokenRevokedAlready);
      const revoked = await tokens.revoke(id, staff.id);
      if (revoked === undefined) throw conflict(STAFF_MESSAGES.tokenRevokedAlready);
      return { success: true as const, data: toWire(revoked) };
    },
  );

  fastify.post(
    '/releases/authorize',
    {
      config: {
        validateBody: validateAuthorize,
        // Per bearer, not per address: every call comes from a host server's address, so a
        // flood of wrong bearers limited by address would lock every team's pipeline out with it.
        // A wrong bearer is a hash lookup; a bearer guessed is 256 bits.
        rateLimit: {
          max: limits.releaseAuthMax,
          timeWindow: limits.windowMs,
          keyGenerator: (request: FastifyRequest) =>
            `release-auth:${createHash('sha256')
              .update(request.headers.authorization ?? '')
              .digest('base64url')}`,
        },
      },
      schema: {
        operationId: 'authorizeRelease',
        tags: ['releases'],
        summary:
          "May this bearer (a release token, or a staff member's sign-in token) do this release action on this remote? The host's release endpoint asks; it checks RELEASE_TOKEN itself",
        security: bearer,
        body: Type.Object(
          {
            action: Type.Enum(RELEASE_ACTIONS),
            remote: Type.Optional(Remote),
          },
          {
            additionalProperties: false,
            description: 'remote is required for every action but status',
          },
        ),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            data: Type.Object({
              allowed: Type.Boolean(),
              actor: Type.String({ description: 'The name the release history records' }),
              reason: Type.Optional(Type.String({ description: 'Why not, when not allowed' })),
            }),
          }),
          ...errors(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      // Status shows every remote: any live token or staff member may read it.
      const remote = request.body.action === 'status' ? undefined : request.body.remote;
      void reply.header('cache-control', 'no-store');
      const bearer = bearerTokenOf(request.headers.authorization);
      if (bearer === null) throw unauthorized(STAFF_MESSAGES.bearerRequired);
      const answer = (actor: string, reason: string | null) => ({
        success: true as const,
        data: reason === null ? { allowed: true, actor } : { allowed: false, actor, reason },
      });
      if (bearer.startsWith(RELEASE_TOKEN_PREFIX)) {
        const token = await tokens.findBySecret(bearer);
        if (token === undefined) throw unauthorized(STAFF_MESSAGES.bearerUnknown);
        const actor = `${token.name} (${token.remote} token)`;
        if (remote === undefined || remote === token.remote) return answer(actor, null);
        return answer(actor, STAFF_MESSAGES.tokenMayNotActOn(token.name, token.remote, remote));
      }
      const user = await fastify.auth.userOf(bearer);
      if (user === undefined) throw unauthorized(STAFF_MESSAGES.bearerUnknown);
      const role = await tokens.staffRoleOf(user.id);
      const refusal =
        role === null
          ? STAFF_MESSAGES.staffOnlyRelease
          : remote === undefined
            ? null
            : roleRefusal(role, remote);
      return answer(actorOf(user, role), refusal);
    },
  );
};

export default releaseTokenRoutes;
