/**
 * The market's events as a public read (issue 31, the read half of live pages):
 * `GET /market/events?after=ID&limit=N`, the events after id `after`, oldest first. Ids are given
 * in commit order (market/events.ts): a reader that keeps the last id it was given and asks
 * again from there never misses an event nor gets one twice. What changed, on which item,
 * listing or offer, at what price: no personal data (no user ids).
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MarketEventsAnswerSchema, type MarketEvent } from '@hypertek/shared/contract/wire';
import type { MarketEventRow } from '../db/schema';
import { errors, publicAccess } from './schemas';

export const MAX_EVENTS_PAGE = 500;
const DEFAULT_EVENTS_PAGE = 100;

/** An outbox row as the wire tells it: no user ids (the read and the live stream alike). */
export const wireEvent = (row: MarketEventRow): MarketEvent => ({
  id: row.id,
  kind: row.kind,
  itemId: String(row.itemId),
  itemKind: row.itemKind,
  listingId: row.listingId,
  offerId: row.offerId,
  price: row.amountCents === null ? null : row.amountCents / 100,
  priceCents: row.amountCents,
  details: row.payload,
  at: row.createdAt.toISOString(),
});

const marketEventRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/market/events',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'listMarketEvents',
        tags: ['catalogue'],
        summary:
          "The market's events after an id, oldest first, in commit order: send the answer's `after` to read on",
        security: publicAccess,
        querystring: Type.Object(
          {
            after: Type.Optional(
              Type.Integer({
                minimum: 0,
                maximum: Number.MAX_SAFE_INTEGER,
                default: 0,
                description: 'The last event id already read (0: from the first)',
              }),
            ),
            limit: Type.Optional(
              Type.Integer({
                minimum: 1,
                maximum: MAX_EVENTS_PAGE,
                default: DEFAULT_EVENTS_PAGE,
                description: 'At most this many events',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: MarketEventsAnswerSchema,
          ...errors(400),
        },
      },
    },
    async (request) => {
      const after = request.query.after ?? 0;
      const rows = await fastify.marketRepository.eventsAfter(
        after,
        request.query.limit ?? DEFAULT_EVENTS_PAGE,
      );
      return {
        success: true as const,
        message: 'Market events fetched',
        data: rows.map(wireEvent),
        after: rows.at(-1)?.id ?? after,
      };
    },
  );
};

export default marketEventRoutes;
