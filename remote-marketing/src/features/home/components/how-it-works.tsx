import { FeatureCard, type Feature } from '../../../components/feature-card';
import { MarketingSection } from '../../../components/marketing-section';

const STEPS: Feature[] = [
  {
    icon: 'wallet',
    title: 'Connect a wallet',
    text: 'Link your crypto wallet in one tap. We never ask for your seed phrase or private key.',
  },
  {
    icon: 'compass',
    title: 'Explore collections',
    text: 'Browse NFAs and land parcels from every front of the war, with prices in the open.',
  },
  {
    icon: 'swap',
    title: 'Collect and trade',
    text: 'Buy by card or wallet, make offers and list your own assets for other pilots.',
  },
  {
    icon: 'growth',
    title: 'Earn and grow',
    text: 'Put your assets to work in Quest, Racing and the Overlord Realm, and watch them level up.',
  },
];

/** The four steps of How It Works. */
export function HowItWorks() {
  return (
    <MarketingSection id="home-how" eyebrow="Start in minutes" title="How It Works" centered>
      <ol className="grid grid-4 mk-steps">
        {STEPS.map((step, i) => (
          <FeatureCard
            key={step.title}
            feature={step}
            corner={
              <span className="mk-step-number" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
            }
          />
        ))}
      </ol>
    </MarketingSection>
  );
}
