/**
 * Builds the API as a Fastify instance without starting it (server.ts starts it; tests call it
 * in-process with `inject`). Plugins load in a visible order: external (security headers, CORS,
 * rate limits, OpenAPI) → app (errors, metrics, database + repositories, mail, auth, sign-in
 * providers, caches, payments, notifications and their worker, the live stream's hub) → routes:
 * health checks and metrics at the root, the rest under
 * /api/v1 (multipart parsing is registered by the profile routes only; the sandbox
 * routes exist in sandbox mode only, the webhook in Stripe mode only).
 */
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config/env';
import auth from './plugins/app/auth';
import caches from './plugins/app/caches';
import database from './plugins/app/database';
import errorHandler from './plugins/app/error-handler';
import mailer from './plugins/app/mailer';
import marketStream from './plugins/app/market-stream';
import metrics, { UNMATCHED_ROUTE } from './plugins/app/metrics';
import notifications from './plugins/app/notifications';
import payments from './plugins/app/payments';
import signInProviders from './plugins/app/sign-in-providers';
import openapi from './plugins/external/openapi';
import security, { SECURITY_HEADERS } from './plugins/external/security';
import { API_MESSAGES } from './lib/errors';
import { ApiLogController } from './lib/log-controller';
import { lazyChildLogger } from './lib/request-logger';
import { validatorCompiler } from './lib/schema-validator';
import catalogueRoutes from './routes/catalogue';
import healthRoutes from './routes/health';
import marketRoutes from './routes/market';
import marketEventRoutes from './routes/market-events';
import marketFiguresRoutes from './routes/market-figures';
import marketStreamRoutes from './routes/market-stream';
import mediaRoutes from './routes/media';
import notificationRoutes from './routes/notifications';
import metricsRoutes from './routes/metrics';
import webhookRoutes, { STRIPE_WEBHOOK_DOCUMENT } from './routes/payment-webhook';
import paymentRoutes from './routes/payments';
import profileRoutes from './routes/profile';
import signInRoutes from './routes/sign-in';
import purchaseRoutes from './routes/purchases';
import fieldDataRoutes from './routes/field-data';
import releaseRoutes from './routes/releases';
import releaseTokenRoutes from './routes/release-tokens';
import sandboxRoutes from './routes/sandbox';
import sitemapRoutes from './routes/sitemap';
import { publicAccess } from './routes/schemas';
import userRoutes from './routes/user';
import watchlistRoutes from './routes/watchlist';

export const API_PREFIX = '/api/v1';

/** Log fields that must never reach a log line. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.Password',
  '*.NewPassword',
  '*.ConfirmPassword',
  '*.token',
  '*.passwordHash',
  // Card data (the sandbox's payment-method route): never logged, even at trace level.
  '*.number',
  '*.cvc',
  '*.exp_month',
  '*.exp_year',
  'req.body',
  'request.body',
  '*.clientSecret',
  '*.client_secret',
];

export interface BuildOptions {
  /** Where log lines go (default: standard output). Tests capture them. */
  logStream?: { write(line: string): void };
  /** The market's clock (milliseconds): Date.now unless a test moves time. */
  clock?: () => number;
  /** An embedded database in memory opens from these files (see `openDatabase`). */
  databaseSnapshot?: Blob;
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      ...(options.logStream === undefined ? {} : { stream: options.logStream }),
    },
    bodyLimit: config.bodyLimit,
    // Opening the database runs migrations and, on first start, the seed: slower than 10 s on a
    // busy 2-core machine.
    pluginTimeout: 120_000,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    // Each request's logger (bound to its id) is made when the request first logs something;
    // successful public reads are logged at debug level (see ApiLogController).
    childLoggerFactory: lazyChildLogger,
    logController: new ApiLogController(),
    routerOptions: { maxParamLength: 200 },
    // Router refusals, before any hook runs: answered like every other error, without echoing
    // the address (it is the caller's own text, possibly long or crafted).
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
      const message = tooLong
        ? API_MESSAGES.urlTooLong
        : status === 400
          ? API_MESSAGES.urlNotValid
          : API_MESSAGES.serverError;
      // The factory's reply type knows no routes yet; this answer is the common error body.
      const answer = reply as unknown as FastifyReply;
      void answer.headers(SECURITY_HEADERS).code(status).send({ success: false, message });
      // No route, so no onResponse hook: counted here, like a 404.
      app.metrics.request(request.method, UNMATCHED_ROUTE, status, answer.elapsedTime / 1000);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Bodies are checked as sent (no type coercion); query strings and path params are converted.
  app.setValidatorCompiler(validatorCompiler);

  const opts = { config };
  await app.register(security, opts);
  await app.register(openapi, {
    config,
    webhooks: { stripePaymentEvent: STRIPE_WEBHOOK_DOCUMENT },
  });

  await app.register(errorHandler, opts);
  await app.register(metrics);
  await app.register(database, {
    config,
    clock: options.clock ?? Date.now,
    snapshot: options.databaseSnapshot,
  });
  await app.register(mailer, opts);
  await app.register(auth, opts);
  await app.register(signInProviders, opts);
  await app.register(caches, opts);
  await app.register(payments, opts);
  await app.register(notifications, opts);
  await app.register(marketStream, opts);

  await app.register(healthRoutes);
  await app.register(metricsRoutes, opts);
  await app.register(
    async (api) => {
      await api.register(userRoutes, opts);
      await api.register(signInRoutes, opts);
      await api.register(catalogueRoutes, opts);
      await api.register(purchaseRoutes);
      await api.register(profileRoutes, opts);
      await api.register(mediaRoutes, opts);
      await api.register(sitemapRoutes, opts);
      await api.register(paymentRoutes, opts);
      await api.register(marketRoutes, opts);
      await api.register(marketFiguresRoutes);
      await api.register(marketEventRoutes);
      await api.register(notificationRoutes);
      await api.register(watchlistRoutes, opts);
      await api.register(marketStreamRoutes);
      await api.register(releaseRoutes, opts);
      await api.register(releaseTokenRoutes, opts);
      await api.register(fieldDataRoutes, opts);
      if (app.sandboxProvider !== null) {
        await api.register(sandboxRoutes, { config, sandbox: app.sandboxProvider });
      }
      if (app.stripeProvider !== null) {
        // Encapsulated: its raw-body JSON parser applies to the webhook only.
        await api.register(webhookRoutes, { stripe: app.stripeProvider });
      }
      api.get(
        '/openapi.json',
        {
          schema: {
            operationId: 'readOpenApiDocument',
            tags: ['document'],
            summary: 'This document (OpenAPI 3.1)',
            security: publicAccess,
            response: {
              200: Type.Unsafe<Record<string, unknown>>({
                type: 'object',
                additionalProperties: true,
                description: 'The OpenAPI document',
              }),
            },
          },
        },
        () => app.swagger(),
      );
    },
    { prefix: API_PREFIX },
  );
  return app;
}
