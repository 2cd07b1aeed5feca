/**
 * The site's one data cache (TanStack Query): one QueryClient for every app on the page, so a read
 * made by one remote (the user's activity, say) serves another. It lives on `globalThis` because
 * each remote bundles this module; the first to run creates it.
 *
 * The policy, written once:
 * - no automatic retry (every page that shows an error offers 'Try again') and no refetch when the
 *   window regains focus;
 * - a page opened again shows what it read last at once and reads again (stale at once);
 * - a list read that fails is logged in the product's words ('Failed to fetch market data' with
 *   the server's message when it says `success: false`, 'Error fetching market data' on an
 *   exception) and the list stays empty (see `useList`); any other failed read is logged with
 *   its key, and its page shows the error.
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';

import { isCancelled, MESSAGES } from '@hypertek/shared';
import { ListCallError, ListCallFailed } from './read-list';

function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (isCancelled(error)) return;
        if (error instanceof ListCallFailed)
          console.error(MESSAGES.marketFetchFailed, error.message);
        else if (error instanceof ListCallError)
          console.error(MESSAGES.marketFetchError, error.cause);
        else console.error(`[hypertek] ${query.queryKey.join('/')} failed`, error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    },
  });
}

const KEY = Symbol.for('hypertek.queryClient');
const store = globalThis as typeof globalThis & { [KEY]?: QueryClient };

/** The page's QueryClient (created on first use). */
export const queryClient: QueryClient = (store[KEY] ??= createQueryClient());
