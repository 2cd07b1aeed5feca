/** Prices as the marketplace writes them (the reading rules of items live in @hypertek/shared). */
import { formatPrice } from '@hypertek/shared';

/**
 * A USDT amount written as the product's fixed texts write it: '$1800 USDT', '$0.5 USDT'. Only
 * for those literals (the platform fee, the sample sell item); every other amount goes through
 * `itemPrice`.
 */
export const usdt = (amount: number): string => `$${amount} USDT`;

/** An item's price, a sale's or a total, in the one USDT format: '$8,823.06 USDT', '$1,800 USDT'. */
export const itemPrice = (amount: number): string => formatPrice(amount, 'USDT');
