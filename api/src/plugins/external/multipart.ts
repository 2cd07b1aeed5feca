/**
 * multipart/form-data for PUT /profile. Fields and the (single) file are attached to the body as
 * values, so the route's body schema validates them like any JSON body; the file arrives as a
 * Buffer and is refused past AVATAR_MAX_BYTES (413).
 */
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';

export default fp(
  async (fastify, opts: { config: Config }) => {
    await fastify.register(multipart, {
      attachFieldsToBody: 'keyValues',
      throwFileSizeLimit: true,
      limits: {
        fileSize: opts.config.avatarMaxBytes,
        files: 1,
        fields: 10,
        fieldSize: 8 * 1024,
        parts: 12,
      },
    });
  },
  { name: 'multipart' },
);
