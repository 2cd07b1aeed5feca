/**
 * The watchlist (`GET /watchlist`, `GET|PUT|DELETE /watchlist/{itemId}`), written once as
 * schemas: the API validates and documents with them; `@hypertek/shared/contract` re-exports
 * their types for the apps.
 */
import { Type, type Static } from 'typebox';
import { KindSchema, Nullable, Success } from './common';

const AlertPrice = Nullable(
  Type.Number({
    description:
      'Listed or repriced at or below this price (dollars) notifies the watcher; null: being listed at all does',
  }),
);
const AlertPriceCents = Nullable(Type.Integer({ description: 'The same, in cents' }));

/** One watched item: what it is, its price and status now, and the watcher's alert price. */
export const WatchedItemSchema = Type.Object({
  itemId: Type.String(),
  kind: KindSchema,
  title: Type.String({ description: "The item's title" }),
  image: Type.String({ description: "The item's image path" }),
  price: Type.Number({
    description: "The item's price now, in dollars: its listing's while listed, else its last",
  }),
  listed: Type.Boolean({ description: 'Whether the item has a live listing now' }),
  listingPrice: Nullable(Type.Number({ description: "The live listing's price, in dollars" })),
  owner: Type.String({ description: "The owner's name" }),
  ownerId: Type.String(),
  alertPrice: AlertPrice,
  alertPriceCents: AlertPriceCents,
  watchedAt: Type.String({ format: 'date-time', description: 'When the caller started watching' }),
});
export type WatchedItem = Static<typeof WatchedItemSchema>;

export const WatchlistAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  data: Type.Array(WatchedItemSchema, { description: 'Newest first' }),
  nextCursor: Nullable(Type.String({ description: 'Send as `cursor` for the next page' })),
  total: Type.Integer({ minimum: 0, description: 'How many items the caller watches' }),
  max: Type.Integer({ minimum: 1, description: 'How many items one user may watch' }),
});
export type WatchlistAnswer = Static<typeof WatchlistAnswerSchema>;

/** One item's watched state for the caller (the item page's star). */
export const WatchStateAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  itemId: Type.String(),
  watched: Type.Boolean(),
  alertPrice: AlertPrice,
  alertPriceCents: AlertPriceCents,
});
export type WatchStateAnswer = Static<typeof WatchStateAnswerSchema>;

/** What `PUT /watchlist/{itemId}` sets: the alert price (absent or null: none). */
export const WatchRequestSchema = Type.Object(
  {
    alertPrice: Type.Optional(
      Nullable(Type.Number({ description: 'Dollars, at most 2 decimals; null: no alert price' })),
    ),
  },
  { additionalProperties: false },
);
export type WatchRequest = Static<typeof WatchRequestSchema>;
