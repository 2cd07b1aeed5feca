/**
 * Security headers on every response (helmet), CORS for the site's configured origins only, and
 * rate limits (per route, opt-in; shared through Redis when REDIS_URL is set).
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../../config/env';
import { API_MESSAGES, HttpError } from '../../lib/errors';

export default fp(
  async (fastify, opts: { config: Config }) => {
    const { config } = opts;
    await fastify.register(helmet, {
      // Images (item art, avatars) are loaded by the site from another origin.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'none'"],
        },
      },
    });
    await fastify.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });

    let redis: Redis | undefined;
    if (config.redisUrl !== null) {
      redis = new Redis(config.redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: true,
        lazyConnect: false,
      });
      redis.on('error', (error) => fastify.log.warn({ err: error }, 'redis error (rate limits)'));
      fastify.addHook('onClose', async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
    }
    await fastify.register(rateLimit, {
      global: false,
      max: config.rateLimit.authMax,
      timeWindow: config.rateLimit.windowMs,
      nameSpace: config.rateLimit.namespace,
      ...(redis === undefined ? {} : { redis }),
      // A Redis outage must not lock everyone out of signing in.
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, API_MESSAGES.tooManyRequests(context.after)),
    });
  },
  { name: 'security' },
);
