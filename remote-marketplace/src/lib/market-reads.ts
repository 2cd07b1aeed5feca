/**
 * The market's reads in the site's one data cache (`@hypertek/shared/data`): their keys, the reads
 * several features make (the offers a user made: the offers page lists them, the item page finds
 * a reservation among them), and what an action refreshes. The keys of the collection and the
 * listings are the profile's (remote-account): one refresh serves both apps.
 */
import { api, errorMessage, type ListResponse, type MarketOffer } from '@hypertek/shared';
import { queryClient, readList } from '@hypertek/shared/data';

export const marketKeys = {
  /** An item's detail read (`search/item/{id}`), with its market state. */
  item: (id: string) => ['item', id] as const,
  /** The items a user owns, of one kind or all (the profile's key). */
  collection: (userId: string) => ['collection', userId] as const,
  /** A user's listings (the profile's key). */
  listings: (userId: string) => ['market-listings', userId] as const,
  /** Every offer list: received and made, of every user. */
  offers: ['market-offers'] as const,
  offersReceived: (userId: string) => ['market-offers', 'received', userId] as const,
  offersMade: (userId: string) => ['market-offers', 'made', userId] as const,
  /** The catalogue lists (market, land): what a new listing or a sale changes. */
  catalogue: ['paged-list'] as const,
};

/** A market read the API answered `success: false`, with its reason. */
export class MarketReadRefused extends Error {}

/** The entries of a market list answer; `success: false` throws with the server's reason. */
export function entries<T>(body: ListResponse<T> | T[]): T[] {
  // Only an explicit `success: false` is a refusal (readList's rule).
  const { success, message } = body as Partial<ListResponse<T>>;
  if (success === false) throw new MarketReadRefused(message);
  return readList(body);
}

/** What a failed market read says: the server's reason, else `fallback`. */
export const readFailure = (error: unknown, fallback: string): string =>
  error instanceof MarketReadRefused && error.message
    ? error.message
    : errorMessage(error, fallback);

/** The offers `userId` made, newest first, whatever their status (a failed read throws). */
export const offersMadeQuery = (userId: string) => ({
  queryKey: marketKeys.offersMade(userId),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<MarketOffer[]> =>
    entries(await api.market.offersMade(userId, { signal })),
});

/** The offers on `userId`'s items, open and accepted ones, newest first (a failed read throws). */
export const offersReceivedQuery = (userId: string) => ({
  queryKey: marketKeys.offersReceived(userId),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<MarketOffer[]> =>
    entries(await api.market.offersReceived(userId, { signal })),
});

const refresh = (keys: readonly (readonly unknown[])[]): Promise<void> =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );

/**
 * After a listing: the seller's items and listings, the catalogue lists and the item pages read
 * again (whichever of them are on screen now; the others when they are next shown).
 */
export const refreshAfterListing = (userId: string): Promise<void> =>
  refresh([
    marketKeys.collection(userId),
    marketKeys.listings(userId),
    marketKeys.catalogue,
    ['item'],
  ]);

/** After an offer is made, accepted, declined or cancelled: the offer lists and that item. */
export const refreshAfterOffer = (itemId: string): Promise<void> =>
  refresh([marketKeys.offers, marketKeys.item(itemId)]);
