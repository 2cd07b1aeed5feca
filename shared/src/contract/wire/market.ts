/**
 * The market's wire contract, written once: listings, offers, the balance and the bodies that
 * make them, as TypeBox schemas. The API validates requests and documents its answers with them
 * (api/src/routes/market*.ts); the apps' types are their static types (re-exported by
 * `@hypertek/shared/contract` as types only). Change a field here and both sides follow.
 */
import { Type, type Static } from 'typebox';
import { KindSchema, Nullable, Success } from './common';

const DateTime = Type.String({ format: 'date-time' });

/** Active while it can be bought; Sold, Cancelled and Expired are final. */
export const ListingStatusSchema = Type.Enum(['Active', 'Sold', 'Cancelled', 'Expired']);
export type ListingStatus = Static<typeof ListingStatusSchema>;

/** Open until accepted, declined, cancelled by its maker, expired, or paid (Sold). */
export const OfferStatusSchema = Type.Enum([
  'Open',
  'Accepted',
  'Declined',
  'Cancelled',
  'Expired',
  'Sold',
]);
export type OfferStatus = Static<typeof OfferStatusSchema>;

/** A row of the profile's Listing tab (`GET /market/listings/user/{userId}`). */
export const ListingSchema = Type.Object({
  _id: Type.String(),
  itemId: Type.String(),
  kind: KindSchema,
  name: Type.String({ description: "The item's title (the 'Listing' column)" }),
  serialNumber: Type.String(),
  image: Type.Optional(Type.String()),
  status: ListingStatusSchema,
  price: Type.Number(),
  floor: Nullable(
    Type.Number({ description: "The cheapest active listing of the item's kind; null if none" }),
  ),
  qty: Type.Integer(),
  expiresAt: Nullable(DateTime),
  createdAt: DateTime,
  buyer: Type.Optional(
    Nullable(Type.String({ description: "Sold listings: the buyer's display name" })),
  ),
});
export type MarketListing = Static<typeof ListingSchema>;

/** An offer, as the owner (received) and the maker (made) see it. */
export const OfferSchema = Type.Object({
  _id: Type.String(),
  itemId: Type.String(),
  kind: KindSchema,
  title: Type.String(),
  serialNumber: Type.String(),
  image: Type.Optional(Type.String()),
  price: Nullable(
    Type.Number({ description: "The item's listing price now, null when it is not listed" }),
  ),
  offer: Type.Number({ description: 'The amount offered' }),
  from: Type.String({ description: "The maker's display name" }),
  fromId: Type.String(),
  to: Type.String({ description: "The owner's display name when the offer was made to them" }),
  status: OfferStatusSchema,
  expiresAt: Type.String({ format: 'date-time', description: 'When the offer lapses' }),
  createdAt: DateTime,
  reservedUntil: Nullable(
    Type.String({
      format: 'date-time',
      description: 'Accepted offers: until when the item is reserved for the maker to pay',
    }),
  ),
});
export type MarketOffer = Static<typeof OfferSchema>;

export const ListingAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  listing: ListingSchema,
});
export type ListingAnswer = Static<typeof ListingAnswerSchema>;

export const OfferAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  offer: OfferSchema,
});
export type OfferAnswer = Static<typeof OfferAnswerSchema>;

/** One row of a bulk cancel: what became of that listing. */
export const CancelResultSchema = Type.Object({
  _id: Type.String(),
  status: Type.Enum(['cancelled', 'sold', 'expired', 'not-found', 'busy']),
  message: Type.String(),
});
export type CancelResult = Static<typeof CancelResultSchema>;

export const CancelListingsAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  results: Type.Array(CancelResultSchema),
});
export type CancelListingsAnswer = Static<typeof CancelListingsAnswerSchema>;

export const BalanceAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  balance: Type.Number({ description: 'Dollars' }),
  balanceCents: Type.Integer({ description: 'The same in integer cents' }),
  currency: Type.Literal('usd'),
});
export type BalanceAnswer = Static<typeof BalanceAnswerSchema>;

/** An item as a request names it: its id, as text or a number. */
const ItemRef = Type.Union([Type.String({ maxLength: 100 }), Type.Integer({ minimum: 0 })]);
export const PriceSchema = Type.Union([Type.Number(), Type.String({ maxLength: 30 })], {
  description: 'Dollars, more than 0, at most 1,000,000, two decimals at most',
});
const Expiry = Type.String({
  maxLength: 20,
  description: "One of '6 Hours', '12 Hours', '6 Months', '12 Months', '1 Year'",
});

/**
 * `POST /market/listings`. The API declares every field optional and checks the body with the
 * forms' rules, so a missing or wrong field is answered in the forms' words.
 */
export const ListingRequestSchema = Type.Object({
  itemId: ItemRef,
  price: PriceSchema,
  expiresIn: Type.Optional(Expiry),
  /** Wallet accounts may sign the listing: the text of `POST /market/listings/message`, signed. */
  message: Type.Optional(Type.String({ maxLength: 1000 })),
  signature: Type.Optional(Type.String({ maxLength: 200 })),
});
export type CreateListingRequest = Static<typeof ListingRequestSchema>;

/** `POST /market/offers` (checked as a listing's body is). */
export const OfferRequestSchema = Type.Object({
  itemId: ItemRef,
  price: PriceSchema,
  expiresIn: Expiry,
});
export type CreateOfferRequest = Static<typeof OfferRequestSchema>;

/** `PATCH /market/listings/{id}`: the new price. */
export const RepriceRequestSchema = Type.Object({ price: PriceSchema });

/** `POST /market/listings/cancel`: the listings to cancel. */
export const CancelListingsRequestSchema = Type.Object({
  ids: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 }),
});
