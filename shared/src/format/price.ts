/**
 * Prices, written one way per currency everywhere: '$8,823.06' for dollars, '$1,800.50 USDT' and
 * '$12 USDC' for the tokens (the product writes token amounts with a dollar sign and the token's
 * name). Whole amounts drop the cents ('$1,800'); others always show two digits ('$12.50').
 */
export type PriceCurrency = 'USD' | 'USDT' | 'USDC';

// Made on the first price shown, not when the module loads: the first number format of a page loads
// the locale data (tens of milliseconds on a phone), which the host's first script must not pay for.
let dollars: Intl.NumberFormat | undefined;

export function formatPrice(amount: number, currency: PriceCurrency = 'USD'): string {
  dollars ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    trailingZeroDisplay: 'stripIfInteger',
  });
  const text = dollars.format(amount);
  return currency === 'USD' ? text : `${text} ${currency}`;
}
