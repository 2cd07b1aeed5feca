/**
 * The market's wire shapes (listings, offers, the bodies that make them) and the reading of a
 * listing's or an offer's terms in the forms' words: what routes/market.ts declares and checks.
 */
import { Type } from '@fastify/type-provider-typebox';
import {
  isExpiryOption,
  MARKET_MESSAGES,
  validateMarketPrice,
  type OfferExpiry,
} from '@hypertek/shared/contract';
import type { BodyValidator } from '../plugins/app/error-handler';
import { parseItemId } from '../repositories/items-repository';
import { KindSchema, Nullable } from './schemas';

const ItemRef = Type.Union([Type.String({ maxLength: 100 }), Type.Integer({ minimum: 0 })]);
export const Price = Type.Union([Type.Number(), Type.String({ maxLength: 30 })], {
  description: 'Dollars, more than 0, at most 1,000,000, two decimals at most',
});
const Expiry = Type.String({
  maxLength: 20,
  description: "One of '6 Hours', '12 Hours', '6 Months', '12 Months', '1 Year'",
});

export const ListingSchema = Type.Object({
  _id: Type.String(),
  itemId: Type.String(),
  kind: KindSchema,
  name: Type.String(),
  serialNumber: Type.String(),
  image: Type.Optional(Type.String()),
  status: Type.Union([
    Type.Literal('Active'),
    Type.Literal('Sold'),
    Type.Literal('Cancelled'),
    Type.Literal('Expired'),
  ]),
  price: Type.Number(),
  floor: Nullable(Type.Number({ description: 'The cheapest active listing of the kind' })),
  qty: Type.Integer(),
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
  buyer: Type.Optional(Nullable(Type.String())),
});

export const OfferSchema = Type.Object({
  _id: Type.String(),
  itemId: Type.String(),
  kind: KindSchema,
  title: Type.String(),
  serialNumber: Type.String(),
  image: Type.Optional(Type.String()),
  price: Nullable(Type.Number({ description: "The item's listing price now" })),
  offer: Type.Number({ description: 'The amount offered' }),
  from: Type.String(),
  fromId: Type.String(),
  to: Type.String(),
  status: Type.Union([
    Type.Literal('Open'),
    Type.Literal('Accepted'),
    Type.Literal('Declined'),
    Type.Literal('Cancelled'),
    Type.Literal('Expired'),
    Type.Literal('Sold'),
  ]),
  expiresAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
  reservedUntil: Nullable(Type.String({ format: 'date-time' })),
});

export const ListingAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  listing: ListingSchema,
});
export const OfferAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  offer: OfferSchema,
});
export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const ListingBody = Type.Object({
  itemId: Type.Optional(ItemRef),
  price: Type.Optional(Price),
  expiresIn: Type.Optional(Expiry),
  message: Type.Optional(Type.String({ maxLength: 1000 })),
  signature: Type.Optional(Type.String({ maxLength: 200 })),
});
export const OfferBody = Type.Object({
  itemId: Type.Optional(ItemRef),
  price: Type.Optional(Price),
  expiresIn: Type.Optional(Expiry),
});

/** Listing and offer ids are UUIDs: anything else names none. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body's item, price and expiry, in the forms' words (the same rules as the forms). */
export function readTerms(
  body: Record<string, unknown>,
  defaultExpiry: OfferExpiry | null,
): string | { itemId: number | null; priceCents: number; expiresIn: OfferExpiry } {
  const { price, expiresIn } = body;
  const itemId =
    typeof body.itemId === 'string' || typeof body.itemId === 'number'
      ? String(body.itemId).trim()
      : '';
  if (itemId === '') return MARKET_MESSAGES.itemRequired;
  const amount = validateMarketPrice(price);
  if (typeof amount === 'string') return amount;
  const expiry = expiresIn ?? defaultExpiry;
  if (!isExpiryOption(expiry)) return MARKET_MESSAGES.expiryInvalid;
  return { itemId: parseItemId(itemId), priceCents: Math.round(amount * 100), expiresIn: expiry };
}

/** A body validator of the terms: the forms' words for the first that is wrong. */
export const termsValidator =
  (defaultExpiry: OfferExpiry | null): BodyValidator =>
  (body) => {
    const terms = readTerms(body, defaultExpiry);
    return typeof terms === 'string' ? terms : null;
  };
