import { renderStandalone } from '@hypertek/shared/standalone';
import { lazy } from 'react';

void renderStandalone('marketing', [
  { path: '/', Page: lazy(() => import('../features/home/home-page')) },
  { path: '/about', Page: lazy(() => import('../features/about/about-page')) },
  { path: '/funnel-page', Page: lazy(() => import('../features/funnel/funnel-page')) },
  { path: '/news', Page: lazy(() => import('../features/news/news-page')) },
  { path: '/whitepapers', Page: lazy(() => import('../features/whitepapers/whitepapers-page')) },
  { path: '/faq', Page: lazy(() => import('../features/faq/faq-page')) },
  { path: '/disclaimer', Page: lazy(() => import('../features/legal/disclaimer-page')) },
  { path: '/terms', Page: lazy(() => import('../features/legal/terms-page')) },
]);
