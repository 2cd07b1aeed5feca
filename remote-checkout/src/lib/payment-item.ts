/**
 * The item being paid for or offered on (SPEC §2, §3): the detail pages pass it as navigation
 * state and save it under `paymentItem` (see @hypertek/shared); the checkout pages read state
 * first and fall back to storage (a reload, or a link that carries no state).
 */
import { isCatalogueItem, readPaymentItem, type WireItem } from '@hypertek/shared';
import { useMemo } from 'react';
import { useLocation } from 'react-router';

export { itemId, itemSerial, itemTitle } from '@hypertek/shared';
export type PaymentItem = WireItem;

/** The item of navigation state when it is one, else the stored item. */
export function paymentItemFrom(state: unknown): PaymentItem | null {
  return isCatalogueItem(state) ? state : readPaymentItem();
}

/** The item the current page is about: navigation state, else `paymentItem`; null when neither. */
export function usePaymentItem(): PaymentItem | null {
  const { state } = useLocation() as { state: unknown };
  return useMemo(() => paymentItemFrom(state), [state]);
}
