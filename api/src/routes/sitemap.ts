/**
 * What the site's sitemaps are made from: every item, in id order, with the time its page last
 * changed. Paged by `size` (at most 50,000, a sitemap file's limit) and `page`, so one sitemap
 * file is one call. Public; answers are cached like the catalogue's for
 * `CATALOGUE_CACHE_TTL_MS` (serialized, so a crawler's repeated call costs no query).
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import { badRequest } from '../lib/errors';
import { TtlCache } from '../lib/ttl-cache';
import { errors, publicAccess } from './schemas';

/** The most URLs one sitemap file may list (sitemaps.org), and the default page size. */
export const SITEMAP_MAX_SIZE = 50_000;
/** A page number far past any catalogue, so the offset always fits the database's integers. */
export const SITEMAP_MAX_PAGE = 10_000_000;
/** Serialized pages kept (up to ~4 MB each at the largest size). */
const PAGES_CACHED = 8;

/** The bounds of each number of the query, and the words of its 400. */
const BOUNDS = {
  page: { min: 0, max: SITEMAP_MAX_PAGE },
  size: { min: 1, max: SITEMAP_MAX_SIZE },
} as const;
const outOfBounds = (name: keyof typeof BOUNDS): string =>
  `${name} must be a whole number from ${BOUNDS[name].min} to ${BOUNDS[name].max}`;

/**
 * The query's numbers as sent must be plain digits: the schema's conversion would read `1.5` as
 * 1 and `1e3` as 1000, and a sitemap asked for with such a number is asked for wrongly. Same
 * words as the schema's refusal (which then checks the range).
 */
async function plainDigits(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const name of ['page', 'size'] as const) {
    const value = query[name];
    if (value !== undefined && (typeof value !== 'string' || !/^[0-9]{1,12}$/.test(value))) {
      throw badRequest(outOfBounds(name));
    }
  }
}

const SitemapItemSchema = Type.Object({
  id: Type.String({ description: 'The item id' }),
  kind: Type.Union([Type.Literal('nfa'), Type.Literal('land')]),
  lastModified: Type.String({
    format: 'date-time',
    description:
      'When its page last changed: the latest of its creation, its last sale, the opening of its listing and the last change of that listing',
  }),
});

const sitemapRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  const pages = new TtlCache<Buffer>(opts.config.catalogueCacheTtlMs, PAGES_CACHED);

  fastify.get(
    '/sitemap/items',
    {
      config: { publicRead: true },
      preValidation: plainDigits,
      schema: {
        operationId: 'listSitemapItems',
        tags: ['sitemap'],
        security: publicAccess,
        summary: 'Every item in id order with its last change, paged for sitemap files',
        description:
          'Page `page` (from 0) of `size` items: items `page × size` to `page × size + size − 1` ' +
          'in id order, and `total`, the number of items (so the pages are `ceil(total / size)`). ' +
          'A page past the end answers an empty list.',
        querystring: Type.Object({
          page: Type.Optional(
            Type.Integer({
              minimum: BOUNDS.page.min,
              maximum: BOUNDS.page.max,
              default: 0,
              description: 'The page, from 0',
            }),
          ),
          size: Type.Optional(
            Type.Integer({
              minimum: BOUNDS.size.min,
              maximum: BOUNDS.size.max,
              default: SITEMAP_MAX_SIZE,
              description: 'Items a page',
            }),
          ),
        }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            data: Type.Object({
              total: Type.Integer({ description: 'How many items there are' }),
              page: Type.Integer(),
              size: Type.Integer(),
              items: Type.Array(SitemapItemSchema),
            }),
          }),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 0;
      const size = request.query.size ?? SITEMAP_MAX_SIZE;
      const serialize = reply.getSerializationFunction('200') ?? JSON.stringify;
      const body = await pages.get(`${page}|${size}`, async () => {
        const [total, items] = await Promise.all([
          fastify.itemsRepository.count(),
          fastify.itemsRepository.sitemapPage(page * size, size),
        ]);
        return Buffer.from(serialize({ success: true, data: { total, page, size, items } }));
      });
      // The body is already serialized JSON: typed as the schema's shape for the type provider.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};

export default sitemapRoutes;
