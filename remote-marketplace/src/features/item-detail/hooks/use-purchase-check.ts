import {
  api,
  errorMessage,
  itemId,
  MESSAGES,
  notify,
  savePaymentItem,
  useSession,
  validatePurchase,
  type WireItem,
} from '@hypertek/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '@hypertek/shared/data';

import { marketKeys } from '../../../lib/market-reads';

/** Where each buy path goes when the item is not purchased yet. */
export const PURCHASE_PATHS = { card: '/stripe-payment', offer: '/offer' } as const;
export type PurchasePath = keyof typeof PURCHASE_PATHS;

/** A failed check's toast: the server's message, else the error's, else 'Payment failed'. */
function purchaseFailure(error: unknown): string {
  const own = error instanceof Error && error.message ? error.message : MESSAGES.paymentFailed;
  return errorMessage(error, own);
}

/**
 * The purchase check: validated first (signed-out users are asked to sign in),
 * then `game/create`. exist 'no' goes on to the path with the item as state, at the `price` the
 * server says the viewer pays now (the listing's, or their accepted offer's: it can differ from
 * the price shown), and saves that item for the checkout pages; 'yes' says it is already
 * purchased. A refusal (409: not for sale, reserved for another buyer, someone is paying) is the
 * server's message, and the item is read again (its state changed). Returns `check`, and whether
 * a check is running.
 */
export function usePurchaseCheck(item: WireItem) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);

  const check = async (path: PurchasePath): Promise<void> => {
    const request = { userId: user?._id ?? user?.id ?? '', productId: itemId(item) };
    const invalid = validatePurchase(request);
    if (invalid) {
      notify.error(invalid);
      return;
    }
    setChecking(true);
    try {
      const { exist, price } = await api.checkPurchase(request);
      if (exist === 'no') {
        const priced =
          typeof price === 'number' && Number.isFinite(price) ? { ...item, price } : item;
        savePaymentItem(priced);
        void navigate(PURCHASE_PATHS[path], { state: priced });
        return;
      }
      notify.error(MESSAGES.alreadyPurchased);
    } catch (error) {
      notify.error(purchaseFailure(error));
      void queryClient.invalidateQueries({ queryKey: marketKeys.item(request.productId) });
    } finally {
      setChecking(false);
    }
  };

  return { check, checking };
}
