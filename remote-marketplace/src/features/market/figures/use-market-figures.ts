import { api, type ItemKind, type MarketFiguresAnswer } from '@hypertek/shared';
import { hasFailed, useApiQuery } from '@hypertek/shared/data';

export type MarketFiguresState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; figures: MarketFiguresAnswer };

/** An answer with `success: false`: shown as the error, with the server's message logged. */
class FiguresRefused extends Error {}

/**
 * The market figures of one kind (`GET /market/figures?kind=`), read when the component mounts.
 * A failed read is the error state until `retry` asks again (loading meanwhile).
 */
export function useMarketFigures(kind: ItemKind): MarketFiguresState {
  const query = useApiQuery({
    queryKey: ['market-figures', kind],
    queryFn: async ({ signal }) => {
      const body = await api.getMarketFigures(kind, { signal });
      if (!body.success) throw new FiguresRefused(body.message);
      return body;
    },
  });
  if (query.data) return { status: 'ready', figures: query.data };
  if (hasFailed(query)) return { status: 'error', retry: () => void query.refetch() };
  return { status: 'loading' };
}
