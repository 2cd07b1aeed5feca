/**
 * Prices, written one way per currency everywhere: '$8,823.06' for dollars, '$1,800.50 USDT' and
 * '$12 USDC' for the tokens (the product writes token amounts with a dollar sign and the token's
 * name). Whole amounts drop the cents ('$1,800'); others always show two digits ('$12.50').
 *
 * Written out rather than with `Intl.NumberFormat`: a page's first number format loads the
 * locale data, which took 65 ms of one task on an item page at full CPU speed (260 ms on
 * Lighthouse's phone). The result is the same as en-US currency formatting with
 * `trailingZeroDisplay: 'stripIfInteger'` (a test compares the two over many amounts).
 */
export type PriceCurrency = 'USD' | 'USDT' | 'USDC';

/** '$1,234.50', '-$3', or without thousands separators ('$1234.50') when `grouping` is false. */
export function formatDollars(amount: number, grouping = true): string {
  if (!Number.isFinite(amount)) return `$${amount}`;
  const [whole, cents] = roundToCents(Math.abs(amount));
  const digits = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  const sign = amount < 0 ? '-' : '';
  return `${sign}$${digits}${cents === '00' ? '' : `.${cents}`}`;
}

/**
 * The whole dollars and the two digits of cents of an amount ≥ 0, rounded as Intl rounds: half
 * away from zero on the number's shortest decimal writing (1.005 is '1.01', where toFixed says '1.00').
 */
function roundToCents(amount: number): [string, string] {
  const written = String(amount);
  if (/e/i.test(written)) {
    const [whole = '0', cents = '00'] = amount.toFixed(2).split('.');
    return [whole, cents];
  }
  const [whole = '0', fraction = ''] = written.split('.');
  let total = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') total += 1n;
  const text = total.toString().padStart(3, '0');
  return [text.slice(0, -2), text.slice(-2)];
}

export function formatPrice(amount: number, currency: PriceCurrency = 'USD'): string {
  const text = formatDollars(amount);
  return currency === 'USD' ? text : `${text} ${currency}`;
}
