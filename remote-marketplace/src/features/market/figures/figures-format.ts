import { formatPrice, type FigureWindow, type SalesWindow } from '@hypertek/shared';

/** What the figures show where there is no amount: no listing (floor), no sale (volume, average). */
export const NONE = '—';

/** The windows as the switch and captions say them. */
export const WINDOW_LABELS: Record<FigureWindow, { short: string; long: string }> = {
  '24h': { short: '24h', long: 'last 24 hours' },
  '7d': { short: '7d', long: 'last 7 days' },
  '30d': { short: '30d', long: 'last 30 days' },
};

/** A count with thousands separators: '1,204'. */
export const formatCount = (count: number): string =>
  String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** An amount in the product's dollars, or a dash for none. */
export const money = (amount: number | null): string =>
  amount === null ? NONE : formatPrice(amount);

/** A window's sales, volume and average as shown: a dash for the money of a window without sales. */
export function salesText(sold: SalesWindow): { sales: string; volume: string; average: string } {
  return {
    sales: formatCount(sold.sales),
    volume: sold.sales === 0 ? NONE : formatPrice(sold.volume),
    average: money(sold.average),
  };
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** A series day ('2026-11-28', UTC) as the chart labels it: 'Nov 28'. */
export function dayLabel(day: string): string {
  const [, month = '', date = ''] = day.split('-');
  const name = MONTHS[Number(month) - 1];
  return name ? `${name} ${String(Number(date))}` : day;
}
