import { renderStandalone } from '@hypertek/shared/standalone';
import { lazy } from 'react';

void renderStandalone('checkout', [
  {
    path: '/stripe-payment',
    Page: lazy(() => import('../features/card-payment/stripe-payment-page')),
  },
  { path: '/payment', Page: lazy(() => import('../features/card-payment/payment-page')) },
  { path: '/offer', Page: lazy(() => import('../features/offer/offer-page')) },
  { path: '/success', Page: lazy(() => import('../features/result/success-page')) },
  { path: '/error', Page: lazy(() => import('../features/result/error-page')) },
  { path: '/dashboard', Page: lazy(() => import('../features/dashboard/dashboard-page')) },
  { path: '/testing', Page: lazy(() => import('../features/dashboard/testing-page')) },
]);
