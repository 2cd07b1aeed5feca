/**
 * The market figures (`GET /market/figures?kind=nfa|land`; docs/product.md, The market): for a
 * kind and each of its groups (NFAs by category, lands by region), the floor, the number of
 * owners, and sales, volume and average price over rolling windows, with a daily series for a
 * chart. The API computes them from the listings, the items' owners, and the paid orders with
 * their ledger postings; nothing is kept by hand.
 */
import type { ItemKind } from './constants';
import type { LandRegion, NfaCategory } from './catalogue-query';

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

/** Sales in one window. Money in dollars and the same in integer cents. */
export interface SalesWindow {
  sales: number;
  /** The sum of the prices paid (the buyers' payments, commission included). */
  volume: number;
  volumeCents: number;
  /** The volume over the sales, rounded to the cent (half up); null without sales. */
  average: number | null;
  averageCents: number | null;
}

/** The figures of a kind, or of one of its groups. */
export interface MarketFigures {
  /** How many items there are. */
  items: number;
  /** How many of them can be bought now (a live listing). */
  listed: number;
  /** How many accounts own at least one of them; the house (the unsold catalogue) is none. */
  owners: number;
  /** The cheapest live listing (the house's included); null when nothing is listed. */
  floor: number | null;
  floorCents: number | null;
  windows: Record<FigureWindow, SalesWindow>;
  /** Per day of the answer's `days`, in the same order. */
  daily: { sales: number[]; volume: number[]; volumeCents: number[] };
}

export interface MarketFiguresGroup extends MarketFigures {
  /** The category (NFAs) or region (lands): every one of them, sold or not. */
  name: NfaCategory | LandRegion;
}

export interface MarketFiguresAnswer {
  success: boolean;
  message: string;
  kind: ItemKind;
  groupBy: FigureGroupBy;
  /** The market's time the figures are computed at (ISO): every window ends then. */
  asOf: string;
  currency: 'usd';
  /** The series' days, oldest first (`YYYY-MM-DD`, UTC); the last is the day of `asOf`. */
  days: string[];
  all: MarketFigures;
  groups: MarketFiguresGroup[];
}
