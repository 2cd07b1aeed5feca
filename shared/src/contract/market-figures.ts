/**
 * The market figures (`GET /market/figures?kind=nfa|land`; docs/product.md, The market): for a
 * kind and each of its groups (NFAs by category, lands by region), the floor, the number of
 * owners, and sales, volume and average price over rolling windows, with a daily series for a
 * chart. The API computes them from the listings, the items' owners, and the paid orders with
 * their ledger postings; nothing is kept by hand.
 */
import type { ItemKind } from './constants';

const HOUR_MS = 3_600_000;

/** The rolling windows, each ending now: (now − length, now]. */
export const FIGURE_WINDOWS = ['24h', '7d', '30d'] as const;
export type FigureWindow = (typeof FIGURE_WINDOWS)[number];
export const FIGURE_WINDOW_MS: Record<FigureWindow, number> = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
};

/** How many days the daily series covers: UTC calendar days, the last one today (so far). */
export const FIGURE_SERIES_DAYS = 30;

/** What a kind's figures are grouped by: NFAs by category, lands by region. */
export const FIGURE_GROUP_BY = { nfa: 'category', land: 'region' } as const satisfies Record<
  ItemKind,
  'category' | 'region'
>;
export type FigureGroupBy = (typeof FIGURE_GROUP_BY)[ItemKind];

// The answer's shapes are schemas, written once in ./wire/market-figures.ts (the API validates its
// answer with them); '@hypertek/shared/contract' re-exports their types.
