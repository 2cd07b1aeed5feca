import { useQuery, type QueryKey } from '@tanstack/react-query';

import type { ListResponse } from '../contract';
import { queryClient } from './query-client';
import { callList, readList } from './read-list';

/**
 * The first `count` entries of a list call, read when the page opens (and cancelled when it is
 * left): `null` until the call settles, then the entries. A failure is logged (see queryClient)
 * and gives an empty list. `request` is called with the read's AbortSignal; `key` names what it
 * reads (say `['activity', userId]`) and is how two pages share one read. `enabled: false` waits
 * (no user yet).
 */
export function useList<T>(
  key: QueryKey,
  request: (signal: AbortSignal) => Promise<ListResponse<T> | T[]>,
  { count, enabled = true }: { count: number; enabled?: boolean },
): T[] | null {
  const query = useQuery(
    {
      queryKey: key,
      queryFn: async ({ signal }) => readList(await callList(request, signal)),
      enabled,
    },
    queryClient,
  );
  if (query.data) return query.data.slice(0, count);
  return query.isError ? [] : null;
}
