import { api } from '@hypertek/shared';
import { hasFailed, useApiQuery } from '@hypertek/shared/data';

import { marketKeys, Refused } from '../lib/market-reads';

export type BalanceRead =
  { status: 'loading' } | { status: 'ready'; amount: number } | { status: 'error' };

/**
 * The user's balance in dollars (`GET /market/balance/{userId}`: what their sales have earned
 * them). A failure is logged by the data layer; the profile then shows no amount.
 */
export function useBalance(userId: string): BalanceRead {
  const query = useApiQuery({
    queryKey: marketKeys.balance(userId),
    queryFn: async ({ signal }) => {
      const body = await api.market.balance(userId, { signal });
      if (!body.success || !Number.isFinite(body.balance))
        throw new Refused(body.message || 'The balance could not be read');
      return body.balance;
    },
  });
  if (query.isSuccess) return { status: 'ready', amount: query.data };
  return hasFailed(query) ? { status: 'error' } : { status: 'loading' };
}
