import { api, type CatalogueItem, type ItemKind } from '@hypertek/shared';
import { hasFailed, useApiQuery } from '@hypertek/shared/data';

import { marketKeys, readFailure, Refused } from '../lib/market-reads';

export type CollectionRead =
  | { status: 'loading' }
  | { status: 'ready'; items: CatalogueItem[] }
  | { status: 'error'; message: string };

/** Said when the API gives no reason of its own. */
export const COLLECTION_FAILED = 'Your collection could not be loaded right now.';

/**
 * The first `count` items of `kind` that `userId` owns (`GET /collection/{userId}`), newest
 * first; each says whether it is `listed` (its `price` is then the listing's). Unlike the
 * catalogue lists, a failure is shown, not hidden as an empty list: "you own nothing" must never
 * stand in for "we could not tell". `retry` asks again.
 */
export function useCollection(userId: string, kind: ItemKind, count: number) {
  const query = useApiQuery({
    queryKey: [...marketKeys.collection(userId), kind, count],
    queryFn: async ({ signal }) => {
      const body = await api.getCollection(userId, { kind, limit: count }, { signal });
      if (!body.success) throw new Refused(body.message || COLLECTION_FAILED);
      return (Array.isArray(body.data) ? body.data : []).slice(0, count);
    },
  });
  const retry = () => void query.refetch();
  const result: CollectionRead = query.isSuccess
    ? { status: 'ready', items: query.data }
    : hasFailed(query)
      ? { status: 'error', message: readFailure(query.error, COLLECTION_FAILED) }
      : { status: 'loading' };
  return { ...result, retry };
}
