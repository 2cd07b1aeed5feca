/** Catalogue items as the marketplace shows them; the reading rules live in @hypertek/shared. */
export { isCatalogueItem, itemId, itemSerial, itemTitle } from '@hypertek/shared';
export type { ItemKind, WireItem } from '@hypertek/shared';

/** A USDT amount as the dialogs write it: '$1800 USDT', '$0.5 USDT'. */
export const usdt = (amount: number): string => `$${amount} USDT`;
