import { isCancelled, MESSAGES, type ListResponse } from '@hypertek/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A list call of `api` (getMarket, getLand, getActivity): keyset-paged by `limit` and `cursor`. */
export type FetchPage<T> = (
  page: { limit?: number; cursor?: string },
  options: { signal?: AbortSignal },
) => Promise<ListResponse<T>>;

export interface PagedList<T> {
  items: T[];
  /** True until the first page's call finishes, whether it succeeds or fails. */
  loading: boolean;
  /** True while a further page is on its way. */
  loadingMore: boolean;
  /** True when the server said there is a next page. */
  hasMore: boolean;
  loadMore: () => void;
}

type Outcome<T> = { items: T[]; nextCursor: string | null } | 'failed' | 'cancelled';

/** The spec also knows lists sent as the whole body (activity): accept both shapes. */
const listOf = <T>(body: ListResponse<T> | T[]): T[] =>
  Array.isArray(body) ? body : Array.isArray(body.data) ? body.data : [];

/**
 * One page of a list call. Failures are logged only (SPEC §8): 'Failed to fetch market data' with
 * the server's message when `success` is false, 'Error fetching market data' on an exception.
 */
async function fetchPage<T>(
  fetch: FetchPage<T>,
  limit: number,
  cursor: string | null,
  signal: AbortSignal,
): Promise<Outcome<T>> {
  try {
    const body = await fetch(cursor ? { limit, cursor } : { limit }, { signal });
    if (!Array.isArray(body) && !body.success) {
      console.error(MESSAGES.marketFetchFailed, body.message);
      return 'failed';
    }
    return {
      items: listOf(body),
      nextCursor: Array.isArray(body) ? null : (body.nextCursor ?? null),
    };
  } catch (error) {
    if (isCancelled(error) || signal.aborted) return 'cancelled';
    console.error(MESSAGES.marketFetchError, error);
    return 'failed';
  }
}

/**
 * Loads the first `limit` entries of a list call on mount, and further pages on `loadMore`
 * (following `nextCursor`). A failure leaves the list as it was; leaving the page cancels calls.
 *
 * WARNING: `fetch` must be a stable function (an `api.*` call), not a new closure each render.
 */
export function usePagedList<T>(fetch: FetchPage<T>, limit: number): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const more = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void fetchPage(fetch, limit, null, controller.signal).then((outcome) => {
      if (outcome === 'cancelled') return;
      if (outcome !== 'failed') {
        setItems(outcome.items);
        setNextCursor(outcome.nextCursor);
      }
      setLoading(false);
    });
    return () => {
      controller.abort();
      more.current?.abort();
    };
  }, [fetch, limit]);

  const loadMore = useCallback(() => {
    if (!nextCursor || more.current) return;
    const controller = new AbortController();
    more.current = controller;
    setLoadingMore(true);
    void fetchPage(fetch, limit, nextCursor, controller.signal).then((outcome) => {
      if (outcome === 'cancelled') return;
      more.current = null;
      if (outcome !== 'failed') {
        setItems((current) => [...current, ...outcome.items]);
        setNextCursor(outcome.nextCursor);
      }
      setLoadingMore(false);
    });
  }, [fetch, limit, nextCursor]);

  return { items, loading, loadingMore, hasMore: nextCursor !== null, loadMore };
}
