/**
 * `GET /metrics` (at the root, like the health checks): the Prometheus exposition text of this
 * API (plugins/app/metrics.ts). With METRICS_TOKEN set it asks for `Authorization: Bearer
 * <METRICS_TOKEN>` (401 otherwise); without, anyone who can reach the port reads it: set it in
 * production, or keep the port private.
 *
 * Not in the OpenAPI document (`hide: true`): it is Prometheus's text, not JSON, read by a
 * scraper rather than by the site.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config/env';
import { bearerSecret } from '../lib/bearer-secret';
import { API_MESSAGES, unauthorized } from '../lib/errors';
import { METRICS_PATH } from '../plugins/app/metrics';

const metricsRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  const { metricsToken } = opts.config;
  const allowed = metricsToken === null ? null : bearerSecret(metricsToken);
  fastify.get(
    METRICS_PATH,
    {
      schema: { hide: true },
      onRequest: (request, _reply, done) => {
        done(
          allowed === null || allowed(request.headers.authorization)
            ? undefined
            : unauthorized(API_MESSAGES.metricsTokenRequired),
        );
      },
    },
    async (_request, reply) => {
      const text = await fastify.metrics.text();
      return reply
        .header('content-type', fastify.metrics.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
};

export default metricsRoutes;
