import { createAppConfig } from '../scripts/rspack/create-app-config.mjs';

/** One exposed module per page; the host's route table says which path shows which. */
export const exposes = {
  './stripe-payment': './src/features/card-payment/stripe-payment-page.tsx',
  './payment': './src/features/card-payment/payment-page.tsx',
  './offer': './src/features/offer/offer-page.tsx',
  './success': './src/features/result/success-page.tsx',
  './error': './src/features/result/error-page.tsx',
  './dashboard': './src/features/dashboard/dashboard-page.tsx',
  './testing': './src/features/dashboard/testing-page.tsx',
};

export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'checkout',
  port: 3004,
  title: 'Checkout',
  exposes,
});
