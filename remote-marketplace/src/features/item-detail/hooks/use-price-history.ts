import {
  api,
  errorMessage,
  MESSAGES,
  useSession,
  type PaymentHistoryEntry,
} from '@hypertek/shared';
import { useEffect, useState } from 'react';

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
 * The signed-in user's purchases for the price chart (SPEC §7, §8): 'User not authenticated.'
 * without user or token; the server's message or 'No purchase history found.' when there is no
 * data; 'No History Data found for this user' when the call fails without a message.
 */
export function usePriceHistory(): PriceHistoryState {
  const { user, token } = useSession();
  const userId = user?._id ?? user?.id;
  const [answer, setAnswer] = useState<{ userId: string; state: PriceHistoryState } | null>(null);

  useEffect(() => {
    if (!userId || !token) return;
    const controller = new AbortController();
    const settle = (state: PriceHistoryState) => setAnswer({ userId, state });
    api
      .getHistory(userId, { signal: controller.signal })
      .then((body) => {
        const entries = Array.isArray(body.data) ? body.data : [];
        if (body.success && entries.length > 0) settle({ status: 'ready', entries });
        else settle(messageState(body.message || MESSAGES.noPurchaseHistory));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[marketplace] history failed', error);
        settle(messageState(errorMessage(error, MESSAGES.noHistoryData)));
      });
    return () => controller.abort();
  }, [userId, token]);

  if (!userId || !token) {
    return { status: 'message', message: MESSAGES.notAuthenticated, empty: false };
  }
  return answer?.userId === userId ? answer.state : { status: 'loading' };
}
