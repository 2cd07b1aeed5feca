/**
 * The market's answers, in one catalogue: every reason a market request is refused for, with
 * its HTTP status and its words; what became of each listing of a bulk cancel; the words of
 * the lists' answers; the text a wallet account signs to list. The market's data layer
 * returns reasons only (`Refusal`); the market's routes and the payment routes (a checkout the
 * market refuses) answer them from here, so a refusal reads the same on every path.
 *
 * WARNING: these words are the API's contract (the front end shows them as they are, and tests
 * assert them): change one only with the spec.
 */
import { formatPrice, HOUSE_NAME } from '@hypertek/shared/contract';
import { API_MESSAGES, HttpError } from '../lib/errors';
import type { CancelOutcome, PlainReason, Refusal } from '../market/refusals';

/** Reasons the market's routes refuse a request's body for, before the market is asked. */
type RouteReason = 'noWallet' | 'signatureMismatch' | 'messageMismatch' | 'idsRequired' | 'tooMany';

/** A market refusal: the data layer's, or a route's own. */
export type MarketRefusal = Refusal | { kind: 'refused'; reason: RouteReason };
type Reason = MarketRefusal['reason'];

interface Answer<R extends MarketRefusal> {
  status: 400 | 403 | 404 | 409;
  words: string | ((refusal: R) => string);
}

const BUSY = 'A buyer is paying for this item right now: try again when that checkout ends';

/** Each reason's status and words. */
export const MARKET_REFUSALS: { [R in Reason]: Answer<Extract<MarketRefusal, { reason: R }>> } = {
  itemNotFound: { status: 404, words: API_MESSAGES.productNotFound },
  notOwner: { status: 403, words: 'You do not own this item' },
  listingNotFound: { status: 404, words: 'Listing not found' },
  listingNotYours: { status: 403, words: 'This listing is not yours' },
  alreadyListed: { status: 409, words: 'This item is already listed: change its price instead' },
  listingEnded: {
    status: 409,
    words: ({ listing }) =>
      `This listing has ${listing === 'expired' ? 'expired' : `been ${listing}`}`,
  },
  notForSale: { status: 409, words: 'This item is not for sale' },
  priceChanged: {
    status: 409,
    words: ({ cents }) =>
      `The price of this item is now ${formatPrice(cents / 100)}. Nothing was charged.`,
  },
  checkoutInProgress: {
    status: 409,
    words:
      'Someone is paying for this item right now. Try again in a few minutes. Nothing was charged.',
  },
  reserved: {
    status: 409,
    words: ({ until }) =>
      `This item is reserved for another buyer until ${until.toISOString()}. Nothing was charged.`,
  },
  holdBlocksChange: {
    status: 409,
    words: 'A buyer is paying for this item right now: it can change when that checkout ends.',
  },
  offerNotFound: { status: 404, words: 'Offer not found' },
  offerNotYours: { status: 403, words: 'This offer is not yours' },
  notOwnerOfOffer: { status: 403, words: 'Only the owner of the item can answer this offer' },
  ownItemOffer: { status: 400, words: 'You cannot make an offer on your own item' },
  houseItemOffer: {
    status: 409,
    words: `${HOUSE_NAME} sells at its listed price only: buy the item instead of making an offer`,
  },
  offerLimit: {
    status: 409,
    words: ({ max }) => `You already have ${max} open offers: cancel one to make another`,
  },
  offerAcceptedAlready: {
    status: 409,
    words: 'Your offer on this item was accepted: pay for it, or cancel the offer first',
  },
  offerClosed: { status: 409, words: ({ offer }) => `This offer was already ${offer}` },
  offerExpired: { status: 409, words: 'This offer has expired' },
  anotherAccepted: { status: 409, words: 'Another offer on this item is already accepted' },
  busy: { status: 409, words: BUSY },
  noWallet: { status: 400, words: 'This account has no wallet to sign a listing with' },
  signatureMismatch: { status: 400, words: 'The listing signature does not match your wallet' },
  messageMismatch: {
    status: 400,
    words: 'The signed text is not the listing asked for: ask for it again',
  },
  idsRequired: { status: 400, words: 'Choose at least one listing' },
  tooMany: { status: 400, words: 'At most 50 listings at once' },
};

/** The words of a refusal. */
export function refusalWords(refusal: MarketRefusal): string {
  // The catalogue's type pairs each reason with its own refusal; indexing by a union of
  // reasons loses that pairing, so the entry is read as one that takes any market refusal.
  const { words } = MARKET_REFUSALS[refusal.reason] as Answer<MarketRefusal>;
  return typeof words === 'string' ? words : words(refusal);
}

/** A refusal as the error the error handler answers (its status and words). */
export const refusalError = (refusal: MarketRefusal): HttpError =>
  new HttpError(MARKET_REFUSALS[refusal.reason].status, refusalWords(refusal));

/** The error of a refusal that carries nothing but its reason. */
export const refuse = (reason: PlainReason | RouteReason): HttpError =>
  refusalError({ kind: 'refused', reason });

/** A bulk cancel's row for one listing: what became of it, in words. */
export function cancelResult(done: CancelOutcome): {
  status: 'cancelled' | 'sold' | 'expired' | 'busy';
  message: string;
} {
  switch (done.outcome) {
    case 'cancelled':
      return { status: 'cancelled', message: 'Listing cancelled' };
    case 'alreadyCancelled':
      return { status: 'cancelled', message: 'This listing was already cancelled' };
    case 'sold':
      return {
        status: 'sold',
        message: `Sold to ${done.buyer ?? 'a buyer'} before it could be cancelled`,
      };
    case 'expired':
      return { status: 'expired', message: 'This listing had already expired' };
    case 'busy':
      return { status: 'busy', message: BUSY };
  }
}

/** The words of the market's other answers. */
export const MARKET_WORDS = {
  cancelledCount: (n: number, of: number) => `${n} of ${of} listing(s) cancelled`,
  listings: (count: number) => (count === 0 ? 'No listings yet' : 'Listings fetched'),
  offers: (count: number) => (count === 0 ? 'No offers right now' : 'Offers fetched'),
  balance: 'Balance fetched',
} as const;

/** The text a wallet account signs to list (EIP-191 personal_sign). */
export function listingMessage(input: {
  itemId: number;
  priceCents: number;
  expiresIn: string;
  address: string;
}): string {
  return [
    'Hyper Tek listing',
    `Item: ${input.itemId}`,
    `Price: ${formatPrice(input.priceCents / 100)}`,
    `Expires in: ${input.expiresIn}`,
    `Seller: ${input.address}`,
  ].join('\n');
}
