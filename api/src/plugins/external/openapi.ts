/**
 * The OpenAPI document, generated from the route schemas and served at /api/v1/openapi.json.
 */
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';

export default fp(
  async (fastify, opts: { config: Config }) => {
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Hyper Tek API',
          version: '1.0.0',
          description:
            'The backend of the Hyper Tek site. Errors answer `{ success: false, message }`.',
        },
        servers: [{ url: opts.config.publicApiUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
  },
  { name: 'openapi' },
);
