import type { RemoteName } from '@hypertek/shared';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';

import { routes } from '../router';
import { NO_SEARCH_PATHS, NO_SIGNUP_BUTTON_PATHS } from '../../features/top-bar/top-bar-paths';
import { isOnPath } from '../../lib/paths';
import { BARE_PATHS, REMOTE_ROUTES } from '../route-table';

/** What the host's router renders at `path`: the remote and module, or another screen. */
function served(path: string): { remote: RemoteName; module: string } | string {
  const match = matchRoutes(routes, path)?.at(-1);
  const element = match?.route.element;
  if (!isValidElement<{ remote?: RemoteName; module?: string }>(element)) return 'nothing';
  const { remote, module } = element.props;
  if (remote && module) return { remote, module };
  return typeof element.type === 'function' ? element.type.name : element.type;
}

// Every route of SPEC §2 (and the footer's, and /offer-received), owned as ARCHITECTURE.md §1 says.
const OWNERS: [path: string, remote: RemoteName][] = [
  ['/', 'marketing'],
  ['/about', 'marketing'],
  ['/funnel-page', 'marketing'],
  ['/news', 'marketing'],
  ['/whitepapers', 'marketing'],
  ['/faq', 'marketing'],
  ['/disclaimer', 'marketing'],
  ['/terms', 'marketing'],
  ['/market-place', 'marketplace'],
  ['/nfa-expand', 'marketplace'],
  ['/land', 'marketplace'],
  ['/personal-activity', 'marketplace'],
  ['/buy-nfa', 'marketplace'],
  ['/buy-land', 'marketplace'],
  ['/offer-recieved', 'marketplace'],
  ['/offer-received', 'marketplace'],
  ['/no-offer', 'marketplace'],
  ['/signup', 'account'],
  ['/signin', 'account'],
  ['/forgot-password', 'account'],
  ['/reset-password/abc123', 'account'],
  ['/Profile', 'account'],
  ['/profile', 'account'],
  ['/Lands', 'account'],
  ['/Activity', 'account'],
  ['/List', 'account'],
  ['/edit', 'account'],
  ['/wellcome', 'account'],
  ['/Signin-wallet', 'account'],
  ['/wallet-connect', 'account'],
  ['/no-item-profile', 'account'],
  ['/no-personal-activity', 'account'],
  ['/stripe-payment', 'checkout'],
  ['/payment', 'checkout'],
  ['/offer', 'checkout'],
  ['/success', 'checkout'],
  ['/error', 'checkout'],
  ['/dashboard', 'checkout'],
  ['/testing', 'checkout'],
];

describe('route table', () => {
  it.each(OWNERS)('%s is served by the %s remote', (path, remote) => {
    expect(served(path)).toEqual({ remote, module: expect.any(String) as string });
  });

  it('has no route that the spec does not list', () => {
    const listed = new Set(OWNERS.map(([path]) => path.toLowerCase()));
    const unlisted = REMOTE_ROUTES.map(({ path }) =>
      path.replace(':token', 'abc123').toLowerCase(),
    );
    expect(unlisted.filter((path) => !listed.has(path))).toEqual([]);
  });

  it('serves both spellings of the offers page with one module', () => {
    expect(served('/offer-recieved')).toEqual(served('/offer-received'));
  });

  it('matches paths whatever their case, so /PROFILE is /profile', () => {
    expect(served('/PROFILE')).toEqual(served('/profile'));
    expect(served('/lands')).toEqual(served('/Lands'));
    expect(served('/SIGNIN-WALLET')).toEqual(served('/Signin-wallet'));
  });

  it('gives /home its loading screen and every other path the not-found screen', () => {
    expect(served('/home')).toBe('HomeLoading');
    expect(served('/nope')).toBe('NotFound');
    expect(served('/reset-password')).toBe('NotFound');
    expect(served('/about/deeper')).toBe('NotFound');
  });

  it('shows no top bar or footer on /stripe-payment only', () => {
    expect([...BARE_PATHS]).toEqual(['/stripe-payment']);
  });
});

describe('isOnPath', () => {
  it.each([
    ['/signup', true],
    ['/SignUp', true],
    ['/SIGNIN', true],
    ['/signin/', true],
    ['/Forgot-Password', true],
    ['/', false],
    ['/about', false],
    ['/signups', false],
    ['/signin-wallet', false],
    ['/Signin-wallet', false],
  ])('hides the Sign Up button on %s: %s', (path, hidden) => {
    expect(isOnPath(path, NO_SIGNUP_BUTTON_PATHS)).toBe(hidden);
  });

  it.each([
    ['/reset-password/abc', true],
    ['/Reset-Password/ABC', true],
    ['/About', true],
    ['/about/', true],
    ['/', false],
    ['/market-place', false],
    ['/profile', false],
    ['/aboutus', false],
  ])('hides the search box on %s: %s', (path, hidden) => {
    expect(isOnPath(path, NO_SEARCH_PATHS)).toBe(hidden);
  });

  it('treats an empty path or repeated slashes as the root', () => {
    expect(isOnPath('', ['/'])).toBe(true);
    expect(isOnPath('///', ['/'])).toBe(true);
  });
});
