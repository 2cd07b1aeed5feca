import { formatDollars, formatPrice } from './price';

describe('formatPrice', () => {
  it('writes dollars with thousands separators and two digits of cents', () => {
    expect(formatPrice(8823.06)).toBe('$8,823.06');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(1234567.891)).toBe('$1,234,567.89');
  });
  it('drops the cents of a whole amount', () => {
    expect(formatPrice(1800)).toBe('$1,800');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(12.001)).toBe('$12');
  });
  it('names the token after a token amount', () => {
    expect(formatPrice(1800.5, 'USDT')).toBe('$1,800.50 USDT');
    expect(formatPrice(7951.33, 'USDC')).toBe('$7,951.33 USDC');
  });
  it('writes a negative amount with its sign first', () => {
    expect(formatPrice(-3)).toBe('-$3');
    expect(formatPrice(-1234.5)).toBe('-$1,234.50');
  });
});

describe('formatDollars', () => {
  it('leaves out the thousands separators when asked', () => {
    expect(formatDollars(3000, false)).toBe('$3000');
    expect(formatDollars(1234.5, false)).toBe('$1234.50');
  });

  it('writes what Intl.NumberFormat writes for en-US dollars, over many amounts', () => {
    const intl = (grouping: boolean) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        useGrouping: grouping,
        trailingZeroDisplay: 'stripIfInteger',
      });
    const grouped = intl(true);
    const plain = intl(false);
    const amounts = [0, 0.005, 0.015, 1.005, 2.675, 999.995, 999999.995, 1e6, 0.1 + 0.2, -0.5];
    // Amounts spread over eight orders of magnitude, with two and three decimals (ties included).
    for (let i = 1; i <= 5000; i++) {
      const digits = (i * 7919) % 100003;
      amounts.push(digits / 1000, (digits * 10 ** (i % 5)) / 100, -digits / 1000);
    }
    const differing = amounts.filter(
      (amount) =>
        formatDollars(amount) !== grouped.format(amount) ||
        formatDollars(amount, false) !== plain.format(amount),
    );
    expect(differing).toEqual([]);
  });
});
