import { FeatureCard, type Feature } from '../../../components/feature-card';
import { SectionHeading } from '../../../components/section-heading';

/** The game's three modes. */
const MODES: Feature[] = [
  {
    icon: 'quest',
    title: 'Quest',
    text: 'Lead a strike team through the drowned megacities, uncover the origin of the Hyper Tek grid and earn relics that exist nowhere else.',
  },
  {
    icon: 'racing',
    title: 'Racing',
    text: 'Tune your hover-rig and tear through orbital circuits at 900 km/h. Every podium finish leaves a trace on-chain.',
  },
  {
    icon: 'realm',
    title: 'Overlord Realm',
    text: 'Claim land parcels, raise fortresses and command armies in the strategy layer where factions fight for the planet.',
  },
];

/** The story of 2117 and the game's three modes. */
export function StorySection() {
  return (
    <section className="container section" aria-labelledby="home-story">
      <div className="mk-split">
        <SectionHeading
          id="home-story"
          eyebrow="The world of 2117"
          title="A planet rebuilt by machines, ruled by none"
        >
          A century after the Collapse, the Hyper Tek grid powers every city on Earth — and whoever
          controls its nodes controls the future. Corporations, rebel crews and rogue AIs race to
          seize it. Pick your front.
        </SectionHeading>
        <ul className="mk-modes">
          {MODES.map((mode) => (
            <FeatureCard key={mode.title} feature={mode} layout="row" />
          ))}
        </ul>
      </div>
    </section>
  );
}
