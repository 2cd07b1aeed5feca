import { RevealSection } from '../../../components/reveal-section';
import { StatList } from '../../../components/stat-list';
import { FUNNEL_STATS } from '../../../data/constants';

export function FunnelHero() {
  return (
    <RevealSection labelledBy="funnel-title">
      <div className="container mk-funnel-hero">
        <p className="eyebrow">Hyper Tek · Crowdfunding 2117</p>
        <h1 id="funnel-title" className="gradient-text">
          The Ultimate Gaming Marketplace
        </h1>
        <p className="lead">
          Buy, sell and truly own the games and assets you love. Join the players, studios and
          backers building the marketplace of 2117 — before the gates open to everyone.
        </p>
        <div className="mk-actions mk-actions-center mk-desktop-only">
          <button type="button" className="btn btn-primary">
            Explore Marketplace
          </button>
          <button type="button" className="btn btn-ghost">
            Start Selling Games
          </button>
        </div>
        <StatList stats={FUNNEL_STATS} label="Marketplace in figures" />
      </div>
    </RevealSection>
  );
}
