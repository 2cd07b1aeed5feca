/** The offer's price: what the form accepts, and what it says otherwise. */

export const OFFER_PRICE_ERRORS = {
  empty: 'Enter the price you offer',
  invalid: 'Price must be a positive number',
} as const;

/** The price typed, read: a positive amount, or why it is not one. */
export function readOfferPrice(
  text: string,
  badInput = false,
): number | keyof typeof OFFER_PRICE_ERRORS {
  if (badInput) return 'invalid';
  if (text.trim() === '') return 'empty';
  const amount = Number(text);
  return Number.isFinite(amount) && amount > 0 ? amount : 'invalid';
}
