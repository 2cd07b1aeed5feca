import { createAppConfig } from '../scripts/rspack/create-app-config.mjs';

/** One exposed module per page; the host's route table says which path shows which. */
export const exposes = {
  './signup': './src/features/auth/signup-page.tsx',
  './signin': './src/features/auth/signin-page.tsx',
  './forgot-password': './src/features/auth/forgot-password-page.tsx',
  './reset-password': './src/features/auth/reset-password-page.tsx',
  './profile': './src/features/profile/profile-page.tsx',
  './lands': './src/features/profile/lands-page.tsx',
  './activity': './src/features/profile/activity-page.tsx',
  './list': './src/features/profile/list-page.tsx',
  './edit': './src/features/profile/edit-page.tsx',
  './wellcome': './src/features/wallet/wellcome-page.tsx',
  './signin-wallet': './src/features/wallet/signin-wallet-page.tsx',
  './wallet-connect': './src/features/wallet/wallet-connect-page.tsx',
  './no-item-profile': './src/features/profile/no-item-profile-page.tsx',
  './no-personal-activity': './src/features/profile/no-personal-activity-page.tsx',
  './console': './src/features/console/console-page.tsx',
};

export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'account',
  port: 3003,
  title: 'Account',
  exposes,
  // Pages whose first screen is rendered at build time (scripts/rspack/prerender.mjs).
  prerender: ['signup', 'signin', 'forgot-password'],
});
