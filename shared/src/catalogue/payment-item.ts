/**
 * The item being bought, kept in local storage under `paymentItem`: the marketplace's
 * detail pages save it, the checkout pages read it after a reload or a link without state.
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router';

import { isCatalogueItem, type WireItem } from '../contract/catalogue-item';

export const PAYMENT_ITEM_STORAGE_KEY = 'paymentItem';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the item travels in navigation state only
  }
}

/** The saved item, or null when there is none, it is not an item, or storage is unavailable. */
export function readPaymentItem(): WireItem | null {
  try {
    const raw = storage()?.getItem(PAYMENT_ITEM_STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return isCatalogueItem(value) ? value : null;
  } catch {
    return null;
  }
}

export function savePaymentItem(item: WireItem): void {
  try {
    storage()?.setItem(PAYMENT_ITEM_STORAGE_KEY, JSON.stringify(item));
  } catch {
    // quota or privacy mode: navigation state still carries the item
  }
}

/**
 * The item a page is about when it comes from another page: the navigation state when it is an
 * item, else the saved `paymentItem` (a reload, or a link that carries no state); null when neither.
 */
export function paymentItemFrom(state: unknown): WireItem | null {
  return isCatalogueItem(state) ? state : readPaymentItem();
}

/** `paymentItemFrom` the current location's state. */
export function usePaymentItem(): WireItem | null {
  const { state } = useLocation() as { state: unknown };
  return useMemo(() => paymentItemFrom(state), [state]);
}
