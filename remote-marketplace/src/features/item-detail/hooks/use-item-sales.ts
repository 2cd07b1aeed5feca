import { api, firstData, type ItemSale, type ListResponse } from '@hypertek/shared';
import { hasFailed, useApiInfiniteQuery } from '@hypertek/shared/data';
import { useState } from 'react';
import { useLocation } from 'react-router';

/** Sales asked for at a time. */
export const SALES_PAGE_SIZE = 10;

/**
 * The first page of an item's sales, as the page's client requests it: the host's web server
 * reads it with the page (the page's `preloadFetch`, `{id}` being the address's id) and puts its
 * answer in the page, so the section is drawn with it and the page asks nothing as it opens.
 */
export const ITEM_SALES_READ = `/activity/item/{id}?limit=${String(SALES_PAGE_SIZE)}`;

/** The cache key of an item's sales (the live page reads them again after a sale). */
export const itemSalesKey = (itemId: string) => ['item-sales', itemId] as const;

/** How long the sales that came with the page count as fresh (they are seconds old at most). */
const FIRST_SALES_FRESH_MS = 30_000;

interface SalesPage {
  sales: ItemSale[];
  nextCursor: string | null;
}

const salesPage = (body: ListResponse<ItemSale>): SalesPage => ({
  sales: Array.isArray(body.data) ? body.data : [],
  nextCursor: body.nextCursor ?? null,
});

/** The first page that came with the document (its first history entry only), if any. */
function useFirstSales(itemId: string): SalesPage | undefined {
  const { key } = useLocation();
  const [first] = useState(() => {
    if (key !== 'default') return undefined;
    const body = firstData(ITEM_SALES_READ.replace('{id}', encodeURIComponent(itemId)));
    const answer = body as Partial<ListResponse<ItemSale>> | undefined;
    return answer?.success === true && Array.isArray(answer.data)
      ? salesPage(answer as ListResponse<ItemSale>)
      : undefined;
  });
  return first;
}

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
  const first = useFirstSales(itemId);
  const query = useApiInfiniteQuery({
    queryKey: itemSalesKey(itemId),
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) =>
      salesPage(
        await api.getItemActivity(
          itemId,
          { limit: SALES_PAGE_SIZE, ...(pageParam && { cursor: pageParam }) },
          { signal },
        ),
      ),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    ...(first && {
      initialData: { pages: [first], pageParams: [undefined] },
      staleTime: FIRST_SALES_FRESH_MS,
    }),
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
