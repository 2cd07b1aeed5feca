import { Link } from 'react-router';

/**
 * Orbiting rings around a neon planet: the hero's artwork, drawn in SVG. The orbit is its own
 * element over the still picture, so its rotation runs on the compositor: nothing is repainted
 * (and the glow is not filtered again) on each frame.
 */
function HeroArt() {
  return (
    <div className="mk-hero-art" aria-hidden="true">
      <svg className="mk-hero-art-still" viewBox="0 0 400 400" focusable="false">
        <defs>
          <radialGradient id="mk-hero-planet" cx="35%" cy="30%" r="75%">
            <stop offset="0" stopColor="#7af3ff" />
            <stop offset="0.45" stopColor="#7a5cff" />
            <stop offset="1" stopColor="#1a0b3d" />
          </radialGradient>
        </defs>
        <circle cx="200" cy="200" r="180" fill="none" stroke="#26305e" strokeDasharray="4 10" />
        <circle cx="200" cy="200" r="110" fill="url(#mk-hero-planet)" />
        <path d="M120 230 q80 40 160 0" stroke="#00e5ff" strokeOpacity="0.5" fill="none" />
        <path d="M110 190 q90 30 180 -5" stroke="#00e5ff" strokeOpacity="0.35" fill="none" />
        <circle cx="60" cy="80" r="2" fill="#e8ecff" />
        <circle cx="340" cy="320" r="2.5" fill="#e8ecff" />
        <circle cx="310" cy="60" r="1.5" fill="#e8ecff" />
      </svg>
      <svg className="mk-hero-art-orbit" viewBox="0 0 400 400" focusable="false">
        <defs>
          <linearGradient id="mk-hero-ring" x1="0" x2="1">
            <stop offset="0" stopColor="#00e5ff" />
            <stop offset="1" stopColor="#ff2bd6" />
          </linearGradient>
        </defs>
        <ellipse
          cx="200"
          cy="200"
          rx="170"
          ry="48"
          fill="none"
          stroke="url(#mk-hero-ring)"
          strokeWidth="3"
          transform="rotate(-18 200 200)"
        />
        <circle cx="362" cy="148" r="9" fill="#ff2bd6" />
      </svg>
    </div>
  );
}

export function HomeHero() {
  return (
    <section className="mk-hero" aria-labelledby="home-title">
      <div className="container mk-hero-inner">
        <div className="mk-hero-copy">
          <p className="eyebrow">Year 2117 · Quest · Racing · Overlord Realm</p>
          <h1 id="home-title">
            Rule the <span className="gradient-text">Hyper Tek</span> frontier
          </h1>
          <p className="lead">
            Earth&apos;s last cities are at war over the Hyper Tek grid. Pilot, race and conquer
            across three modes — then collect, trade and own the NFAs and land parcels you fight
            for.
          </p>
          <div className="mk-actions">
            <Link to="/market-place" className="btn btn-primary">
              MarketPlace
            </Link>
            <button type="button" className="btn btn-ghost mk-desktop-only">
              Download Game
            </button>
          </div>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}
