/**
 * Which remote serves which path: the site's one route list. The host's router and its
 * first-screen frames read it; each remote's build checks its exposed pages against it
 * (scripts/rspack/route-contract.mjs), and the browser tests derive their route list from it.
 * Paths match case-insensitively (so /Profile and /profile are one). Every path and screen is
 * described in docs/product.md.
 */
import type { RemoteName } from '@hypertek/shared';

/** Path → exposed page module (without './'), per remote. */
export const ROUTE_TABLE = {
  marketing: {
    '/': 'home',
    '/about': 'about',
    '/funnel-page': 'funnel-page',
    '/news': 'news',
    '/whitepapers': 'whitepapers',
    '/faq': 'faq',
    '/disclaimer': 'disclaimer',
    '/terms': 'terms',
  },
  marketplace: {
    '/market-place': 'market-place',
    '/nfa-expand': 'nfa-expand',
    '/land': 'land',
    '/personal-activity': 'personal-activity',
    '/buy-nfa': 'buy-nfa',
    '/buy-land': 'buy-land',
    // The product's links spell it 'recieved'; the correct spelling shows the same page.
    '/offer-recieved': 'offer-received',
    '/offer-received': 'offer-received',
    '/no-offer': 'no-offer',
    // The user's watched items: the market's (docs/product.md, "Watchlist").
    '/watchlist': 'watchlist',
  },
  account: {
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
    // Staff only: the release console (docs/operations.md, "The console").
    '/console': 'console',
  },
  checkout: {
    '/stripe-payment': 'stripe-payment',
    '/payment': 'payment',
    '/offer': 'offer',
    '/success': 'success',
    '/error': 'error',
    '/dashboard': 'dashboard',
    '/testing': 'testing',
  },
} as const satisfies Record<RemoteName, Record<`/${string}`, string>>;

type RouteTable = typeof ROUTE_TABLE;

/** The page modules a remote must expose, e.g. `PageModule<'checkout'>` is 'payment' | 'offer' | …. */
export type PageModule<R extends RemoteName = RemoteName> = {
  [K in R]: RouteTable[K][keyof RouteTable[K]];
}[R];

export type RoutePath = { [R in RemoteName]: keyof RouteTable[R] }[RemoteName];

export interface RemoteRouteEntry<R extends RemoteName = RemoteName> {
  path: RoutePath;
  remote: R;
  module: PageModule<R>;
}

export const REMOTE_ROUTES: readonly RemoteRouteEntry[] = (
  Object.entries(ROUTE_TABLE) as [RemoteName, Record<RoutePath, PageModule>][]
).flatMap(([remote, table]) =>
  (Object.entries(table) as [RoutePath, PageModule][]).map(([path, module]) => ({
    path,
    remote,
    module,
  })),
);

/**
 * A route's path as a regular expression's source, to match case-insensitively:
 * `/reset-password/:token` → `^/reset-password/[^/]+/?$`.
 */
export const routePattern = (path: string): string =>
  `^${path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')}/?$`;

/** Paths (lower case) that show neither top bar nor footer: the card payment page. */
export const BARE_PATHS: ReadonlySet<string> = new Set<RoutePath>(['/stripe-payment']);
