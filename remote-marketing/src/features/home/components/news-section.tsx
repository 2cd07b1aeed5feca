import { Link } from 'react-router';

import { ItemArt } from '@hypertek/shared/ui';
import { MarketingSection } from '../../../components/marketing-section';

const PLACEHOLDER = 'New update coming up on the 25th of august';

/** One featured story and three placeholders for the next update. */
export function NewsSection() {
  return (
    <MarketingSection id="home-news" eyebrow="Transmissions" title="Latest News">
      <div className="mk-news">
        <article className="card mk-news-featured">
          <ItemArt seed="season-zero" kind="news" className="mk-news-art" />
          <div className="mk-news-body">
            <p className="eyebrow">Featured · Season Zero</p>
            <h3>Season Zero opens the gates of Neo-Kowloon</h3>
            <p className="muted">
              The first Overlord Realm season is live: 2,117 founding land parcels, a new racing
              circuit over the flooded docks and a faction leaderboard that resets every 30 days.
            </p>
            <Link to="/news" className="mk-text-link">
              Read the dispatch
            </Link>
          </div>
        </article>
        <ul className="mk-news-list">
          {[1, 2, 3].map((n) => (
            <li key={n} className="card mk-news-item">
              <ItemArt seed={`update-${n}`} kind="news" className="mk-news-thumb" />
              <p>{PLACEHOLDER}</p>
            </li>
          ))}
        </ul>
      </div>
      <div className="mk-actions mk-actions-center">
        <button type="button" className="btn btn-ghost">
          More News
        </button>
      </div>
    </MarketingSection>
  );
}
