/**
 * The routes of SPEC §2 (and the footer's and profile links) with the remote that owns each,
 * per ARCHITECTURE.md §1. The host maps paths to remotes; these tests check it against the spec.
 */
export type RemoteName = 'marketing' | 'marketplace' | 'account' | 'checkout';

export const ROUTES: readonly { path: string; remote: RemoteName; chrome: boolean }[] = [
  ...['/', '/about', '/funnel-page', '/news', '/whitepapers', '/faq', '/disclaimer', '/terms'].map(
    (path) => ({ path, remote: 'marketing' as const, chrome: true }),
  ),
  ...[
    '/market-place',
    '/nfa-expand',
    '/land',
    '/personal-activity',
    '/buy-nfa',
    '/buy-land',
    '/offer-recieved',
    '/offer-received',
    '/no-offer',
  ].map((path) => ({ path, remote: 'marketplace' as const, chrome: true })),
  ...[
    '/signup',
    '/signin',
    '/forgot-password',
    '/reset-password/e2e-sample-token',
    '/Profile',
    '/profile',
    '/Lands',
    '/Activity',
    '/List',
    '/edit',
    '/wellcome',
    '/Signin-wallet',
    '/wallet-connect',
    '/no-item-profile',
    '/no-personal-activity',
  ].map((path) => ({ path, remote: 'account' as const, chrome: true })),
  ...['/payment', '/offer', '/success', '/error', '/dashboard', '/testing'].map((path) => ({
    path,
    remote: 'checkout' as const,
    chrome: true,
  })),
  // The card payment page has neither top bar nor footer (SPEC §2, global layout).
  { path: '/stripe-payment', remote: 'checkout', chrome: false },
];
