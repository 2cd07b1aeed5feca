import {
  api,
  errorMessage,
  MESSAGES,
  useSession,
  type PaymentHistoryEntry,
} from '@hypertek/shared';
import { useApiQuery } from '@hypertek/shared/data';

export type PriceHistoryState =
  | { status: 'loading' }
  | { status: 'ready'; entries: PaymentHistoryEntry[] }
  /** A message shown over the chart; `empty` when the server said there are no payments. */
  | { status: 'message'; message: string; empty: boolean };

const isEmptyMessage = (message: string) => message.includes(MESSAGES.noPaymentsFound);

/** A message answer: the server's 'No payments found' is the empty state. */
const messageState = (message: string): PriceHistoryState =>
  isEmptyMessage(message)
    ? { status: 'message', message: MESSAGES.noPurchaseHistory, empty: true }
    : { status: 'message', message, empty: false };

/**
 * The signed-in user's purchases for the price chart: 'User not authenticated.'
 * without user or token; the server's message or 'No purchase history found.' when there is no
 * data; 'No History Data found for this user' when the call fails without a message.
 */
export function usePriceHistory(): PriceHistoryState {
  const { user, token } = useSession();
  const userId = user?._id ?? user?.id;
  const signedIn = Boolean(userId && token);
  const query = useApiQuery({
    queryKey: ['history', userId],
    enabled: signedIn,
    queryFn: async ({ signal }): Promise<PriceHistoryState> => {
      const body = await api.getHistory(userId ?? '', { signal });
      const entries = Array.isArray(body.data) ? body.data : [];
      return body.success && entries.length > 0
        ? { status: 'ready', entries }
        : messageState(body.message || MESSAGES.noPurchaseHistory);
    },
  });

  if (!signedIn) return { status: 'message', message: MESSAGES.notAuthenticated, empty: false };
  if (query.isError) return messageState(errorMessage(query.error, MESSAGES.noHistoryData));
  return query.data ?? { status: 'loading' };
}
