import { formatPrice } from '@hypertek/shared';

import { Icon, type IconName } from '../../../components/icon';
import { MarketingSection } from '../../../components/marketing-section';
import {
  FUNDING,
  REWARD_TIERS,
  REWARD_TIERS_LABEL,
  type RewardTier,
} from '../../../data/constants';

const PLATFORMS = ['Kickstarter', 'Indiegogo', 'Patreon'];

const TRUST_BADGES: { icon: IconName; label: string }[] = [
  { icon: 'shield', label: 'Secure Payment' },
  { icon: 'users', label: 'Trusted by 500+' },
  { icon: 'bolt', label: 'Instant Delivery' },
  { icon: 'support', label: '24/7 Support' },
];

const fundedPercent = Number.parseInt(FUNDING.funded, 10);

function RewardTierCard({ tier }: { tier: RewardTier }) {
  const headingId = `tier-${tier.value}`;
  return (
    <li
      className={tier.popular ? 'card mk-tier mk-tier-popular' : 'card mk-tier'}
      aria-labelledby={headingId}
    >
      {tier.popular && <p className="mk-tier-badge">MOST POPULAR</p>}
      <h3 id={headingId}>{tier.title}</h3>
      <p className="mk-tier-price">
        <span className="mk-tier-now">{formatPrice(tier.price)}</span>{' '}
        <del className="muted">
          <span className="visually-hidden">was </span>
          {formatPrice(tier.originalPrice)}
        </del>
      </p>
      <p className="mk-tier-reward">{tier.reward}</p>
      <ul className="mk-tier-features">
        {tier.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" size={18} />
            {feature}
          </li>
        ))}
      </ul>
      <p className="mk-tier-limit">{REWARD_TIERS_LABEL}</p>
      <button type="button" className={tier.popular ? 'btn btn-primary' : 'btn btn-ghost'}>
        {tier.buttonText}
      </button>
    </li>
  );
}

/** 'Join Our Funding Journey': progress, reward tiers, other platforms, trust badges. */
export function FundingSection() {
  return (
    <MarketingSection
      id="funnel-funding"
      eyebrow="Back the build"
      title="Join Our Funding Journey"
      centered
      intro="Every backer gets a piece of 2117. Pick your tier — rewards ship the day the gates open."
    >
      <div className="card mk-progress">
        <ul className="mk-progress-figures">
          <li>
            <strong>{FUNDING.raised}</strong> <span className="muted">Raised</span>
          </li>
          <li>
            <strong>{FUNDING.funded}</strong> <span className="muted">Funded</span>
          </li>
          <li>
            <strong>{FUNDING.daysLeft}</strong>
          </li>
        </ul>
        <div
          className="mk-progress-bar"
          role="progressbar"
          aria-label="Funding progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={fundedPercent}
          aria-valuetext={`${FUNDING.funded} funded`}
        >
          <span style={{ width: `${fundedPercent}%` }} />
        </div>
      </div>

      <ul className="mk-tiers" aria-label="Reward tiers">
        {REWARD_TIERS.map((tier) => (
          <RewardTierCard key={tier.value} tier={tier} />
        ))}
      </ul>

      <div className="mk-platforms">
        <p className="muted">Prefer another platform? Back us on</p>
        <ul className="mk-actions mk-actions-center">
          {PLATFORMS.map((platform) => (
            <li key={platform}>
              <button type="button" className="btn btn-ghost">
                {platform}
              </button>
            </li>
          ))}
        </ul>
      </div>

      <ul className="mk-badges" aria-label="Why back with us">
        {TRUST_BADGES.map((badge) => (
          <li key={badge.label} className="mk-badge">
            <span className="mk-icon-badge">
              <Icon name={badge.icon} />
            </span>
            {badge.label}
          </li>
        ))}
      </ul>
    </MarketingSection>
  );
}
