import { renderStandalone } from '@hypertek/shared/standalone';
import { lazy } from 'react';

void renderStandalone('account', [
  { path: '/signup', Page: lazy(() => import('../features/auth/signup-page')) },
  { path: '/signin', Page: lazy(() => import('../features/auth/signin-page')) },
  { path: '/forgot-password', Page: lazy(() => import('../features/auth/forgot-password-page')) },
  {
    path: '/reset-password/:token',
    Page: lazy(() => import('../features/auth/reset-password-page')),
  },
  { path: '/profile', Page: lazy(() => import('../features/profile/profile-page')) },
  { path: '/Lands', Page: lazy(() => import('../features/profile/lands-page')) },
  { path: '/Activity', Page: lazy(() => import('../features/profile/activity-page')) },
  { path: '/List', Page: lazy(() => import('../features/profile/list-page')) },
  { path: '/edit', Page: lazy(() => import('../features/profile/edit-page')) },
  { path: '/wellcome', Page: lazy(() => import('../features/wallet/wellcome-page')) },
  { path: '/Signin-wallet', Page: lazy(() => import('../features/wallet/signin-wallet-page')) },
  { path: '/wallet-connect', Page: lazy(() => import('../features/wallet/wallet-connect-page')) },
  {
    path: '/no-item-profile',
    Page: lazy(() => import('../features/profile/no-item-profile-page')),
  },
  {
    path: '/no-personal-activity',
    Page: lazy(() => import('../features/profile/no-personal-activity-page')),
  },
]);
