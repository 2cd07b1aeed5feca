/** The marketplace's fixed figures and texts: the product's, shown by this remote only. */
import { PLATFORM_FEE } from '@hypertek/shared';

export const SAMPLE_SELL_ITEM = {
  title: 'Monkey Ape',
  price: 1800,
  fee: PLATFORM_FEE,
  total: 1800.5,
} as const;
export const SELL_DIALOG_DELAY_MS = 100;
export const CHART = { yMaxFactor: 1.1, barThickness: 40, label: 'Purchase Amount (USD)' } as const;
export const HERO_STATS = [
  { label: 'Total Item', value: '5K' },
  { label: 'Total Volume', value: '50.5K' },
  { label: 'Listed', value: '3.5K' },
  { label: 'Owners', value: '2.6K' },
] as const;
export const OFFER_COUNT_LABEL = 'Offer 0';
export const NFA_VIEWS_LABEL = '505 Views';
