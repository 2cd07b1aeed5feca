/** The business constants and limits (docs/product.md, Constants). Nothing here is configuration: it is the product. */
import type { RewardTier } from './types';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const FULL_NAME_MAX_LENGTH = 30;

/** Platform fee, display only (USDT). Total = price + fee. */
export const PLATFORM_FEE = 0.5;
export const CURRENCY = 'usd';
export const SAMPLE_SELL_ITEM = {
  title: 'Monkey Ape',
  price: 1800,
  fee: PLATFORM_FEE,
  total: 1800.5,
} as const;

export const OFFER_EXPIRY_OPTIONS = [
  '6 Hours',
  '12 Hours',
  '6 Months',
  '12 Months',
  '1 Year',
] as const;
export type OfferExpiry = (typeof OFFER_EXPIRY_OPTIONS)[number];
export const DEFAULT_OFFER_EXPIRY: OfferExpiry = '6 Hours';

export const CARDS_PER_LIST = 4;
export const ACTIVITY_ROWS = 5;

export const SEARCH_MIN_LENGTH = 2; // "longer than 1 character"
export const SEARCH_DEBOUNCE_MS = 300;

export const WALLET_SIGNATURE_TIMEOUT_MS = 20_000;
export const WALLET_PROMPT_DELAY_MS = 1_000;
export const WALLET_PROMPT_DURATION_MS = 10_000;
export const WALLET_HELP_TOAST_MS = 8_000;
export const SELL_DIALOG_DELAY_MS = 100;
export const COPIED_INDICATOR_MS = 2_000;

export const CHART = { yMaxFactor: 1.1, barThickness: 40, label: 'Purchase Amount (USD)' } as const;

export const HERO_STATS = [
  { label: 'Total Item', value: '5K' },
  { label: 'Total Volume', value: '50.5K' },
  { label: 'Listed', value: '3.5K' },
  { label: 'Owners', value: '2.6K' },
] as const;
export const PROFILE_BALANCE = '$3000';
export const OFFER_COUNT_LABEL = 'Offer 0';
export const NFA_VIEWS_LABEL = '505 Views';

export const FUNNEL_STATS = [
  { value: '250K+', label: 'Games Available' },
  { value: '500K+', label: 'Active Users' },
  { value: '$50M+', label: 'Transactions' },
  { value: '99.8%', label: 'Satisfaction' },
] as const;
export const FUNDING = { raised: '$128K', funded: '84%', daysLeft: '28 Days Left' } as const;
export const REWARD_TIERS_LABEL = 'Limited spots available';
export const REWARD_TIERS: readonly RewardTier[] = [
  {
    title: 'Early Supporter',
    price: 25,
    originalPrice: 50,
    reward: 'Founding supporter badge',
    features: ['Digital thank-you card', 'Name in the credits', 'Early news'],
    popular: false,
    buttonText: 'Become Supporter',
    value: 'starter',
  },
  {
    title: 'Premium Backer',
    price: 99,
    originalPrice: 150,
    reward: 'Exclusive in-game NFA',
    features: ['Everything in Early Supporter', 'Beta access', 'Exclusive skin'],
    popular: true,
    buttonText: 'Join as Backer',
    value: 'premium',
  },
  {
    title: 'Visionary Investor',
    price: 249,
    originalPrice: 400,
    reward: 'Founders land parcel',
    features: ['Everything in Premium Backer', 'Land parcel in 2117', 'Private roadmap calls'],
    popular: false,
    buttonText: 'Invest as Visionary',
    value: 'investor',
  },
];

export const CAROUSEL_INTERVAL_MS = 4_000;
export const CAROUSEL_WIDE_MIN_WIDTH = 768;
export const HOME_LOADING_MS = 1_000;

export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = { neutral: 4_000, error: 4_000, success: 2_000 } as const;

export const RIGHTS_YEAR = 2025;

/** Amounts go to the payment provider in cents: multiplied by 100 and rounded. */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** Total shown in the buy dialogs: price + platform fee. */
export const totalWithFee = (price: number): number =>
  Math.round((price + PLATFORM_FEE) * 100) / 100;

const DAY_MS = 86_400_000;
/** Age of an activity entry in whole days, as 'Nd'; '0d' for a date in the future or unreadable. */
export function formatAge(time: string | number | Date, now: number = Date.now()): string {
  const at = new Date(time).getTime();
  if (Number.isNaN(at) || at > now) return '0d';
  return `${Math.floor((now - at) / DAY_MS)}d`;
}
