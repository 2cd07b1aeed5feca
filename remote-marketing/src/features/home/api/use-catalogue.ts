import {
  CARDS_PER_LIST,
  isCancelled,
  MESSAGES,
  type CatalogueItem,
  type ListResponse,
} from '@hypertek/shared';
import { useEffect, useState } from 'react';

/** `api.getMarket` or `api.getLand` from @hypertek/shared. */
export type CatalogueFetcher = (
  page: { limit: number },
  options: { signal: AbortSignal },
) => Promise<ListResponse<CatalogueItem>>;

export interface Catalogue {
  items: CatalogueItem[];
  /** True until the call settles, whether it succeeds or fails. */
  loading: boolean;
}

/**
 * The first CARDS_PER_LIST entries of a catalogue list for the home page. Failures are only
 * logged, as SPEC §8 says ('Failed to fetch market data' with the server's message when success is
 * false, 'Error fetching market data' on an exception): the list stays empty.
 *
 * WARNING: pass a stable fetcher (e.g. `api.getMarket`), not an inline arrow, or it refetches.
 */
export function useCatalogue(fetchList: CatalogueFetcher): Catalogue {
  const [catalogue, setCatalogue] = useState<Catalogue>({ items: [], loading: true });

  useEffect(() => {
    const controller = new AbortController();
    const settle = (items: CatalogueItem[]) => setCatalogue({ items, loading: false });
    fetchList({ limit: CARDS_PER_LIST }, { signal: controller.signal })
      .then((body) => {
        if (body.success && Array.isArray(body.data)) {
          settle(body.data.slice(0, CARDS_PER_LIST));
        } else {
          console.error(MESSAGES.marketFetchFailed, body.message);
          settle([]);
        }
      })
      .catch((error: unknown) => {
        if (isCancelled(error) || controller.signal.aborted) return;
        console.error(MESSAGES.marketFetchError, error);
        settle([]);
      });
    return () => controller.abort();
  }, [fetchList]);

  return catalogue;
}
