import { isCancelled, MESSAGES, type ListResponse } from '@hypertek/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

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

type Outcome<T> = LoadedList<T> | 'failed' | 'cancelled';

/** The spec also knows lists sent as the whole body (activity): accept both shapes. */
const listOf = <T>(body: ListResponse<T> | T[]): T[] =>
  Array.isArray(body) ? body : Array.isArray(body.data) ? body.data : [];

/** A successful list answer as a loaded list (null for anything else): what a page came with. */
export function loadedListOf<T>(body: unknown): LoadedList<T> | null {
  if (Array.isArray(body)) return { items: body as T[], nextCursor: null };
  if (!body || typeof body !== 'object') return null;
  const answer = body as ListResponse<T>;
  if (!answer.success || !Array.isArray(answer.data)) return null;
  return { items: answer.data, nextCursor: answer.nextCursor ?? null };
}

/**
 * One page of a list call. Failures are logged (SPEC §8): 'Failed to fetch market data' with the
 * server's message when `success` is false, 'Error fetching market data' on an exception.
 */
async function fetchPage<T, Q extends Query>(
  fetch: FetchPage<T, Q>,
  page: Partial<Q> & { limit: number; cursor?: string },
  signal: AbortSignal,
): Promise<Outcome<T>> {
  try {
    const body = await fetch(page, { signal });
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

/** Appends a page, leaving out the items already in the list. */
function append<T>(items: T[], page: T[], keyOf?: (item: T) => string): T[] {
  if (!keyOf) return [...items, ...page];
  const seen = new Set(items.map(keyOf));
  return [...items, ...page.filter((item) => !seen.has(keyOf(item)))];
}

interface ListState<T> extends LoadedList<T> {
  /** The query (as a string) and the attempt that this state answers. */
  query: string;
  attempt: number;
  status: 'ready' | 'failed';
  more: 'idle' | 'loading' | 'failed';
}

/**
 * Loads the first `limit` entries of a list call on mount, and further pages on `loadMore`
 * (following `nextCursor`). A failed first page can be retried; a failed further page leaves the
 * list as it was. A new `query` starts from its first page. Leaving the page cancels calls.
 *
 * WARNING: `fetch` must be a stable function (an `api.*` call), not a new closure each render.
 */
export function usePagedList<T, Q extends Query = Query>(
  fetch: FetchPage<T, Q>,
  limit: number,
  { query, moreLimit = limit, initial = null, keyOf }: PagedListOptions<T, Q> = {},
): PagedList<T> {
  const queryKey = JSON.stringify(query ?? {});
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ListState<T> | null>(() =>
    initial ? { ...initial, query: queryKey, attempt: 0, status: 'ready', more: 'idle' } : null,
  );
  const more = useRef<AbortController | null>(null);
  // The state shown is the answer to this query and attempt; until it comes, the list is loading.
  const current = state && state.query === queryKey && state.attempt === attempt ? state : null;
  const settled = current !== null;

  useEffect(() => {
    if (settled) return;
    const controller = new AbortController();
    const params = pageParams(JSON.parse(queryKey) as Q, limit);
    more.current?.abort();
    more.current = null;
    void fetchPage(fetch, params, controller.signal).then((outcome) => {
      if (outcome === 'cancelled') return;
      setState({
        ...(outcome === 'failed' ? { items: [], nextCursor: null } : outcome),
        query: queryKey,
        attempt,
        status: outcome === 'failed' ? 'failed' : 'ready',
        more: 'idle',
      });
    });
    return () => controller.abort();
  }, [settled, fetch, limit, queryKey, attempt]);

  // Leaving the page drops a further page on its way.
  useEffect(
    () => () => {
      more.current?.abort();
      more.current = null;
    },
    [],
  );

  const cursor = current?.status === 'ready' ? current.nextCursor : null;
  const loadMore = useCallback(() => {
    if (!cursor || more.current) return;
    const controller = new AbortController();
    more.current = controller;
    const isThisList = (s: ListState<T> | null): s is ListState<T> =>
      s !== null && s.query === queryKey && s.attempt === attempt;
    setState((s) => (isThisList(s) ? { ...s, more: 'loading' } : s));
    const params = pageParams(JSON.parse(queryKey) as Q, moreLimit, cursor);
    void fetchPage(fetch, params, controller.signal).then((outcome) => {
      if (outcome === 'cancelled') return;
      more.current = null;
      setState((s) => {
        if (!isThisList(s)) return s;
        if (outcome === 'failed') return { ...s, more: 'failed' };
        return {
          ...s,
          items: append(s.items, outcome.items, keyOf),
          nextCursor: outcome.nextCursor,
          more: 'idle',
        };
      });
    });
  }, [fetch, moreLimit, queryKey, attempt, cursor, keyOf]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    items: current?.items ?? [],
    nextCursor: cursor,
    loading: !settled,
    failed: current?.status === 'failed',
    loadingMore: current?.more === 'loading',
    moreFailed: current?.more === 'failed',
    hasMore: cursor !== null,
    loadMore,
    retry,
  };
}
