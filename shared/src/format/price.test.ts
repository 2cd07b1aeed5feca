import { formatPrice } from './price';

describe('formatPrice', () => {
  it('writes dollars with thousands separators and two digits of cents', () => {
    expect(formatPrice(8823.06)).toBe('$8,823.06');
    expect(formatPrice(12.5)).toBe('$12.50');
  });
  it('drops the cents of a whole amount', () => {
    expect(formatPrice(1800)).toBe('$1,800');
    expect(formatPrice(0)).toBe('$0');
  });
  it('names the token after a token amount', () => {
    expect(formatPrice(1800.5, 'USDT')).toBe('$1,800.50 USDT');
    expect(formatPrice(7951.33, 'USDC')).toBe('$7,951.33 USDC');
  });
});
