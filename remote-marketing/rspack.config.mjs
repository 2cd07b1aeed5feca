import { createAppConfig } from '../scripts/rspack/create-app-config.mjs';

/** One exposed module per page; the host's route table says which path shows which. */
export const exposes = {
  './home': './src/features/home/home-page.tsx',
  './about': './src/features/about/about-page.tsx',
  './funnel-page': './src/features/funnel/funnel-page.tsx',
  './news': './src/features/news/news-page.tsx',
  './whitepapers': './src/features/whitepapers/whitepapers-page.tsx',
  './faq': './src/features/faq/faq-page.tsx',
  './disclaimer': './src/features/legal/disclaimer-page.tsx',
  './terms': './src/features/legal/terms-page.tsx',
};

export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'marketing',
  port: 3001,
  title: 'Marketing',
  exposes,
  // Pages whose first screen is rendered at build time (scripts/rspack/prerender.mjs).
  prerender: ['home', 'about', 'funnel-page', 'news', 'whitepapers', 'faq', 'disclaimer', 'terms'],
});
