/**
 * The item being paid for or offered on (SPEC §2, §3): the detail pages pass it as navigation
 * state and save it under `paymentItem` in local storage; the checkout pages read state first and
 * fall back to storage (a reload, or a link that carries no state).
 *
 * WARNING: `paymentItem` and the item's shape are a contract with remote-marketplace, which writes
 * them; they belong in @hypertek/shared (asked for in README.md) and live here until they move.
 */
import type { CatalogueItem } from '@hypertek/shared';
import { useMemo } from 'react';
import { useLocation } from 'react-router';

export const PAYMENT_ITEM_STORAGE_KEY = 'paymentItem';

/** An item as the wire may send it: the spec also knows `code` or `name` for the serial number. */
export type PaymentItem = Partial<CatalogueItem> & {
  price: number;
  code?: string;
  name?: string;
};

/** True for something that can be paid for: an object with an id and a finite numeric price. */
export function isPaymentItem(value: unknown): value is PaymentItem {
  if (value === null || typeof value !== 'object') return false;
  const item = value as Partial<PaymentItem>;
  const hasId = typeof item._id === 'string' || typeof item.id === 'string';
  return hasId && typeof item.price === 'number' && Number.isFinite(item.price);
}

/** The saved item, or null when there is none, it is not an item, or storage is unavailable. */
export function readStoredPaymentItem(): PaymentItem | null {
  try {
    const raw = localStorage.getItem(PAYMENT_ITEM_STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return isPaymentItem(value) ? value : null;
  } catch {
    return null; // unreadable JSON, or storage disabled (privacy mode)
  }
}

/** The item of navigation state when it is one, else the stored item. */
export function paymentItemFrom(state: unknown): PaymentItem | null {
  return isPaymentItem(state) ? state : readStoredPaymentItem();
}

/** The item the current page is about: navigation state, else `paymentItem`; null when neither. */
export function usePaymentItem(): PaymentItem | null {
  const { state } = useLocation() as { state: unknown };
  return useMemo(() => paymentItemFrom(state), [state]);
}

/** The id sent as productId / gameId. */
export const itemId = (item: PaymentItem): string => item._id ?? item.id ?? '';

/** serialNumber, or code, or name (SPEC §3). */
export const itemSerial = (item: PaymentItem): string =>
  item.serialNumber ?? item.code ?? item.name ?? '';

const DEFAULT_TITLE = { nfa: 'Hyper Tek NFA', land: 'Hyper Tek Land' } as const;

/** The title, falling back to a default name when it is missing (SPEC §3). */
export const itemTitle = (item: PaymentItem): string =>
  item.title?.trim() ? item.title : DEFAULT_TITLE[item.kind ?? 'nfa'];
