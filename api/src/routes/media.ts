/**
 * Images served by the API: the generated item art (stored by the seed, or drawn from the id for
 * items that have none) and uploaded avatars. Long cache lifetimes (names never change content)
 * and a Content-Security-Policy that lets an SVG draw but never run script.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config/env';
import { renderItemSvg } from '../db/seed/art';
import { API_MESSAGES, notFound } from '../lib/errors';
import { MIME_BY_EXT } from '../lib/image-type';
import { parseItemId } from '../repositories/items-repository';
import { errors } from './schemas';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const Image = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description: 'Image bytes',
});

const mediaRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  fastify.get(
    '/media/items/:file',
    {
      config: { publicRead: true },
      schema: {
        tags: ['media'],
        summary: 'Generated SVG art of an item (image/svg+xml)',
        params: Type.Object({ file: Type.String({ maxLength: 40 }) }),
        produces: ['image/svg+xml'],
        response: { 200: Image, ...errors(404) },
      },
    },
    async (request, reply) => {
      const match = /^(\d+)\.svg$/.exec(request.params.file);
      const id = match?.[1] === undefined ? null : parseItemId(match[1]);
      const art = id === null ? undefined : await fastify.itemsRepository.findArt(id);
      if (id === null || art === undefined) throw notFound(API_MESSAGES.itemNotFound);
      return reply
        .header('Content-Type', 'image/svg+xml; charset=utf-8')
        .header('Cache-Control', IMMUTABLE)
        .header('Content-Security-Policy', IMAGE_CSP)
        .send(art.svg ?? renderItemSvg(art.kind, id));
    },
  );

  fastify.get(
    '/uploads/:name',
    {
      config: { publicRead: true },
      schema: {
        tags: ['media'],
        summary: 'An uploaded avatar',
        params: Type.Object({ name: Type.String({ maxLength: 60 }) }),
        produces: Object.values(MIME_BY_EXT),
        response: { 200: Image, ...errors(404) },
      },
    },
    async (request, reply) => {
      const match = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.exec(request.params.name);
      const ext = match?.[1] as keyof typeof MIME_BY_EXT | undefined;
      if (ext === undefined) throw notFound('File not found');
      const path = join(opts.config.uploadsDir, request.params.name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() !== true) throw notFound('File not found');
      return reply
        .header('Content-Type', MIME_BY_EXT[ext])
        .header('Content-Length', info.size)
        .header('Cache-Control', IMMUTABLE)
        .header('Content-Security-Policy', IMAGE_CSP)
        .send(createReadStream(path));
    },
  );
};

export default mediaRoutes;
