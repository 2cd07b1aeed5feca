import { renderStandalone } from '@hypertek/shared/standalone';
import { lazy } from 'react';

void renderStandalone('marketplace', [
  { path: '/market-place', Page: lazy(() => import('../features/market/market-place-page')) },
  { path: '/nfa-expand', Page: lazy(() => import('../features/market/nfa-expand-page')) },
  { path: '/land', Page: lazy(() => import('../features/land/land-page')) },
  {
    path: '/personal-activity',
    Page: lazy(() => import('../features/activity/personal-activity-page')),
  },
  { path: '/buy-nfa', Page: lazy(() => import('../features/item-detail/buy-nfa-page')) },
  { path: '/buy-land', Page: lazy(() => import('../features/item-detail/buy-land-page')) },
  { path: '/offer-received', Page: lazy(() => import('../features/offers/offer-received-page')) },
  { path: '/offer-recieved', Page: lazy(() => import('../features/offers/offer-received-page')) },
  { path: '/no-offer', Page: lazy(() => import('../features/offers/no-offer-page')) },
  { path: '/watchlist', Page: lazy(() => import('../features/watchlist/watchlist-page')) },
]);
