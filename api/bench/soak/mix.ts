/**
 * The soak's mix: how often each operation is drawn, the clock jumps and the expiries chosen,
 * and the short checkout hold and reservation that keep the small jumps small.
 */
import { must } from './random';

/** MARKET_CHECKOUT_HOLD_SECONDS and MARKET_RESERVATION_SECONDS of the API under soak. */
export const HOLD_SECONDS = 30;
export const RESERVATION_SECONDS = 60;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const KINDS = [
  ['list', 12],
  ['reprice', 5],
  ['cancel', 3],
  ['bulk-cancel', 2],
  ['offer', 10],
  ['replace-offer', 3],
  ['accept', 9],
  ['decline', 3],
  ['cancel-offer', 3],
  ['buy', 14],
  ['pay-offer', 9],
  ['declined-card', 3],
  ['abandoned-checkout', 2],
  ['item-detail', 6],
  ['offers-received', 3],
  ['my-listings', 2],
  ['balance', 1],
  ['clock-jump', 1],
] as const;
export type Kind = (typeof KINDS)[number][0];
const TOTAL_WEIGHT = KINDS.reduce((sum, [, w]) => sum + w, 0);
export const kindOf = (r: number): Kind => {
  let x = r * TOTAL_WEIGHT;
  for (const [kind, weight] of KINDS) {
    if (x < weight) return kind;
    x -= weight;
  }
  return 'item-detail';
};

/** The clock jumps: past a checkout hold, a reservation, the short expiries, the long ones. */
const JUMPS: [label: string, ms: number, weight: number][] = [
  ['hold', (HOLD_SECONDS + 1) * 1000, 40],
  ['reservation', (RESERVATION_SECONDS + 1) * 1000, 30],
  ['6 hours', 6 * HOUR + 1000, 18],
  ['12 hours', 12 * HOUR + 1000, 9],
  ['6 months', 183 * DAY, 3],
];
export const jumpOf = (r: number) => {
  let x = r * JUMPS.reduce((sum, [, , w]) => sum + w, 0);
  for (const jump of JUMPS) {
    if (x < jump[2]) return jump;
    x -= jump[2];
  }
  return must(JUMPS[0]);
};
export const LISTING_EXPIRIES = ['6 Months', '6 Months', '6 Hours', '12 Hours', '12 Months'];
export const OFFER_EXPIRIES = ['6 Hours', '6 Hours', '12 Hours', '6 Months'];
