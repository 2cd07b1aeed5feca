/**
 * The secondary market's contract (docs/product.md, The market): listings, offers, the seller's
 * balance, and the rules both the forms and the API apply. Every item has exactly one owner; the
 * unsold catalogue belongs to the house, which lists it at the catalogue prices.
 */
import { OFFER_EXPIRY_OPTIONS, type OfferExpiry } from './constants';
import type { ListResponse } from './types';
import type { MarketListing, MarketOffer } from './wire/market';

/** The owner of the unsold catalogue, as every screen names it. */
export const HOUSE_NAME = 'Hyper Tek Vault';
/** The house's account id (`ownerId` of the unsold catalogue): nobody can sign in as it. */
export const HOUSE_ID = '00000000-0000-4000-8000-000000000000';

/** The highest price a listing or an offer may have, in dollars: a typo guard, not a policy. */
export const MAX_MARKET_PRICE = 1_000_000;

/** How long a listing or an offer stays valid: the offer form's 'Expired In' options. */
export const EXPIRY_DURATION_MS: Record<OfferExpiry, number> = {
  '6 Hours': 6 * 3_600_000,
  '12 Hours': 12 * 3_600_000,
  '6 Months': 183 * 86_400_000,
  '12 Months': 365 * 86_400_000,
  '1 Year': 365 * 86_400_000,
};
export const LISTING_EXPIRY_OPTIONS = OFFER_EXPIRY_OPTIONS;
/** A listing made without a choice runs for 6 months (an offer's default is '6 Hours'). */
export const DEFAULT_LISTING_EXPIRY: OfferExpiry = '6 Months';

export const isExpiryOption = (value: unknown): value is OfferExpiry =>
  typeof value === 'string' && (OFFER_EXPIRY_OPTIONS as readonly string[]).includes(value);

export const MARKET_MESSAGES = {
  priceRequired: 'Enter a price',
  priceInvalid: 'Price must be a positive number',
  // Written out, not with toLocaleString: the first number format of a page loads the locale data,
  // which the host's first script must not pay for (a test keeps the two equal).
  priceTooHigh: 'Price must be at most 1,000,000',
  priceDecimals: 'Price can have at most 2 decimals',
  expiryInvalid: `Expired In must be one of: ${OFFER_EXPIRY_OPTIONS.join(', ')}`,
  itemRequired: 'Choose an item',
  listed: 'Your item is listed',
  repriced: 'The price of your listing is updated',
  offerMade: 'Your offer has been sent',
  offerAccepted: 'Offer accepted: the buyer has been told to pay',
  offerDeclined: 'Offer declined',
  offerCancelled: 'Offer cancelled',
} as const;

/**
 * A price typed into a listing or offer form: the amount in dollars, or the message saying why it
 * is refused. The API applies the same rule to the number it receives.
 */
export function validateMarketPrice(value: unknown): number | string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return MARKET_MESSAGES.priceRequired;
  }
  const amount =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(amount) || amount <= 0) return MARKET_MESSAGES.priceInvalid;
  if (amount > MAX_MARKET_PRICE) return MARKET_MESSAGES.priceTooHigh;
  if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6)
    return MARKET_MESSAGES.priceDecimals;
  return amount;
}

// The wire shapes (listings, offers, the balance, the request bodies) are schemas, written once in
// ./wire/market.ts: the API validates with them, and these are their types.
export type {
  BalanceAnswer,
  CancelListingsAnswer,
  CancelResult,
  CreateListingRequest,
  CreateOfferRequest,
  ListingAnswer,
  ListingStatus,
  MarketListing,
  MarketOffer,
  OfferAnswer,
  OfferStatus,
} from './wire/market';

export type ListingsAnswer = ListResponse<MarketListing>;
export type OffersAnswer = ListResponse<MarketOffer>;
