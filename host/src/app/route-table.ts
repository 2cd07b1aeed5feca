/**
 * Which remote serves which path (ARCHITECTURE.md §1). The host owns this table; each remote
 * exposes one module per page. Paths match case-insensitively (so /Profile and /profile are one).
 */
import type { RemoteName } from '@hypertek/shared';

export interface RemoteRouteEntry {
  path: string;
  remote: RemoteName;
  /** The exposed module, without './'. */
  module: string;
}

const routes = (remote: RemoteName, table: Record<string, string>): RemoteRouteEntry[] =>
  Object.entries(table).map(([path, module]) => ({ path, remote, module }));

export const REMOTE_ROUTES: readonly RemoteRouteEntry[] = [
  ...routes('marketing', {
    '/': 'home',
    '/about': 'about',
    '/funnel-page': 'funnel-page',
    '/news': 'news',
    '/whitepapers': 'whitepapers',
    '/faq': 'faq',
    '/disclaimer': 'disclaimer',
    '/terms': 'terms',
  }),
  ...routes('marketplace', {
    '/market-place': 'market-place',
    '/nfa-expand': 'nfa-expand',
    '/land': 'land',
    '/personal-activity': 'personal-activity',
    '/buy-nfa': 'buy-nfa',
    '/buy-land': 'buy-land',
    '/offer-recieved': 'offer-received',
    '/offer-received': 'offer-received',
    '/no-offer': 'no-offer',
  }),
  ...routes('account', {
    '/signup': 'signup',
    '/signin': 'signin',
    '/forgot-password': 'forgot-password',
    '/reset-password/:token': 'reset-password',
    '/profile': 'profile',
    '/Lands': 'lands',
    '/Activity': 'activity',
    '/List': 'list',
    '/edit': 'edit',
    '/wellcome': 'wellcome',
    '/Signin-wallet': 'signin-wallet',
    '/wallet-connect': 'wallet-connect',
    '/no-item-profile': 'no-item-profile',
    '/no-personal-activity': 'no-personal-activity',
  }),
  ...routes('checkout', {
    '/stripe-payment': 'stripe-payment',
    '/payment': 'payment',
    '/offer': 'offer',
    '/success': 'success',
    '/error': 'error',
    '/dashboard': 'dashboard',
    '/testing': 'testing',
  }),
];

/** Paths (lower case) that show neither top bar nor footer. */
export const BARE_PATHS = new Set(['/stripe-payment']);
