/**
 * The watchlist (docs/product.md, "Watchlist"): the caller's watched items (newest first, paged,
 * each with its price, status and owner now and the caller's alert price), one item's watched
 * state (the item page's star), watching an item with an optional alert price (again: the alert
 * price changes) and unwatching it. Every call acts as the bearer token's user: nobody reads or
 * changes another user's watchlist. An item listed or repriced at or below the alert price
 * notifies the watcher (`watch.alert`, notifications/rules.ts).
 *
 * The watched state is its own call, not a field of `GET /search/item/{id}`: that read is public
 * and the same for everyone (cached, served without a token); the star is the caller's own.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { validateMarketPrice } from '@hypertek/shared/contract';
import {
  WatchlistAnswerSchema,
  WatchRequestSchema,
  WatchStateAnswerSchema,
} from '@hypertek/shared/contract/wire';
import type { Config } from '../config/env';
import { decodeIdCursor, paginate } from '../lib/cursor';
import { badRequest, conflict, notFound } from '../lib/errors';
import { parseItemId } from '../repositories/items-repository';
import { createWatchlistRepository } from '../watchlist/repository';
import { refuse } from './market-answers';
import { bearer, DEFAULT_PAGE_SIZE, errors, PageQuery } from './schemas';

export const WATCHLIST_WORDS = {
  list: 'Watchlist fetched',
  state: 'Watched state fetched',
  watched: 'The item is on your watchlist',
  changed: 'The alert price is updated',
  unwatched: 'The item is off your watchlist',
  notWatched: 'This item is not on your watchlist',
  full: (max: number) => `You already watch ${max} items: remove one to watch another`,
  alertPrice: (reason: string) => `Alert price: ${reason}`,
} as const;

/** The alert price of a body, in cents (null: none), or the words of what is wrong with it. */
function readAlertPrice(body: Record<string, unknown>): number | null | string {
  const { alertPrice } = body;
  if (alertPrice === undefined || alertPrice === null) return null;
  const price = validateMarketPrice(alertPrice);
  if (typeof price === 'string') return WATCHLIST_WORDS.alertPrice(price);
  return Math.round(price * 100);
}

const ItemParams = Type.Object({ itemId: Type.String({ maxLength: 100 }) });

const watchlistRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  const repository = createWatchlistRepository(fastify.database, () =>
    fastify.marketRepository.now(),
  );
  const max = opts.config.market.maxWatched;
  const itemOf = (id: string): number => {
    const itemId = parseItemId(id);
    if (itemId === null) throw refuse('itemNotFound');
    return itemId;
  };
  const alertOf = (cents: number | null) => ({
    alertPrice: cents === null ? null : cents / 100,
    alertPriceCents: cents,
  });

  fastify.get(
    '/watchlist',
    {
      schema: {
        operationId: 'listWatchlist',
        tags: ['watchlist'],
        summary: "The caller's watched items, newest first, with their price and status now",
        security: bearer,
        querystring: Type.Object(PageQuery.properties, { additionalProperties: false }),
        response: { 200: WatchlistAnswerSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      const limit = request.query.limit ?? DEFAULT_PAGE_SIZE;
      const before = decodeIdCursor(request.query.cursor);
      const [rows, total] = await Promise.all([
        repository.list(user.id, before, limit),
        repository.total(user.id),
      ]);
      const { page, nextCursor } = paginate(rows, limit, (last) => [last.id]);
      return {
        success: true as const,
        message: WATCHLIST_WORDS.list,
        data: page.map((row) => row.item),
        nextCursor,
        total,
        max,
      };
    },
  );

  fastify.get(
    '/watchlist/:itemId',
    {
      schema: {
        operationId: 'readWatchState',
        tags: ['watchlist'],
        summary: 'Whether the caller watches an item, and their alert price',
        security: bearer,
        params: ItemParams,
        response: { 200: WatchStateAnswerSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      const itemId = itemOf(request.params.itemId);
      const watch = await repository.find(user.id, itemId);
      if (watch === undefined) throw refuse('itemNotFound');
      return {
        success: true as const,
        message: WATCHLIST_WORDS.state,
        itemId: String(itemId),
        watched: watch !== null,
        ...alertOf(watch?.alertPriceCents ?? null),
      };
    },
  );

  fastify.put(
    '/watchlist/:itemId',
    {
      config: {
        validateBody: (body) => {
          const alert = readAlertPrice(body);
          return typeof alert === 'string' ? alert : null;
        },
      },
      schema: {
        operationId: 'watchItem',
        tags: ['watchlist'],
        summary:
          'Watches an item with an optional alert price (null: none); watching it again changes the alert price',
        security: bearer,
        params: ItemParams,
        body: Type.Partial(WatchRequestSchema),
        response: {
          200: WatchStateAnswerSchema,
          201: WatchStateAnswerSchema,
          ...errors(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const user = await fastify.auth.requireUser(request);
      const alert = readAlertPrice(request.body);
      if (typeof alert === 'string') throw badRequest(alert);
      const itemId = itemOf(request.params.itemId);
      const outcome = await repository.watch(user.id, itemId, alert, max);
      if (outcome.kind === 'itemNotFound') throw refuse('itemNotFound');
      if (outcome.kind === 'full') throw conflict(WATCHLIST_WORDS.full(outcome.max));
      reply.status(outcome.created ? 201 : 200);
      return {
        success: true as const,
        message: outcome.created ? WATCHLIST_WORDS.watched : WATCHLIST_WORDS.changed,
        itemId: String(itemId),
        watched: true,
        ...alertOf(outcome.alertPriceCents),
      };
    },
  );

  fastify.delete(
    '/watchlist/:itemId',
    {
      schema: {
        operationId: 'unwatchItem',
        tags: ['watchlist'],
        summary: 'Stops watching an item',
        security: bearer,
        params: ItemParams,
        response: { 200: WatchStateAnswerSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      const itemId = itemOf(request.params.itemId);
      if (!(await repository.unwatch(user.id, itemId))) throw notFound(WATCHLIST_WORDS.notWatched);
      return {
        success: true as const,
        message: WATCHLIST_WORDS.unwatched,
        itemId: String(itemId),
        watched: false,
        ...alertOf(null),
      };
    },
  );
};

export default watchlistRoutes;
