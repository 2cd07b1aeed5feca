/** The funnel page's figures, tiers and carousel timing: the product's, shown by this remote only. */

/** A crowdfunding reward tier of the funnel page. */
export interface RewardTier {
  title: string;
  price: number;
  originalPrice: number;
  reward: string;
  features: string[];
  popular: boolean;
  buttonText: string;
  value: 'starter' | 'premium' | 'investor';
}

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
