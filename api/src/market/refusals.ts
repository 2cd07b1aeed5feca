/**
 * What the market answers instead of doing what was asked: a refusal (nothing was changed) with
 * its reason, or a release (a lapsed checkout's payment must be cancelled at the provider first).
 * Reasons only: the routes give each its HTTP status and words (routes/market-answers.ts).
 */
import type { ListingRowStatus, OfferRowStatus } from '../db/schema';

/** Refusals that carry nothing but their reason. */
export type PlainReason =
  | 'itemNotFound'
  | 'notOwner'
  | 'listingNotFound'
  | 'listingNotYours'
  | 'alreadyListed'
  | 'notForSale'
  | 'checkoutInProgress'
  | 'holdBlocksChange'
  | 'offerNotFound'
  | 'offerNotYours'
  | 'notOwnerOfOffer'
  | 'ownItemOffer'
  | 'houseItemOffer'
  | 'offerAcceptedAlready'
  | 'offerExpired'
  | 'anotherAccepted'
  | 'busy';

/**
 * Why the market refused a request (nothing was changed), with what the answer needs to say
 * so. The data layer gives reasons only; the routes give each its HTTP status and words
 * (routes/market-answers.ts, the one catalogue of the market's answers).
 */
export type Refusal =
  | { kind: 'refused'; reason: PlainReason }
  /** The listing is no longer active. */
  | { kind: 'refused'; reason: 'listingEnded'; listing: Exclude<ListingRowStatus, 'active'> }
  /** The price the buyer saw is not the price now (`cents`). */
  | { kind: 'refused'; reason: 'priceChanged'; cents: number }
  /** An accepted offer's reservation holds the item for another buyer until then. */
  | { kind: 'refused'; reason: 'reserved'; until: Date }
  /** The buyer already has `max` open offers. */
  | { kind: 'refused'; reason: 'offerLimit'; max: number }
  /** The offer was answered or closed already. */
  | { kind: 'refused'; reason: 'offerClosed'; offer: Exclude<OfferRowStatus, 'open' | 'expired'> };

/** A refusal's reason, with what its answer needs to say (`refused(...)` adds the kind). */
type RefusalDetails = Refusal extends infer R
  ? R extends Refusal
    ? Omit<R, 'kind'>
    : never
  : never;

/** What became of a listing that its seller asked to cancel. */
export type CancelOutcome =
  | { kind: 'done'; outcome: 'cancelled' | 'alreadyCancelled' | 'expired' | 'busy' }
  /** Sold before it could be cancelled, to this buyer (their display name, when known). */
  | { kind: 'done'; outcome: 'sold'; buyer: string | null };

/**
 * An earlier checkout's hold has lapsed but its payment intent is still open at the provider
 * (the buyer could still confirm it): it must be cancelled there before the item moves on.
 */
export interface NeedsRelease {
  kind: 'release';
  orderId: string;
}

/** A refusal, from its reason (and what its answer needs to say). */
export const refused = (why: PlainReason | RefusalDetails): Refusal =>
  typeof why === 'string' ? { kind: 'refused', reason: why } : { kind: 'refused', ...why };
