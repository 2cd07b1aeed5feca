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

/** A concrete address for a route's path (a sample value for its parameters). */
const sample = (path: string) => path.replace(':token', 'abc123');

describe('route table', () => {
  it.each(REMOTE_ROUTES.map((route) => [route.path, route] as const))(
    '%s is served by the page its table entry names',
    (path, { remote, module }) => {
      expect(served(sample(path))).toEqual({ remote, module });
    },
  );

  it('lists each path once, whatever its case', () => {
    const paths = REMOTE_ROUTES.map(({ path }) => path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
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
