import '../../styles/marketing.css';
import '../../styles/about.css';

import { ItemArt, type ArtKind } from '@hypertek/shared/ui';
import { MarketingSection } from '../../components/marketing-section';
import { SectionHeading } from '../../components/section-heading';
import { stayHere } from '../../lib/stay-here';

const FRONTS = [
  {
    name: 'The Quest front',
    text: 'Beneath the flooded megacities lie the vaults of the old world. Strike teams go down for relics that rewrite the balance of power — and not all of them come back.',
  },
  {
    name: 'The Racing front',
    text: 'On the orbital circuits, factions settle disputes at 900 km/h. Sponsors, salvage rights and reputation change hands with every finish line.',
  },
  {
    name: 'The Overlord Realm',
    text: 'On the surface, land is power. Overlords raise fortresses on their parcels, tax the grid that runs through them and march armies across the map.',
  },
];

const ECOSYSTEM: { title: string; kind: ArtKind; text: string }[] = [
  {
    title: 'NFA',
    kind: 'nfa',
    text: 'Non-Fungible Assets: pilots, rigs, weapons and relics that you truly own. Each one carries its serial number and history from battle to battle.',
  },
  {
    title: 'Game',
    kind: 'land',
    text: 'Three modes on one persistent world. What you win in Quest you race with, and what you race for you defend in the Overlord Realm.',
  },
  {
    title: 'MarketPlace',
    kind: 'news',
    text: 'Buy by card or wallet, make offers and list your own NFAs and land parcels. Prices are public, fees are flat and shown before you confirm.',
  },
];

/** /about — the story, the three fronts and the ecosystem. */
export default function AboutPage() {
  return (
    <div className="mk-page">
      <header className="container page-header mk-about-header">
        <p className="eyebrow">About Hyper Tek</p>
        <h1>
          The war for <span className="gradient-text">2117</span> starts here
        </h1>
        <p className="lead">
          Hyper Tek is a game, a collection and a market — one world where what you earn in battle
          is yours to keep, trade or build on.
        </p>
      </header>

      <section className="container section mk-split" aria-labelledby="about-story">
        <div>
          <SectionHeading id="about-story" eyebrow="Our story" title="After the Collapse" />
          <p>
            In 2117 the old nations are gone. What is left of humanity lives in vertical cities
            wired together by the Hyper Tek grid — a planet-wide network that carries power, money
            and memory. Whoever holds its nodes decides who eats, who travels and who is forgotten.
          </p>
          <p className="muted">
            We started Hyper Tek to build the game we wanted to play: a world that remembers what
            you did in it. Every pilot, rig and parcel of land is an asset that belongs to a player,
            not to a server — and it keeps its story when it changes hands.
          </p>
        </div>
        <div className="mk-about-visual">
          <ItemArt seed="about-city" kind="land" label="A neon skyline over the 2117 frontier" />
        </div>
      </section>

      <MarketingSection
        id="about-fronts"
        eyebrow="The conflict"
        title="Three Fronts of War"
        intro="Three factions, one grid, and three ways to fight for it. Every front feeds the others."
      >
        <ol className="mk-fronts">
          {FRONTS.map((front, i) => (
            <li key={front.name} className="mk-front">
              <span className="mk-front-index" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <h3>{front.name}</h3>
              <p className="muted">{front.text}</p>
            </li>
          ))}
        </ol>
        <div className="mk-actions">
          {/* A dead link: the download has no target yet. */}
          <a href="#" className="btn btn-primary" onClick={stayHere}>
            Download Game
          </a>
        </div>
      </MarketingSection>

      <MarketingSection
        id="about-ecosystem"
        eyebrow="One world"
        title="Our Ecosystem"
        centered
        intro="Three pieces that work as one: the assets, the game that gives them meaning and the market where they change hands."
      >
        <ul className="grid grid-3 mk-ecosystem">
          {ECOSYSTEM.map((part) => (
            <li key={part.title} className="card mk-ecosystem-card">
              <ItemArt seed={`eco-${part.title}`} kind={part.kind} className="mk-ecosystem-art" />
              <h3>{part.title}</h3>
              <p className="muted">{part.text}</p>
            </li>
          ))}
        </ul>
      </MarketingSection>
    </div>
  );
}
