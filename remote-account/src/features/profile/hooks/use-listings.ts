import { api, type MarketListing } from '@hypertek/shared';
import { hasFailed, readList, useApiInfiniteQuery } from '@hypertek/shared/data';
import { useMemo } from 'react';

import { marketKeys, readFailure, Refused } from '../lib/market-reads';

/** Said when the API gives no reason of its own. */
export const LISTINGS_FAILED = 'Your listings could not be loaded right now.';

export type ListingsRead =
  | { status: 'loading' }
  | { status: 'ready'; listings: MarketListing[] }
  | { status: 'error'; message: string };

interface ListingsPage {
  listings: MarketListing[];
  nextCursor: string | null;
}

const NO_PAGES: readonly ListingsPage[] = [];

/**
 * The user's listings, whatever their status (`GET /market/listings/user/{userId}?status=all`):
 * active ones first, then ended ones, newest first, a page at a time (`loadMore` follows the
 * cursor). As with the collection, a failure is shown with its reason, never as "no listing".
 */
export function useListings(userId: string) {
  const query = useApiInfiniteQuery({
    queryKey: [...marketKeys.listings(userId), 'all'],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }): Promise<ListingsPage> => {
      const body = await api.market.listings(
        userId,
        { status: 'all', ...(pageParam && { cursor: pageParam }) },
        { signal },
      );
      if (!body.success) throw new Refused(body.message || LISTINGS_FAILED);
      return { listings: readList(body), nextCursor: body.nextCursor ?? null };
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const pages = query.data?.pages ?? NO_PAGES;
  // A listing that moved to the next page between two reads shows once.
  const listings = useMemo(() => {
    const byId = new Map<string, MarketListing>();
    for (const listing of pages.flatMap((page) => page.listings)) {
      if (!byId.has(listing._id)) byId.set(listing._id, listing);
    }
    return [...byId.values()];
  }, [pages]);
  const failed = pages.length === 0 && hasFailed(query);
  const read: ListingsRead = failed
    ? { status: 'error', message: readFailure(query.error, LISTINGS_FAILED) }
    : query.data
      ? { status: 'ready', listings }
      : { status: 'loading' };
  return {
    ...read,
    retry: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (!query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}
