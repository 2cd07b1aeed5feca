import { api, type ItemSale } from '@hypertek/shared';
import { hasFailed, useApiInfiniteQuery } from '@hypertek/shared/data';

/** Sales asked for at a time. */
export const SALES_PAGE_SIZE = 10;

export interface ItemSales {
  status: 'loading' | 'error' | 'ready';
  sales: ItemSale[];
  /** More pages on the server. */
  hasMore: boolean;
  loadingMore: boolean;
  /** The last 'Show more' failed (the sales shown so far stay). */
  moreFailed: boolean;
  showMore: () => void;
  retry: () => void;
}

/**
 * The sales of one item (`GET /activity/item/{id}`), newest first, a page at a time: the first
 * page on open, the next on `showMore` (following the server's cursor). A failed first page is
 * the error state (`retry` asks again); a failed later page keeps what is shown. `enabled: false`
 * waits (loading) without asking.
 */
export function useItemSales(itemId: string, { enabled = true } = {}): ItemSales {
  const query = useApiInfiniteQuery({
    queryKey: ['item-sales', itemId],
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const body = await api.getItemActivity(
        itemId,
        { limit: SALES_PAGE_SIZE, ...(pageParam && { cursor: pageParam }) },
        { signal },
      );
      return {
        sales: Array.isArray(body.data) ? body.data : [],
        nextCursor: body.nextCursor ?? null,
      };
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const pages = query.data?.pages ?? [];
  // No page yet: loading, also while 'Try again' asks anew after a failed first page.
  const status = pages.length > 0 ? 'ready' : hasFailed(query) ? 'error' : 'loading';
  return {
    status,
    sales: pages.flatMap((page) => page.sales),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    showMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}
