/**
 * What 'List Now' does on the profile: list an item (signed in the wallet for a wallet account),
 * or give an item already listed a new price, and the words a failure is told in.
 */
import {
  api,
  errorMessage,
  MARKET_MESSAGES,
  MESSAGES,
  type CreateListingRequest,
  type MarketListing,
} from '@hypertek/shared';
import { listItem, USER_REJECTED, walletErrorCode } from '@hypertek/shared/market';

import { Refused } from './market-reads';

/** The item was shown as listed, but the user has no active listing of it any more. */
export const LISTING_GONE = 'This item is no longer listed: it may have been sold or cancelled.';

/** How many pages of active listings are read to find an item's listing. */
const MAX_LISTING_PAGES = 20;

/**
 * The user's active listing of `itemId`. The collection says an item is `listed` but not which
 * listing it is, so the user's active listings are read (a page at a time) until it shows up.
 */
export async function findActiveListing(userId: string, itemId: string): Promise<MarketListing> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LISTING_PAGES; page++) {
    const body = await api.market.listings(userId, { status: 'active', ...(cursor && { cursor }) });
    if (!body.success) throw new Refused(body.message);
    const found = body.data.find((row) => row.itemId === itemId && row.status === 'Active');
    if (found) return found;
    cursor = body.nextCursor ?? undefined;
    if (!cursor) break;
  }
  throw new Refused(LISTING_GONE);
}

/**
 * Lists the item; with `walletAddress` (a wallet account whose browser has its wallet) the wallet
 * signs the listing first. Resolves with the toast to show.
 */
export async function createListing(
  body: CreateListingRequest,
  walletAddress?: string | null,
): Promise<string> {
  const answer = await listItem(body, walletAddress);
  if (!answer.success) throw new Refused(answer.message);
  return MARKET_MESSAGES.listed;
}

/** Gives the user's active listing of `itemId` a new price. Resolves with the toast to show. */
export async function changeListingPrice(
  userId: string,
  itemId: string,
  price: number,
): Promise<string> {
  const listing = await findActiveListing(userId, itemId);
  const answer = await api.market.reprice(listing._id, price);
  if (!answer.success) throw new Refused(answer.message);
  return MARKET_MESSAGES.repriced;
}

/**
 * Why listing failed, in words: 'Signature cancelled.' when the visitor said no in the wallet,
 * the wallet's own message for another wallet error, else the server's message (or 'Something
 * went wrong').
 */
export function listingFailure(error: unknown): string {
  if (error instanceof Refused && error.message) return error.message;
  const walletCode = walletErrorCode(error);
  if (walletCode === USER_REJECTED) return MESSAGES.signatureCancelled;
  const walletMessage = (error as { message?: unknown }).message;
  if (walletCode !== undefined && typeof walletMessage === 'string' && walletMessage)
    return walletMessage;
  return errorMessage(error);
}
