/**
 * Images served by the API: the generated item art (stored by the seed, or drawn from the id for
 * items that have none), uploaded avatars, and link-preview cards (PNG, for `og:image`) of an
 * item and of the site. Art and avatars have long cache lifetimes (names never change content);
 * cards keep a stable address, so they are cached an hour (a day for the site's) and carry an
 * ETag that changes with the art. A Content-Security-Policy lets an SVG draw but never run script.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import { API_MESSAGES, notFound } from '../lib/errors';
import { MIME_BY_EXT } from '../lib/image-type';
import { renderItemSvg } from '../lib/item-art';
import { etagMatches, getSiteCard, ItemCardCache, itemCardEtag } from '../lib/item-card';
import { parseItemId } from '../repositories/items-repository';
import { errors, publicAccess } from './schemas';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** Item cards: the address is stable per item and its art may change (then so does the ETag). */
const ITEM_CARD_CACHE = 'public, max-age=3600';
const SITE_CARD_CACHE = 'public, max-age=86400';
/** Rendered item cards kept in memory (about 100–300 kB each). */
const ITEM_CARDS_CACHED = 200;

const Image = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description: 'Image bytes',
});

const Png = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description: 'A 1200×630 PNG (image/png); carries an ETag',
});

/** 304: no body at all (typed `undefined` so the handler sends none, not `null`). */
const NotModified = Type.Unsafe<undefined>({
  type: 'null',
  description: 'Not modified: If-None-Match names the current ETag (no body)',
});

/**
 * Answers a link-preview card by its ETag: 304 when the client has that one (nothing rendered),
 * else the PNG that `png` gives, with its caching headers either way.
 */
async function sendCard(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  cacheControl: string,
  png: () => Promise<Buffer>,
) {
  void reply
    .header('ETag', etag)
    .header('Cache-Control', cacheControl)
    .header('Content-Security-Policy', IMAGE_CSP);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.header('Content-Type', 'image/png').send(await png());
}

const mediaRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  const itemCards = new ItemCardCache(ITEM_CARDS_CACHED, (itemId, error) =>
    fastify.log.warn(
      { err: error, itemId },
      'stored item art did not render: card drawn from the id',
    ),
  );

  fastify.get(
    '/media/items/:file',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'readItemArt',
        tags: ['media'],
        summary: 'Generated SVG art of an item (image/svg+xml)',
        security: publicAccess,
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
    '/media/items/:id/card.png',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'readItemCard',
        tags: ['media'],
        security: publicAccess,
        summary:
          'Link-preview card of an item (image/png, 1200×630): its art over a blurred copy of it',
        description:
          'For `og:image`. Cached an hour (`Cache-Control: public, max-age=3600`) with a strong ' +
          'ETag that changes with the art; `If-None-Match` with the current ETag answers 304.',
        params: Type.Object({
          id: Type.String({ maxLength: 200, description: 'The item id (a positive whole number)' }),
        }),
        produces: ['image/png'],
        response: { 200: Png, 304: NotModified, ...errors(404) },
      },
    },
    async (request, reply) => {
      const id = parseItemId(request.params.id);
      const art = id === null ? undefined : await fastify.itemsRepository.findArt(id);
      if (id === null || art === undefined) throw notFound(API_MESSAGES.itemNotFound);
      const svg = art.svg ?? renderItemSvg(art.kind, id);
      const etag = itemCardEtag(svg);
      // A match needs no render at all: the ETag is the hash of the SVG.
      return sendCard(request, reply, etag, ITEM_CARD_CACHE, async () => {
        return (await itemCards.get(id, art.kind, svg, etag)).png;
      });
    },
  );

  fastify.get(
    '/media/site-card.png',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'readSiteCard',
        tags: ['media'],
        security: publicAccess,
        summary: "Link-preview card of the site's public pages (image/png, 1200×630)",
        description:
          "For `og:image` of the marketing pages: a few items' art on the brand's navy, no " +
          'text. Rendered once per process; cached a day (`Cache-Control: public, ' +
          'max-age=86400`) with an ETag; `If-None-Match` with it answers 304.',
        produces: ['image/png'],
        response: { 200: Png, 304: NotModified },
      },
    },
    async (request, reply) => {
      const card = await getSiteCard();
      return sendCard(request, reply, card.etag, SITE_CARD_CACHE, () => Promise.resolve(card.png));
    },
  );

  fastify.get(
    '/uploads/:name',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'readAvatar',
        tags: ['media'],
        summary: 'An uploaded avatar',
        security: publicAccess,
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
