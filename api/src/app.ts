/**
 * Builds the API as a Fastify instance without starting it (server.ts starts it; tests call it
 * in-process with `inject`). Plugins load in a visible order: external (security headers, CORS,
 * rate limits, OpenAPI) → app (errors, database + repositories, mail, auth, sign-in providers) →
 * routes under /api/v1 (multipart parsing is registered by the profile routes only).
 */
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/env';
import auth from './plugins/app/auth';
import database from './plugins/app/database';
import errorHandler from './plugins/app/error-handler';
import mailer from './plugins/app/mailer';
import signInProviders from './plugins/app/sign-in-providers';
import openapi from './plugins/external/openapi';
import security from './plugins/external/security';
import catalogueRoutes from './routes/catalogue';
import healthRoutes from './routes/health';
import mediaRoutes from './routes/media';
import profileRoutes from './routes/profile';
import signInRoutes from './routes/sign-in';
import purchaseRoutes from './routes/purchases';
import userRoutes from './routes/user';

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
];

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    bodyLimit: config.bodyLimit,
    // Opening the database runs migrations and, on first start, the seed: slower than 10 s on a
    // busy 2-core machine.
    pluginTimeout: 120_000,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Bodies are checked as sent (no type coercion); query strings and path params are converted.
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  const opts = { config };
  await app.register(security, opts);
  await app.register(openapi, opts);

  await app.register(errorHandler, opts);
  await app.register(database, opts);
  await app.register(mailer, opts);
  await app.register(auth, opts);
  await app.register(signInProviders, opts);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(userRoutes, opts);
      await api.register(signInRoutes, opts);
      await api.register(catalogueRoutes, opts);
      await api.register(purchaseRoutes);
      await api.register(profileRoutes, opts);
      await api.register(mediaRoutes, opts);
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  return app;
}
