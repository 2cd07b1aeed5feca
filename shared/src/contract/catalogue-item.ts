/**
 * Reading catalogue items as screens show them. Items come from the API, from navigation
 * state or from local storage, so nothing about their shape is assumed.
 */
import type { ItemKind } from './constants';
import type { CatalogueItem } from './types';

/** An item as the wire may send it: the product also knows `code` or `name` for the serial number. */
export type WireItem = Partial<CatalogueItem> & { price: number; code?: string; name?: string };

/** The default names shown when an item has no title. */
export const DEFAULT_ITEM_TITLE: Record<ItemKind, string> = {
  nfa: 'Hyper Tek NFA',
  land: 'Hyper Tek Land',
};

/** The title, falling back to the default name of its kind when missing. */
export const itemTitle = (item: Partial<WireItem>, kind: ItemKind = item.kind ?? 'nfa'): string =>
  item.title?.trim() ? item.title : DEFAULT_ITEM_TITLE[kind];

/** serialNumber, or code, or name. */
export const itemSerial = (item: Partial<WireItem>): string =>
  item.serialNumber ?? item.code ?? item.name ?? '';

/** The id sent as productId / gameId. */
export const itemId = (item: Partial<WireItem>): string => item._id ?? item.id ?? '';

/** True for something that can be shown and bought: an object with an id and a finite price. */
export function isCatalogueItem(value: unknown): value is WireItem {
  if (value === null || typeof value !== 'object') return false;
  const item = value as Partial<WireItem>;
  const hasId = typeof item._id === 'string' || typeof item.id === 'string';
  return hasId && typeof item.price === 'number' && Number.isFinite(item.price);
}

/** The detail page of each kind. */
export const ITEM_PAGE: Record<ItemKind, string> = { nfa: '/buy-nfa', land: '/buy-land' };

/** An item's address: its detail page with its id, e.g. '/buy-land?id=42'. */
export const itemPath = (kind: ItemKind, id: string): string =>
  `${ITEM_PAGE[kind]}?id=${encodeURIComponent(id)}`;
