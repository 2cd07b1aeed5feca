import {
  CARDS_PER_LIST,
  ACTIVITY_ROWS,
  CURRENCY,
  DEFAULT_OFFER_EXPIRY,
  FULL_NAME_MAX_LENGTH,
  OFFER_EXPIRY_OPTIONS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PLATFORM_FEE,
  SEARCH_DEBOUNCE_MS,
  formatAge,
  toCents,
  totalWithFee,
} from './constants';
import { MARKET_MESSAGES, MAX_MARKET_PRICE } from './market';

describe('limits (docs/product.md, Constants)', () => {
  it('password 8 to 20, full name at most 30', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, FULL_NAME_MAX_LENGTH]).toEqual([8, 20, 30]);
  });

  it('4 cards per list, 5 activity rows, 300 ms search debounce', () => {
    expect([CARDS_PER_LIST, ACTIVITY_ROWS, SEARCH_DEBOUNCE_MS]).toEqual([4, 5, 300]);
  });

  it('fee 0.5 USDT, currency usd', () => {
    expect(PLATFORM_FEE).toBe(0.5);
    expect(CURRENCY).toBe('usd');
  });
});

describe('toCents: multiplied by 100 and rounded', () => {
  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1800.5, 180050],
    [25, 2500],
    [0, 0],
    [0.015, 2],
    [4.35, 435],
    [1.004, 100],
  ])('%p → %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('always gives a whole number', () => {
    for (const amount of [19.99, 0.07, 1.13, 99.95, 123.456]) {
      expect(Number.isInteger(toCents(amount))).toBe(true);
    }
  });
});

describe('totalWithFee: price + 0.5', () => {
  it.each([
    [1800, 1800.5],
    [0, 0.5],
    [19.99, 20.49],
    [0.1 + 0.2, 0.8],
  ])('%p → %p', (price, total) => {
    expect(totalWithFee(price)).toBe(total);
  });
});

describe('formatAge: whole days as Nd', () => {
  const now = Date.parse('2026-06-10T12:00:00Z');
  const daysAgo = (days: number) => new Date(now - days * 86_400_000);

  it.each([
    [daysAgo(3), '3d'],
    [daysAgo(3.9), '3d'],
    [daysAgo(0.5), '0d'],
    [daysAgo(0), '0d'],
    [daysAgo(400), '400d'],
  ])('%p → %p', (time, expected) => {
    expect(formatAge(time, now)).toBe(expected);
  });

  it('reads ISO strings and timestamps', () => {
    expect(formatAge('2026-06-07T12:00:00Z', now)).toBe('3d');
    expect(formatAge(daysAgo(2).getTime(), now)).toBe('2d');
  });

  it("shows '0d' for a date in the future", () => {
    expect(formatAge(new Date(now + 5 * 86_400_000), now)).toBe('0d');
  });

  it.each(['not a date', '', 'Invalid Date', Number.NaN])(
    "shows '0d' for the unreadable %p",
    (time) => {
      expect(formatAge(time, now)).toBe('0d');
    },
  );

  it('measures against the real clock by default', () => {
    expect(formatAge(new Date(Date.now() - 3 * 86_400_000 - 1000))).toBe('3d');
  });
});

describe('offer expiry', () => {
  it('offers the five options in order, default 6 Hours', () => {
    expect(OFFER_EXPIRY_OPTIONS).toEqual([
      '6 Hours',
      '12 Hours',
      '6 Months',
      '12 Months',
      '1 Year',
    ]);
    expect(DEFAULT_OFFER_EXPIRY).toBe('6 Hours');
    expect(OFFER_EXPIRY_OPTIONS).toContain(DEFAULT_OFFER_EXPIRY);
  });
});

describe('market price limit', () => {
  it('names the limit as en-US writes it (the message is written out, not formatted at load)', () => {
    expect(MARKET_MESSAGES.priceTooHigh).toBe(
      `Price must be at most ${MAX_MARKET_PRICE.toLocaleString('en-US')}`,
    );
  });
});
