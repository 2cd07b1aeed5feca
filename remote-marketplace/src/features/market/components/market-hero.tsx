import { MarketSearch } from './market-search';
import { HERO_STATS } from '../../../data/constants';

/** The marketplace hero: heading, paragraph, the four static tiles and the search box. */
export function MarketHero() {
  return (
    <section className="container mp-hero" aria-labelledby="mp-hero-title">
      <div className="mp-hero-copy">
        <p className="eyebrow">Hyper Tek Marketplace · 2117</p>
        <h1 id="mp-hero-title">A New Era Dawns in Hyper Tek</h1>
        <p className="lead">
          Trade the relics of three fronts of war: collectible NFAs forged in quest, racing and the
          overlord realm, and land parcels across the colonies. Every item is yours to hold, list or
          sell.
        </p>
        <div className="mp-hero-search">
          <MarketSearch />
        </div>
      </div>
      <dl className="mp-stats">
        {HERO_STATS.map(({ label, value }) => (
          <div key={label} className="mp-stat">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
