import { api, type ItemSale } from '@hypertek/shared';
import { useCallback, useEffect, useState } from 'react';

/** Sales asked for at a time. */
export const SALES_PAGE_SIZE = 10;

interface Loaded {
  itemId: string;
  sales: ItemSale[];
  nextCursor: string | null;
  /** The first page failed. */
  failed: boolean;
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
 * the error state (`retry` asks again); a failed later page keeps what is shown.
 */
export function useItemSales(itemId: string): ItemSales {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The page asked for with 'Show more': the cursor it follows, and whether that call failed.
  const [more, setMore] = useState<{ itemId: string; cursor: string; failed: boolean } | null>(
    null,
  );

  useEffect(() => {
    const controller = new AbortController();
    api
      .getItemActivity(itemId, { limit: SALES_PAGE_SIZE }, { signal: controller.signal })
      .then((body) =>
        setLoaded({
          itemId,
          sales: Array.isArray(body.data) ? body.data : [],
          nextCursor: body.nextCursor ?? null,
          failed: false,
        }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[marketplace] item sales failed', error);
        setLoaded({ itemId, sales: [], nextCursor: null, failed: true });
      });
    return () => controller.abort();
  }, [itemId, attempt]);

  const current = loaded?.itemId === itemId ? loaded : null;
  const cursor = current?.nextCursor ?? null;
  const asked = more?.itemId === itemId && more.cursor === cursor ? more : null;
  const loadingMore = asked !== null && !asked.failed;

  useEffect(() => {
    if (!loadingMore || !cursor) return;
    const controller = new AbortController();
    api
      .getItemActivity(itemId, { limit: SALES_PAGE_SIZE, cursor }, { signal: controller.signal })
      .then((body) => {
        setLoaded((previous) =>
          previous && previous.itemId === itemId
            ? {
                ...previous,
                sales: [...previous.sales, ...(Array.isArray(body.data) ? body.data : [])],
                nextCursor: body.nextCursor ?? null,
              }
            : previous,
        );
        setMore(null);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[marketplace] item sales failed', error);
        setMore({ itemId, cursor, failed: true });
      });
    return () => controller.abort();
  }, [loadingMore, cursor, itemId]);

  const showMore = useCallback(() => {
    if (cursor) setMore({ itemId, cursor, failed: false });
  }, [itemId, cursor]);
  const retry = useCallback(() => {
    setLoaded(null);
    setAttempt((n) => n + 1);
  }, []);

  return {
    status: !current ? 'loading' : current.failed ? 'error' : 'ready',
    sales: current?.sales ?? [],
    hasMore: cursor !== null,
    loadingMore,
    moreFailed: asked?.failed === true,
    showMore,
    retry,
  };
}
