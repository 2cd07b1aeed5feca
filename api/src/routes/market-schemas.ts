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
import {
  CancelListingsRequestSchema,
  ListingRequestSchema,
  OfferRequestSchema,
  RepriceRequestSchema,
} from '@hypertek/shared/contract/wire';
import type { BodyValidator } from '../plugins/app/error-handler';
import { parseItemId } from '../repositories/items-repository';

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** The bodies, every field optional: the forms' rules check them and word what is wrong. */
export const ListingBody = Type.Partial(ListingRequestSchema);
export const OfferBody = Type.Partial(OfferRequestSchema);
export const RepriceBody = Type.Partial(RepriceRequestSchema);
export const CancelListingsBody = Type.Partial(CancelListingsRequestSchema);

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
