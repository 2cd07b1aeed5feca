import type { BalanceAnswer, MarketListing } from '@hypertek/shared';
import type { Routes } from '@hypertek/shared/testing';

/** The n-th listing as the API sends it: 'Listing n' of item `nfa-n`, priced 100 × n, Active. */
export const makeListing = (n: number, overrides: Partial<MarketListing> = {}): MarketListing => ({
  _id: `listing-${n}`,
  itemId: `nfa-${n}`,
  kind: 'nfa',
  name: `Listing ${n}`,
  serialNumber: `SN-${n}`,
  status: 'Active',
  price: 100 * n,
  floor: 90,
  qty: 1,
  expiresAt: '2031-01-01T00:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

/** The balance call's answer for `amount` dollars. */
export const balanceAnswer = (amount: number): BalanceAnswer => ({
  success: true,
  message: 'Balance',
  balance: amount,
  balanceCents: Math.round(amount * 100),
  currency: 'usd',
});

/** The route every profile tab calls (the hero's balance): the demo account's $3000 by default. */
export const balanceRoute = (amount = 3000): Routes => ({
  'GET /market/balance/*': { data: balanceAnswer(amount) },
});
