/**
 * Reading catalogue items (SPEC §3) as the screens show them: NFAs and land parcels come from the
 * API, from navigation state or from local storage, so nothing about their shape is assumed.
 */
import type { CatalogueItem } from '@hypertek/shared';

export type ItemKind = CatalogueItem['kind'];

/** An item as the wire may send it: the spec also knows `code` or `name` for the serial number. */
export type WireItem = CatalogueItem & { code?: string; name?: string };

const DEFAULT_TITLE: Record<ItemKind, string> = { nfa: 'Hyper Tek NFA', land: 'Hyper Tek Land' };

/** The title, falling back to a default name when it is missing (SPEC §3). */
export const itemTitle = (item: Partial<WireItem>, kind: ItemKind): string =>
  item.title?.trim() ? item.title : DEFAULT_TITLE[kind];

/** serialNumber, or code, or name (SPEC §3). */
export const itemSerial = (item: Partial<WireItem>): string =>
  item.serialNumber ?? item.code ?? item.name ?? '';

/** The id the purchase check sends as productId. */
export const itemId = (item: Partial<WireItem>): string => item._id ?? item.id ?? '';

/** A USDT amount as the dialogs write it: '$1800 USDT', '$0.5 USDT'. */
export const usdt = (amount: number): string => `$${amount} USDT`;

/** True for something that can be shown and bought: an object with an id and a numeric price. */
export function isCatalogueItem(value: unknown): value is WireItem {
  if (value === null || typeof value !== 'object') return false;
  const item = value as Partial<WireItem>;
  const hasId = typeof item._id === 'string' || typeof item.id === 'string';
  return hasId && typeof item.price === 'number' && Number.isFinite(item.price);
}
