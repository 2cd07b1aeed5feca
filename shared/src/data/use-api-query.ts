import {
  useInfiniteQuery,
  useQuery,
  type DefaultError,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';

import { queryClient } from './query-client';

/** `useQuery` on the site's QueryClient (no provider needed, in any app). */
export function useApiQuery<TData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, DefaultError, TData, TKey>,
) {
  return useQuery(options, queryClient);
}

/** `useInfiniteQuery` on the site's QueryClient: a list read a page at a time (cursors). */
export function useApiInfiniteQuery<TPage, TKey extends QueryKey, TCursor>(
  options: UseInfiniteQueryOptions<TPage, DefaultError, InfiniteData<TPage>, TKey, TCursor>,
) {
  return useInfiniteQuery(options, queryClient);
}
