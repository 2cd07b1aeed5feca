/**
 * The market's events (`GET /market/events?after=ID&limit=N`), written once as schemas: the API
 * documents and checks its answer with them; their types are for the apps.
 */
import { Type, type Static } from 'typebox';
import { MARKET_EVENT_KINDS } from '../market-events';
import { KindSchema, Nullable, Success } from './common';

/** One change of the market: what changed, on which item, listing or offer, at what price. */
export const MarketEventSchema = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'Increasing in commit order (not consecutive)' }),
  kind: Type.Enum(MARKET_EVENT_KINDS),
  itemId: Type.String(),
  itemKind: KindSchema,
  listingId: Nullable(Type.String()),
  offerId: Nullable(Type.String()),
  price: Nullable(Type.Number({ description: 'The price the event is about, in dollars' })),
  priceCents: Nullable(Type.Integer({ description: 'The same, in cents' })),
  details: Nullable(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        "What the kind adds: a reprice's previousAmountCents, a replaced offer's replacedOfferId, an acceptance's reservedUntil, reason 'sold'",
    }),
  ),
  at: Type.String({ format: 'date-time', description: "The market's time of the change" }),
});
export type MarketEvent = Static<typeof MarketEventSchema>;

export const MarketEventsAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  data: Type.Array(MarketEventSchema),
  after: Type.Integer({
    minimum: 0,
    description: 'The id to send as `after` next: the last event given, else the same',
  }),
});
export type MarketEventsAnswer = Static<typeof MarketEventsAnswerSchema>;
