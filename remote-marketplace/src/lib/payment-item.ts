/**
 * The item being bought, kept in local storage under `paymentItem` (SPEC §3) so the detail page
 * survives a reload and the checkout pages (another remote) can read it.
 *
 * WARNING: the key is part of the contract with remote-checkout; it belongs in @hypertek/shared
 * (asked for in README.md) and lives here until it moves.
 */
import { isCatalogueItem, type WireItem } from './catalogue-item';

export const PAYMENT_ITEM_STORAGE_KEY = 'paymentItem';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the item lives in navigation state only
  }
}

/** The saved item, or null when there is none or it is not an item. */
export function readPaymentItem(): WireItem | null {
  const raw = storage()?.getItem(PAYMENT_ITEM_STORAGE_KEY);
  if (!raw) return null;
  try {
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
