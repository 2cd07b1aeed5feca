import {
  errorMessage,
  MARKET_MESSAGES,
  MESSAGES,
  notify,
  type CreateListingRequest,
} from '@hypertek/shared';
import { listItem, USER_REJECTED, walletErrorCode } from '@hypertek/shared/market';
import { useCallback, useState } from 'react';

import { refreshAfterListing } from '../../lib/market-reads';

/** The API answered `success: false`, with its reason. */
class Refused extends Error {}

/**
 * Why listing failed, in words: 'Signature cancelled.' when the seller said no in the wallet, the
 * wallet's own message for another wallet error, else the server's message (or 'Something went
 * wrong').
 */
export function listingFailure(error: unknown): string {
  const walletCode = walletErrorCode(error);
  if (walletCode === USER_REJECTED) return MESSAGES.signatureCancelled;
  const walletMessage = (error as { message?: unknown } | null)?.message;
  if (walletCode !== undefined && typeof walletMessage === 'string' && walletMessage) {
    return walletMessage;
  }
  return errorMessage(error);
}

/**
 * Lists an item for the Instant Sell dialogs (`listItem` of `@hypertek/shared/market`: with
 * `walletAddress` the wallet signs the listing first). On success: 'Your item is listed', the
 * seller's items, listings and the catalogue read again, and `onListed`. On failure the reason
 * stays in `error` for the dialog to show.
 */
export function useSellListing(userId: string | null, onListed: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const list = useCallback(
    async (body: CreateListingRequest, walletAddress?: string | null) => {
      setBusy(true);
      setError(null);
      try {
        const answer = await listItem(body, walletAddress);
        if (!answer.success) throw new Refused(answer.message);
        notify.success(MARKET_MESSAGES.listed);
        if (userId) void refreshAfterListing(userId);
        onListed();
      } catch (failure) {
        setError(
          failure instanceof Refused && failure.message ? failure.message : listingFailure(failure),
        );
      } finally {
        setBusy(false);
      }
    },
    [userId, onListed],
  );

  return { list, busy, error, clearError: useCallback(() => setError(null), []) };
}
