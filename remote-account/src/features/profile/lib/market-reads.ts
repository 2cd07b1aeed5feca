import { errorMessage } from '@hypertek/shared';
import { queryClient } from '@hypertek/shared/data';

/**
 * The keys of the profile's market reads in the site's data cache. Each starts with the user, so
 * one prefix refreshes every variant (kind, count, status).
 */
export const marketKeys = {
  collection: (userId: string) => ['collection', userId] as const,
  listings: (userId: string) => ['market-listings', userId] as const,
  balance: (userId: string) => ['balance', userId] as const,
};

/** After a listing, a new price or a cancel: the cards and the Listing tab read again. */
export function refreshMarketReads(userId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: marketKeys.collection(userId) }),
    queryClient.invalidateQueries({ queryKey: marketKeys.listings(userId) }),
  ]).then(() => undefined);
}

/** The API answered `success: false`, with its reason. */
export class Refused extends Error {}

/** What a failed read says: the refusal's reason, else the server's message, else `fallback`. */
export const readFailure = (error: unknown, fallback: string): string =>
  error instanceof Refused && error.message ? error.message : errorMessage(error, fallback);
