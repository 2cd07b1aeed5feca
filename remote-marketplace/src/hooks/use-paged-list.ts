import { firstData, type ListResponse } from '@hypertek/shared';
import { callList, hasFailed, readList, useApiInfiniteQuery } from '@hypertek/shared/data';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';

/** The query of a list call: its filters (strings and numbers, unset ones left out). */
type Query = object;

/**
 * A list call of `api` (getMarket, getLand, getActivity): keyset-paged by `limit` and `cursor`,
 * with the list's filters, if it has any, beside them.
 */
export type FetchPage<T, Q extends Query = Query> = (
  page: Partial<Q> & { limit?: number; cursor?: string },
  options: { signal?: AbortSignal },
) => Promise<ListResponse<T>>;

/** A list as loaded so far: kept to be shown again (a page restored on Back). */
export interface LoadedList<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PagedListOptions<T, Q extends Query> {
  /** The list's filters, sent with every call; another query starts the list again. */
  query?: Q;
  /** The size of the pages after the first (default: `limit`). */
  moreLimit?: number;
  /** A list loaded earlier for this same query: shown at once, without a call. */
  initial?: LoadedList<T> | null;
  /** An item's identity: an item a later page repeats (the list moved meanwhile) is dropped. */
  keyOf?: (item: T) => string;
}

export interface PagedList<T> extends LoadedList<T> {
  /** True until the first page's call finishes, whether it succeeds or fails. */
  loading: boolean;
  /** True when the first page's call failed (see `retry`). */
  failed: boolean;
  /** True while a further page is on its way. */
  loadingMore: boolean;
  /** True when the last call for a further page failed (`loadMore` tries it again). */
  moreFailed: boolean;
  /** True when the server said there is a next page. */
  hasMore: boolean;
  loadMore: () => void;
  /** Asks for the first page again after a failure. */
  retry: () => void;
}

/** A successful list answer as a loaded list (null for anything else): what a page came with. */
export function loadedListOf<T>(body: unknown): LoadedList<T> | null {
  if (Array.isArray(body)) return { items: body as T[], nextCursor: null };
  if (!body || typeof body !== 'object') return null;
  const answer = body as ListResponse<T>;
  if (!answer.success || !Array.isArray(answer.data)) return null;
  return { items: answer.data, nextCursor: answer.nextCursor ?? null };
}

/**
 * The list the document came with for the API path `path` (its HTML's first data, written by the
 * host's web server for a page's `preloadFetch`), read on the document's first history entry only:
 * a later visit of the page asks the API. No path, no list.
 */
export function useFirstList<T>(path: string | undefined): LoadedList<T> | null {
  const { key } = useLocation();
  const [list] = useState(() =>
    path !== undefined && key === 'default' ? loadedListOf<T>(firstData(path)) : null,
  );
  return list;
}

/** The parameters of a call: the query's set fields, then the page. */
function pageParams<Q extends Query>(query: Q | undefined, limit: number, cursor?: string) {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries<unknown>(query ?? {})) {
    if (value !== undefined) params[name] = value;
  }
  return { ...params, limit, ...(cursor ? { cursor } : {}) } as Partial<Q> & {
    limit: number;
    cursor?: string;
  };
}

/** No page yet. */
const NO_PAGES: readonly LoadedList<never>[] = [];

/** Appends a page, leaving out the items already in the list. */
function append<T>(items: T[], page: T[], keyOf?: (item: T) => string): T[] {
  if (!keyOf) return [...items, ...page];
  const seen = new Set(items.map(keyOf));
  return [...items, ...page.filter((item) => !seen.has(keyOf(item)))];
}

/**
 * Loads the first `limit` entries of a list call on mount, and further pages on `loadMore`
 * (following `nextCursor`), on the site's data layer (one infinite query per list and query). A
 * failed first page can be retried; a failed further page leaves the list as it was. A new `query`
 * starts from its first page (and an earlier query shows what it had at once). Leaving the page
 * cancels calls. Failures are logged by the data layer, in the product's words.
 *
 * `name` says which list this is (the cache's key): 'market', 'land', 'activity'.
 */
export function usePagedList<T, Q extends Query = Query>(
  name: string,
  fetch: FetchPage<T, Q>,
  limit: number,
  { query, moreLimit = limit, initial = null, keyOf }: PagedListOptions<T, Q> = {},
): PagedList<T> {
  // `initial` answers the query of the first render only; another query reads its own pages.
  const queryText = JSON.stringify(query ?? {});
  const [initialFor] = useState(queryText);
  const seed = initialFor === queryText ? initial : null;
  const list = useApiInfiniteQuery({
    queryKey: ['paged-list', name, query ?? {}, limit, moreLimit],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }): Promise<LoadedList<T>> => {
      const params = pageParams(query, pageParam ? moreLimit : limit, pageParam);
      const body = await callList((signal) => fetch(params, { signal }), signal);
      return {
        items: readList(body),
        nextCursor: Array.isArray(body) ? null : (body.nextCursor ?? null),
      };
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A list the page came with (in its HTML, or kept for Back) is shown as it is, without a call.
    ...(seed && {
      initialData: { pages: [seed], pageParams: [undefined] },
      staleTime: Infinity,
    }),
  });
  const pages = list.data?.pages ?? NO_PAGES;
  const items = useMemo(
    () => pages.reduce<T[]>((all, page) => append(all, page.items, keyOf), []),
    [pages, keyOf],
  );
  const cursor = pages.at(-1)?.nextCursor ?? null;
  const { fetchNextPage, refetch, isFetchingNextPage } = list;
  const loadMore = useCallback(() => {
    if (cursor && !isFetchingNextPage) void fetchNextPage();
  }, [cursor, isFetchingNextPage, fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);
  const failed = pages.length === 0 && hasFailed(list);

  return {
    items,
    nextCursor: cursor,
    loading: pages.length === 0 && !failed,
    failed,
    loadingMore: isFetchingNextPage,
    moreFailed: list.isFetchNextPageError,
    hasMore: cursor !== null,
    loadMore,
    retry,
  };
}
