import { createAppConfig } from '../scripts/rspack/create-app-config.mjs';

/** One exposed module per page; the host's route table says which path shows which. */
export const exposes = {
  './market-place': './src/features/market/market-place-page.tsx',
  './nfa-expand': './src/features/market/nfa-expand-page.tsx',
  './land': './src/features/land/land-page.tsx',
  './personal-activity': './src/features/activity/personal-activity-page.tsx',
  './buy-nfa': './src/features/item-detail/buy-nfa-page.tsx',
  './buy-land': './src/features/item-detail/buy-land-page.tsx',
  './offer-received': './src/features/offers/offer-received-page.tsx',
  './no-offer': './src/features/offers/no-offer-page.tsx',
  './watchlist': './src/features/watchlist/watchlist-page.tsx',
};

export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'marketplace',
  port: 3002,
  title: 'Marketplace',
  exposes,
  // Pages whose first screen is rendered at build time (scripts/rspack/prerender.mjs).
  prerender: ['market-place', 'nfa-expand', 'land', 'buy-nfa', 'buy-land'],
});
