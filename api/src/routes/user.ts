/**
 * Email accounts: signup, login, forgot-password and reset-password/{token}. The validation messages (docs/product.md)
 * rules come from @hypertek/shared/contract, so the forms and the server say the same words.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MESSAGES,
  validateForgotPassword,
  validateLogin,
  validateResetPassword,
  validateSignup,
} from '@hypertek/shared/contract';
import type { Config } from '../config/env';
import type { FastifyRequest } from 'fastify';
import { API_MESSAGES, badRequest, conflict, HttpError, unauthorized } from '../lib/errors';
import { decoyHash, hashPassword, verifyPassword } from '../lib/password';
import { toPublicUser } from '../repositories/users-repository';
import { AuthResponse, errors, MessageResponse, publicAccess } from './schemas';

const Credentials = {
  Email: Type.String({ maxLength: 254 }),
  Password: Type.String({ maxLength: 200 }),
};

/** "3 minutes", "40 seconds": how long until a limit lifts. */
const waitWords = (seconds: number): string =>
  seconds > 90 ? `${Math.ceil(seconds / 60)} minutes` : `${Math.max(1, seconds)} seconds`;

const userRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  const limits = opts.config.rateLimit;
  const rateLimit = { max: limits.authMax, timeWindow: limits.windowMs };

  /**
   * A limit per account on top of the one per client IP: many addresses (a botnet) can still not
   * try more than `max` passwords, or send more than `max` reset emails, for one email address.
   * The counters live in the rate limiter's store (Redis when configured).
   */
  const perAccount = (kind: string, max: number) => {
    const limiter = fastify.createRateLimit({
      max,
      timeWindow: limits.accountWindowMs,
      keyGenerator: (request: FastifyRequest) => {
        const email = (request.body as { Email?: unknown } | undefined)?.Email;
        return `account-${kind}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
      },
    });
    return async (request: FastifyRequest): Promise<void> => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new HttpError(429, API_MESSAGES.tooManyRequests(waitWords(result.ttlInSeconds)), {});
      }
    };
  };
  const limitLogin = perAccount('login', limits.loginPerEmail);
  const limitReset = perAccount('reset', limits.resetPerEmail);

  // Reset emails are prepared after the answer is sent; closing waits for those still running.
  const pending = new Set<Promise<void>>();
  fastify.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  fastify.post(
    '/user/signup',
    {
      config: { rateLimit, validateBody: validateSignup },
      schema: {
        operationId: 'signUp',
        tags: ['account'],
        summary: 'Create an email account',
        security: publicAccess,
        body: Type.Object({ ...Credentials, ConfirmPassword: Type.String({ maxLength: 200 }) }),
        response: { 201: AuthResponse, ...errors(400, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const { Email, Password } = request.body;
      const user = await fastify.usersRepository.createWithPassword({
        email: Email,
        passwordHash: await hashPassword(Password),
      });
      if (user === undefined) throw conflict(API_MESSAGES.emailTaken);
      const token = await fastify.auth.issue(user);
      return reply
        .code(201)
        .send({ success: true, message: MESSAGES.signupSuccess, user: toPublicUser(user), token });
    },
  );

  fastify.post(
    '/user/login',
    {
      config: { rateLimit, validateBody: validateLogin },
      schema: {
        operationId: 'logIn',
        tags: ['account'],
        summary: 'Sign in with email and password',
        security: publicAccess,
        body: Type.Object(Credentials),
        response: { 200: AuthResponse, ...errors(400, 401, 413, 429) },
      },
    },
    async (request) => {
      await limitLogin(request);
      const { Email, Password } = request.body;
      const user = await fastify.usersRepository.findByEmail(Email);
      // Same work whether or not the account exists: no enumeration by timing.
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), Password);
      if (user?.passwordHash == null || !ok) throw unauthorized(API_MESSAGES.invalidCredentials);
      const token = await fastify.auth.issue(user);
      return {
        success: true as const,
        message: MESSAGES.loginSuccess,
        user: toPublicUser(user),
        token,
      };
    },
  );

  fastify.post(
    '/user/forgot-password',
    {
      config: { rateLimit, validateBody: validateForgotPassword },
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['account'],
        summary: 'Email a password reset link (same answer whether the account exists or not)',
        security: publicAccess,
        body: Type.Object({ Email: Credentials.Email }),
        response: { 200: MessageResponse, ...errors(400, 413, 429) },
      },
    },
    async (request) => {
      await limitReset(request);
      const email = request.body.Email;
      // The answer goes out before the account is even looked up, and what follows it is the
      // same work whether or not the email has an account, so it cannot be told by the time of
      // this answer nor by how long it holds up the calls after it (issue 21: when only known
      // emails had the link made and mailed, the call after a known email was slower): one
      // statement that looks up and stores the link, and one reset message made. Only handing
      // the message over (SMTP or the outbox) is for an account alone.
      // Started on the next turn of the event loop, once the answer has been written.
      const work = new Promise<void>((resolve) => setImmediate(resolve))
        .then(async () => {
          const { token, account } = await fastify.passwordResetsRepository.issueForEmail(email);
          const message = await fastify.mailer.preparePasswordReset(
            account?.email ?? email,
            `${opts.config.siteUrl}/reset-password/${token}`,
          );
          if (account === undefined) {
            request.log.info('password reset asked for an email without an account: not sent');
            return;
          }
          await fastify.mailer.deliver(message);
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'password reset failed');
        })
        .finally(() => pending.delete(work));
      pending.add(work);
      return { success: true, message: API_MESSAGES.resetSent };
    },
  );

  fastify.post(
    '/user/reset-password/:token',
    {
      config: { rateLimit, validateBody: validateResetPassword },
      schema: {
        operationId: 'resetPassword',
        tags: ['account'],
        summary: 'Set a new password with a reset link token (single use, RESET_TOKEN_TTL_MINUTES)',
        security: publicAccess,
        params: Type.Object({ token: Type.String({ maxLength: 200 }) }),
        body: Type.Object({
          Password: Credentials.Password,
          ConfirmPassword: Type.String({ maxLength: 200 }),
        }),
        response: { 200: MessageResponse, ...errors(400, 413, 429) },
      },
    },
    async (request) => {
      const userId = await fastify.passwordResetsRepository.consume(request.params.token);
      if (userId === undefined) throw badRequest(API_MESSAGES.resetLinkInvalid);
      // The link reached the account's mailbox: its email is now proven (see signInWithProvider).
      await fastify.usersRepository.setPassword(userId, await hashPassword(request.body.Password), {
        emailProven: true,
      });
      return { success: true, message: MESSAGES.resetSuccess };
    },
  );
};

export default userRoutes;
