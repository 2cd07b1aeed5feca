/**
 * The site's UI kit: the pieces every app shows the same way. Not in the main entry (which the
 * host loads first); each app bundles what it uses of it.
 */
export { ActivityTable } from './activity-table';
export { DataTable, type Column } from './data-table';
export { ExpiryField } from './expiry-field';
export { HydrateLater, openWhenNear, useHydrationGate, type HydrationGate } from './hydrate-later';
export { ItemArt, type ArtKind } from './item-art';
export { ItemCard, ITEM_CARD_ACTION } from './item-card';
export { ItemImage } from './item-image';
export { DialogButtons, Modal } from './modal';
export { SearchBox } from '@hypertek/shared/search-box';
export { formatPrice, type PriceCurrency } from '@hypertek/shared';
