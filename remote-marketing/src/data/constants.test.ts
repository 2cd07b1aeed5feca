import { REWARD_TIERS, REWARD_TIERS_LABEL } from './constants';

describe('REWARD_TIERS', () => {
  it('are labelled Limited spots available', () => {
    expect(REWARD_TIERS_LABEL).toBe('Limited spots available');
  });

  it('list the three tiers with the product titles, prices, values and buttons', () => {
    expect(
      REWARD_TIERS.map(({ title, price, originalPrice, value, buttonText, popular }) => ({
        title,
        price,
        originalPrice,
        value,
        buttonText,
        popular,
      })),
    ).toEqual([
      {
        title: 'Early Supporter',
        price: 25,
        originalPrice: 50,
        value: 'starter',
        buttonText: 'Become Supporter',
        popular: false,
      },
      {
        title: 'Premium Backer',
        price: 99,
        originalPrice: 150,
        value: 'premium',
        buttonText: 'Join as Backer',
        popular: true,
      },
      {
        title: 'Visionary Investor',
        price: 249,
        originalPrice: 400,
        value: 'investor',
        buttonText: 'Invest as Visionary',
        popular: false,
      },
    ]);
  });

  it('each have a reward and features to show', () => {
    for (const tier of REWARD_TIERS) {
      expect(tier.reward).not.toBe('');
      expect(tier.features.length).toBeGreaterThan(0);
    }
  });
});
