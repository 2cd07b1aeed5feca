import { api, type CatalogueItem, type ItemKind } from '@hypertek/shared';
import { hasFailed, useApiQuery } from '@hypertek/shared/data';

import { entries, marketKeys } from '../../lib/market-reads';

/** How many of the seller's items the dialog offers (the API's largest page). */
export const OWN_ITEMS_LIMIT = 100;

export type OwnItems =
  | { status: 'loading' }
  | { status: 'ready'; items: CatalogueItem[] }
  | { status: 'error'; retry: () => void };

/**
 * The items of `kind` the signed-in seller owns (`GET /collection/{userId}`), newest first, each
 * saying whether it is `listed`. Read while the sell dialog is open (`enabled`); the profile's
 * collection shares the key, so a listing made here refreshes it too. A failure is said, never
 * shown as "you own nothing".
 */
export function useOwnItems(userId: string | null, kind: ItemKind, enabled: boolean): OwnItems {
  const query = useApiQuery({
    queryKey: [...marketKeys.collection(userId ?? ''), kind, OWN_ITEMS_LIMIT],
    queryFn: async ({ signal }) =>
      entries(await api.getCollection(userId ?? '', { kind, limit: OWN_ITEMS_LIMIT }, { signal })),
    enabled: enabled && userId !== null,
  });
  if (query.data) return { status: 'ready', items: query.data };
  if (hasFailed(query)) return { status: 'error', retry: () => void query.refetch() };
  return { status: 'loading' };
}
