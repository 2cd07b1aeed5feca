/**
 * The public catalogue: market/getMarket (NFAs), land/getland and land/getLand (sorted,
 * filtered by price range and attributes), the activity feed, the sales of one item, search and
 * search/item/{id}. Lists are keyset-paged (`limit`, `cursor`).
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SEARCH_MIN_LENGTH, type ItemKind } from '@hypertek/shared/contract';
import type { Config } from '../config/env';
import { decodeCatalogueCursor, encodeCatalogueCursor } from '../lib/cursor';
import { API_MESSAGES, notFound } from '../lib/errors';
import { TtlCache } from '../lib/ttl-cache';
import { parseItemId, type ApiSearchHit } from '../repositories/items-repository';
import { readListQuery } from './catalogue-query';
import {
  ActivitySchema,
  CatalogueListQuery,
  DEFAULT_PAGE_SIZE,
  errors,
  ItemSaleSchema,
  ItemSchema,
  listAnswer,
  ListResponse,
  PageQuery,
  publicAccess,
  SearchHitSchema,
} from './schemas';

const catalogueRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  // Public, read-mostly answers: a few seconds of caching spares the database the same query
  // from every visitor (the catalogue changes only when it is reseeded).
  const ttl = opts.config.catalogueCacheTtlMs;
  const pages = new TtlCache<Buffer>(ttl);
  // Shared: a recorded purchase empties it.
  const feed = fastify.activityFeedCache;
  const searches = new TtlCache<{ nfas: ApiSearchHit[]; lands: ApiSearchHit[] }>(ttl * 6);

  /**
   * Registers a catalogue list. The cache holds the serialized answer (made once by the route's
   * own response-schema serializer) as UTF-8 bytes, so a cached page costs no query, no
   * serialization, and neither the length count nor the UTF-8 encoding of a string on every send.
   * Its key is everything that shapes the answer: kind, page size, cursor, sort, price range in
   * cents and attributes (the cache keeps at most 1,000 answers, least recently used first out).
   */
  const registerList = (
    path: string,
    operationId: string,
    kind: ItemKind,
    message: string,
    summary: string,
  ) => {
    fastify.get(
      path,
      {
        config: { publicRead: true },
        schema: {
          operationId,
          tags: ['catalogue'],
          summary,
          security: publicAccess,
          querystring: CatalogueListQuery(kind),
          response: { 200: ListResponse(ItemSchema), ...errors(400) },
        },
      },
      async (request, reply) => {
        const { query: raw } = request;
        const limit = raw.limit ?? DEFAULT_PAGE_SIZE;
        const cursor = raw.cursor ?? '';
        const query = readListQuery(kind, raw);
        const after = decodeCatalogueCursor(cursor, query.sort);
        const serialize = reply.getSerializationFunction('200') ?? JSON.stringify;
        const key = [
          kind,
          limit,
          cursor,
          query.sort,
          query.minCents,
          query.maxCents,
          query.rarity ?? query.region,
          query.category ?? query.size,
        ].join('|');
        const body = await pages.get(key, async () => {
          const rows = await fastify.itemsRepository.list(query, limit + 1, after);
          const page = rows.slice(0, limit);
          const last = page[page.length - 1];
          const nextCursor =
            rows.length > limit && last !== undefined
              ? encodeCatalogueCursor(query.sort, last.position)
              : null;
          const data = page.map((row) => row.item);
          return Buffer.from(serialize({ success: true, message, data, nextCursor }));
        });
        // The body is already serialized JSON: typed as the schema's shape for the type provider.
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );
  };
  registerList(
    '/market/getMarket',
    'listNfas',
    'nfa',
    'Market data fetched',
    'NFAs, first page by default',
  );
  registerList('/land/getland', 'listLands', 'land', 'Land data fetched', 'Land parcels');
  registerList(
    '/land/getLand',
    'listLandsAlias',
    'land',
    'Land data fetched',
    'Land parcels: the same list under the other spelling of the path',
  );

  fastify.get(
    '/activity/getActivity',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'listActivity',
        tags: ['catalogue'],
        summary: 'Marketplace activity, newest first',
        security: publicAccess,
        querystring: PageQuery,
        response: { 200: ListResponse(ActivitySchema), ...errors(400) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Activity fetched',
      ...(await feed.get(
        `${request.query.limit ?? DEFAULT_PAGE_SIZE}:${request.query.cursor ?? ''}`,
        () =>
          fastify.activityRepository.page(
            request.query.limit ?? DEFAULT_PAGE_SIZE,
            request.query.cursor,
          ),
      )),
    }),
  );

  fastify.get(
    '/activity/item/:id',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'listItemSales',
        tags: ['catalogue'],
        summary: 'The sales of one item, newest first',
        security: publicAccess,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        querystring: PageQuery,
        response: { 200: ListResponse(ItemSaleSchema), ...errors(400, 404) },
      },
    },
    async (request) => {
      const id = parseItemId(request.params.id);
      const exists = id !== null && (await fastify.itemsRepository.findPrice(id)) !== undefined;
      if (!exists) throw notFound(API_MESSAGES.itemNotFound);
      const page = await fastify.activityRepository.sales(
        id,
        request.query.limit ?? DEFAULT_PAGE_SIZE,
        request.query.cursor,
      );
      return listAnswer(page, 'No sales yet', 'Item sales fetched');
    },
  );

  fastify.get(
    '/search/search',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'searchItems',
        tags: ['catalogue'],
        security: publicAccess,
        summary: 'Search titles and serial numbers (any part, case-insensitive), ranked and capped',
        querystring: Type.Object({ query: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            message: Type.String(),
            lands: Type.Array(SearchHitSchema),
            nfas: Type.Array(SearchHitSchema),
          }),
          ...errors(400),
        },
      },
    },
    async (request) => {
      const text = (request.query.query ?? '').trim();
      if (text.length < SEARCH_MIN_LENGTH) {
        return {
          success: true as const,
          message: 'Type at least 2 characters',
          lands: [],
          nfas: [],
        };
      }
      const { lands, nfas } = await searches.get(text.toLowerCase(), () =>
        fastify.itemsRepository.search(text),
      );
      const count = lands.length + nfas.length;
      return {
        success: true as const,
        message: count === 0 ? 'No items found' : `${count} items found`,
        lands,
        nfas,
      };
    },
  );

  fastify.get(
    '/search/item/:id',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'readItem',
        tags: ['catalogue'],
        security: publicAccess,
        summary:
          'One item by id, with its owner and market state (listing, open offers, reservation)',
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            message: Type.String(),
            data: ItemSchema,
          }),
          ...errors(404),
        },
      },
    },
    async (request) => {
      const id = parseItemId(request.params.id);
      const item = id === null ? undefined : await fastify.itemsRepository.findById(id);
      const market = id === null ? undefined : await fastify.marketRepository.itemState(id);
      if (item === undefined || market === undefined) throw notFound(API_MESSAGES.itemNotFound);
      return {
        success: true as const,
        message: 'Item fetched',
        data: {
          ...item,
          price: market.listing?.price ?? item.price,
          listed: market.listing !== null,
          owner: market.owner.name,
          ownerId: market.owner.id,
          market,
        },
      };
    },
  );
};

export default catalogueRoutes;
