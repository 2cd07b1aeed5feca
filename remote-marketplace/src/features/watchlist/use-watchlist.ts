import { api, type WatchedItem, type WatchlistAnswer } from '@hypertek/shared';
import { hasFailed, queryClient, useApiInfiniteQuery } from '@hypertek/shared/data';
import type { InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';

import { changeWatch, watchKeys } from '../../lib/watchlist';

/** Watched items asked for at a time (the API's default page). */
export const WATCHLIST_PAGE_SIZE = 20;

/**
 * The signed-in user's watchlist (`GET /watchlist`), newest first, a page at a time ('Show more'
 * follows the server's cursor), with how many items they watch and the most they may; `unwatch`
 * takes an item off at once (a refusal puts it back, with a toast: `changeWatch`).
 */
export function useWatchlist(userId: string) {
  const query = useApiInfiniteQuery({
    queryKey: watchKeys.list(userId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.watchlist.list(
        { limit: WATCHLIST_PAGE_SIZE, ...(pageParam && { cursor: pageParam }) },
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const pages = query.data?.pages ?? [];

  const unwatch = useCallback(
    (item: WatchedItem) => {
      queryClient.setQueryData<InfiniteData<WatchlistAnswer>>(watchKeys.list(userId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.filter((row) => row.itemId !== item.itemId),
                total: Math.max(0, page.total - 1),
              })),
            }
          : data,
      );
      void changeWatch(userId, item.itemId, { watched: false, alertPrice: null });
    },
    [userId],
  );

  return {
    status: pages.length > 0 ? 'ready' : hasFailed(query) ? 'error' : 'loading',
    items: pages.flatMap((page) => page.data),
    total: pages.at(-1)?.total ?? 0,
    max: pages.at(-1)?.max ?? 0,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    showMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
    unwatch,
  } as const;
}
