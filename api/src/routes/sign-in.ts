/**
 * Sign-in without a password: a browser wallet (an EIP-4361 message the server wrote, signed by
 * the wallet), Google (an access token) and Discord (an authorization code). Each answers the
 * auth shape of the email sign-ins plus `created`. A provider that is not configured answers 503,
 * one that is down 502; the caller's mistakes are 400/401 with a message saying which.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { discordWelcome, MESSAGES } from '@hypertek/shared/contract';
import type { Config } from '../config/env';
import { conflict, serviceUnavailable, SIGNIN_MESSAGES, unauthorized } from '../lib/errors';
import { normalizeWalletAddress } from '../providers/wallet';
import { toPublicUser, type UserRow } from '../repositories/users-repository';
import { errors, publicAccess, SignInResponse } from './schemas';

const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

const WalletAddress = Type.String({
  maxLength: 100,
  description: '0x and 40 hexadecimal digits, any case',
});

const signInRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  const rateLimit = {
    max: opts.config.rateLimit.authMax,
    timeWindow: opts.config.rateLimit.windowMs,
  };
  const { signInProviders: providers, usersRepository, walletNoncesRepository } = fastify;

  const answer = async (message: string, user: UserRow, created: boolean) => ({
    success: true as const,
    message,
    user: toPublicUser(user),
    token: await fastify.auth.issue(user),
    created,
  });

  fastify.post(
    '/user/MetaMask/nonce',
    {
      config: {
        rateLimit,
        validateBody: (body) =>
          normalizeWalletAddress(body.address) === null
            ? SIGNIN_MESSAGES.walletAddressInvalid
            : null,
      },
      schema: {
        operationId: 'createWalletNonce',
        tags: ['account'],
        security: publicAccess,
        summary: 'Start a wallet sign-in: the EIP-4361 message to sign, with a single-use nonce',
        body: Type.Object({ address: WalletAddress }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            nonce: Type.String(),
            message: Type.String({ description: 'The exact text the wallet must sign' }),
            issuedAt: Type.String({ format: 'date-time' }),
            expiresAt: Type.String({ format: 'date-time' }),
          }),
          ...errors(400, 413, 429, 503),
        },
      },
    },
    async (request) => {
      const wallet = providers.wallet;
      if (wallet === null) throw serviceUnavailable(SIGNIN_MESSAGES.walletNotConfigured);
      const address = normalizeWalletAddress(request.body.address) ?? '';
      const issued = await walletNoncesRepository.issue(address, wallet.ttlSeconds);
      return {
        success: true as const,
        nonce: issued.nonce,
        message: wallet.buildMessage({ address, ...issued }),
        issuedAt: issued.issuedAt.toISOString(),
        expiresAt: issued.expiresAt.toISOString(),
      };
    },
  );

  fastify.post(
    '/user/MetaMask',
    {
      config: {
        rateLimit,
        // The signed message has several lines (EIP-4361).
        multilineFields: ['message'],
        validateBody: (body) => {
          if (normalizeWalletAddress(body.address) === null) {
            return SIGNIN_MESSAGES.walletAddressInvalid;
          }
          if (!nonEmpty(body.message)) return SIGNIN_MESSAGES.walletMessageInvalid;
          if (!nonEmpty(body.signature)) return SIGNIN_MESSAGES.walletSignatureMismatch;
          return null;
        },
      },
      schema: {
        operationId: 'signInWithWallet',
        tags: ['account'],
        security: publicAccess,
        summary: 'Sign in with a wallet signature of the message from /user/MetaMask/nonce',
        body: Type.Object({
          address: WalletAddress,
          signature: Type.String({
            maxLength: 1000,
            description: '0x-hex personal_sign signature',
          }),
          message: Type.String({ maxLength: 2000, description: 'The message, as signed' }),
        }),
        response: { 200: SignInResponse, ...errors(400, 401, 413, 429, 503) },
      },
    },
    async (request) => {
      const wallet = providers.wallet;
      if (wallet === null) throw serviceUnavailable(SIGNIN_MESSAGES.walletNotConfigured);
      const { message, signature } = request.body;
      const checked = wallet.checkMessage(request.body.address, message);
      const state = await walletNoncesRepository.state(checked.nonce, checked.address);
      if (state === 'expired') throw unauthorized(SIGNIN_MESSAGES.walletExpired);
      if (state === 'unknown') throw unauthorized(SIGNIN_MESSAGES.walletNonceUsed);
      // The signature before the nonce is used up: a forged request must not burn a real one.
      if (!(await wallet.verifySignature(checked.address, message, signature))) {
        throw unauthorized(SIGNIN_MESSAGES.walletSignatureMismatch);
      }
      if (!(await walletNoncesRepository.consume(checked.nonce, checked.address))) {
        throw unauthorized(SIGNIN_MESSAGES.walletNonceUsed);
      }
      const { user, created } = await usersRepository.signInWithWallet(checked.address);
      return answer(MESSAGES.metamaskSuccess, user, created);
    },
  );

  fastify.post(
    '/user/google',
    {
      config: {
        rateLimit,
        validateBody: (body) => (nonEmpty(body.token) ? null : SIGNIN_MESSAGES.googleTokenRequired),
      },
      schema: {
        operationId: 'signInWithGoogle',
        tags: ['account'],
        security: publicAccess,
        summary: 'Sign in with a Google access token (verified with Google)',
        body: Type.Object({
          token: Type.String({ maxLength: 4096, description: "Google's OAuth access token" }),
        }),
        response: { 200: SignInResponse, ...errors(400, 401, 409, 413, 429, 502, 503) },
      },
    },
    async (request) => {
      const google = providers.google;
      if (google === null) throw serviceUnavailable(SIGNIN_MESSAGES.googleNotConfigured);
      const identity = await google.verifyAccessToken(request.body.token.trim());
      const result = await usersRepository.signInWithProvider('google', identity);
      if (result.outcome === 'email-taken') throw conflict(SIGNIN_MESSAGES.googleEmailTaken);
      return answer(MESSAGES.googleSuccess, result.user, result.created);
    },
  );

  fastify.post(
    '/user/discord',
    {
      config: {
        rateLimit,
        validateBody: (body) => (nonEmpty(body.code) ? null : SIGNIN_MESSAGES.discordCodeRequired),
      },
      schema: {
        operationId: 'signInWithDiscord',
        tags: ['account'],
        security: publicAccess,
        summary: 'Sign in with a Discord authorization code (exchanged with Discord)',
        body: Type.Object({
          code: Type.String({ maxLength: 512, description: "Discord's authorization code" }),
        }),
        response: { 200: SignInResponse, ...errors(400, 401, 409, 413, 429, 502, 503) },
      },
    },
    async (request) => {
      const discord = providers.discord;
      if (discord === null) throw serviceUnavailable(SIGNIN_MESSAGES.discordNotConfigured);
      const identity = await discord.exchangeCode(request.body.code.trim());
      const result = await usersRepository.signInWithProvider('discord', identity);
      if (result.outcome === 'email-taken') throw conflict(SIGNIN_MESSAGES.discordEmailTaken);
      // The name the account shows; Discord's own when the site's name rule left nothing of it.
      const name = result.user.fullName || identity.name;
      return answer(discordWelcome(name), result.user, result.created);
    },
  );
};

export default signInRoutes;
