/** The dispatches on /news, newest first. */
export interface NewsArticle {
  slug: string;
  date: string;
  category: 'Update' | 'Season' | 'Marketplace' | 'Community' | 'Studio';
  title: string;
  summary: string;
}

export const NEWS_ARTICLES: readonly NewsArticle[] = [
  {
    slug: 'season-zero',
    date: '2026-11-12',
    category: 'Season',
    title: 'Season Zero opens the gates of Neo-Kowloon',
    summary:
      'The first Overlord Realm season is live: 2,117 founding land parcels, a new racing circuit over the flooded docks and a faction leaderboard that resets every 30 days. Founders who claim a parcel in the first week earn the Gatebreaker banner.',
  },
  {
    slug: 'racing-circuit-orbital-9',
    date: '2026-10-28',
    category: 'Update',
    title: 'Orbital-9: a racing circuit with no floor',
    summary:
      'Our longest track yet loops around a broken space elevator. Zero-g sections, magnetic rails and a shortcut that only the bravest rigs survive.',
  },
  {
    slug: 'marketplace-offers',
    date: '2026-10-14',
    category: 'Marketplace',
    title: 'Offers arrive on the MarketPlace',
    summary:
      'You can now make an offer on any listed NFA or land parcel, choose how long it stays open — from 6 hours to a year — and pay by card or wallet when it is accepted.',
  },
  {
    slug: 'pilots-council',
    date: '2026-09-30',
    category: 'Community',
    title: 'The Pilots’ Council holds its first vote',
    summary:
      'Twelve elected players now review every balance change before it ships. Their first decision: a cap on land taxes in contested zones.',
  },
  {
    slug: 'art-of-2117',
    date: '2026-09-16',
    category: 'Studio',
    title: 'Behind the neon: the art of 2117',
    summary:
      'Our art director walks through the rain, rust and light of the last cities on Earth, from first sketches to in-game skylines.',
  },
  {
    slug: 'security-review',
    date: '2026-09-02',
    category: 'Marketplace',
    title: 'Independent security review completed',
    summary:
      'An external audit of our payment and wallet flows found no critical issues. Remember: Hyper Tek will never ask for your seed phrase or private key.',
  },
  {
    slug: 'founders-alpha',
    date: '2026-08-19',
    category: 'Studio',
    title: 'Founders’ alpha: what 4,000 pilots taught us',
    summary:
      'Six weeks, 4,000 testers and 18,000 bug reports later: the changes we made to racing physics, land taxes and the first hour of Quest.',
  },
];
