import { Link } from 'react-router';

const TICKER = Array.from({ length: 10 }, (_, i) => i);

/** / — the home page (SPEC §2 Home). Sections fill in with the marketing issue. */
export default function HomePage() {
  return (
    <>
      <section className="container section">
        <p className="muted">YEAR 2117 · QUEST · RACING · OVERLORD REALM</p>
        <h1>
          Rule the <span className="gradient-text">Hyper Tek</span> frontier
        </h1>
        <p className="lead">
          Three modes, one war for the future. Collect NFAs, claim land parcels and trade them on
          the marketplace.
        </p>
        <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
          <Link to="/market-place" className="btn btn-primary">
            MarketPlace
          </Link>
          <button type="button" className="btn btn-ghost desktop-only">
            Download Game
          </button>
        </div>
      </section>
      <div className="ticker" aria-hidden="true">
        {TICKER.map((i) => (
          <span key={i}>HYPER TEK 2117</span>
        ))}
      </div>
    </>
  );
}
