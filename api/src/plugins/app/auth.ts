/**
 * Bearer tokens: HS256 JWTs (algorithm pinned; issuer, audience and expiry checked) that carry
 * the user id and the user's token version. Changing a password bumps the version, so every
 * token issued before stops working. Identity always comes from the token, never from a body.
 */
import { HOUSE_USER_ID } from '../../db/schema';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config/env';
import { bearerTokenOf } from '@hypertek/shared/release-words';
import { API_MESSAGES, forbidden, unauthorized } from '../../lib/errors';
import type { UserRow } from '../../repositories/users-repository';

const ALGORITHM = 'HS256';

export interface Auth {
  /** Issues a token for a user (its version is the user's current token version). */
  issue(user: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<string>;
  /** The user a sign-in token names; undefined when it is invalid, expired or revoked. */
  userOf(token: string): Promise<UserRow | undefined>;
  /** The caller, from the bearer token; throws 401 when missing, invalid, expired or revoked. */
  requireUser(request: FastifyRequest): Promise<UserRow>;
  /** The caller, who must be the user named in the request; throws 401, then 403. */
  requireSelf(request: FastifyRequest, userId: string): Promise<UserRow>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

export default fp(
  async (fastify, opts: { config: Config }) => {
    const { secret, issuer, audience, expiresInSeconds, secretIsEphemeral } = opts.config.jwt;
    if (secretIsEphemeral && opts.config.nodeEnv !== 'test') {
      fastify.log.warn(
        'JWT_SECRET is not set: using a random secret, tokens end with this process',
      );
    }

    const auth: Auth = {
      async issue(user) {
        return new SignJWT({ ver: user.tokenVersion })
          .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
          .setSubject(user.id)
          .setIssuer(issuer)
          .setAudience(audience)
          .setIssuedAt()
          .setExpirationTime(`${expiresInSeconds}s`)
          .sign(secret);
      },
      async userOf(token) {
        let subject: string | undefined;
        let version: unknown;
        try {
          const { payload } = await jwtVerify(token, secret, {
            algorithms: [ALGORITHM],
            issuer,
            audience,
            requiredClaims: ['sub', 'exp', 'iat'],
          });
          subject = payload.sub;
          version = payload.ver;
        } catch {
          return undefined;
        }
        // The house owns the unsold catalogue; nobody signs in as it, even with a signed token.
        const user =
          subject === undefined || subject === HOUSE_USER_ID
            ? undefined
            : await fastify.usersRepository.findById(subject);
        return user === undefined || version !== user.tokenVersion ? undefined : user;
      },
      async requireUser(request) {
        const token = bearerTokenOf(request.headers.authorization);
        if (token === null) throw unauthorized(API_MESSAGES.authRequired);
        const user = await auth.userOf(token);
        if (user === undefined) throw unauthorized(API_MESSAGES.tokenInvalid);
        return user;
      },
      async requireSelf(request, userId) {
        const user = await auth.requireUser(request);
        if (user.id !== userId) throw forbidden(API_MESSAGES.forbiddenUser);
        return user;
      },
    };
    fastify.decorate('auth', auth);
  },
  { name: 'auth', dependencies: ['database'] },
);
