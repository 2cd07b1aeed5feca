/** The business constants and limits (docs/product.md, Constants). Nothing here is configuration: it is the product. */

/** The two kinds of collectible the market sells: NFAs (`/buy-nfa`) and land parcels (`/buy-land`). */
export const ITEM_KINDS = ['nfa', 'land'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const FULL_NAME_MAX_LENGTH = 30;

/** Platform fee, display only (USDT). Total = price + fee. */
export const PLATFORM_FEE = 0.5;
export const CURRENCY = 'usd';

export const OFFER_EXPIRY_OPTIONS = [
  '6 Hours',
  '12 Hours',
  '6 Months',
  '12 Months',
  '1 Year',
] as const;
export type OfferExpiry = (typeof OFFER_EXPIRY_OPTIONS)[number];
export const DEFAULT_OFFER_EXPIRY: OfferExpiry = '6 Hours';

export const CARDS_PER_LIST = 4;
export const ACTIVITY_ROWS = 5;

export const SEARCH_MIN_LENGTH = 2; // "longer than 1 character"
export const SEARCH_DEBOUNCE_MS = 300;

/** Amounts go to the payment provider in cents: multiplied by 100 and rounded. */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** Total shown in the buy dialogs: price + platform fee. */
export const totalWithFee = (price: number): number =>
  Math.round((price + PLATFORM_FEE) * 100) / 100;

const DAY_MS = 86_400_000;
/** Age of an activity entry in whole days, as 'Nd'; '0d' for a date in the future or unreadable. */
export function formatAge(time: string | number | Date, now: number = Date.now()): string {
  const at = new Date(time).getTime();
  if (Number.isNaN(at) || at > now) return '0d';
  return `${Math.floor((now - at) / DAY_MS)}d`;
}
