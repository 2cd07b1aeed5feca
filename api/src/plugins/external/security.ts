/**
 * Security headers on every response, CORS for the site's configured origins only, and rate
 * limits (per route, opt-in; shared through Redis when REDIS_URL is set).
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../../config/env';
import { API_MESSAGES, HttpError } from '../../lib/errors';

/**
 * Helmet's default headers, fixed for a JSON API: nothing may be framed, run or embedded from
 * an answer, and images (item art, avatars) stay loadable by the site on another origin.
 * Computed once instead of by @fastify/helmet on every request (a third of the throughput).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

export default fp(
  async (fastify, opts: { config: Config }) => {
    const { config } = opts;
    // Set once per request from a constant object; routes that serve images tighten or relax
    // their own Content-Security-Policy after this.
    fastify.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(SECURITY_HEADERS);
      done();
    });
    await fastify.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      // Last-Event-ID: what a browser's EventSource sends when it resumes the live stream.
      allowedHeaders: ['Authorization', 'Content-Type', 'Last-Event-ID'],
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
