import { expiredToken, makeUser, validToken } from '@hypertek/shared/testing';
import { bootAt } from '../../../../testing/boot';

const save = (token: string) =>
  localStorage.setItem('auth', JSON.stringify({ user: makeUser(), token, isLoggedInUser: true }));

describe('session at start', () => {
  it('starts signed out when the saved token has expired, and removes the saved copy', async () => {
    save(expiredToken());
    localStorage.setItem('token', expiredToken());

    const { rtl, session } = await bootAt('/');

    expect(session.getSnapshot().isLoggedInUser).toBe(false);
    expect(localStorage.getItem('auth')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    const topBar = rtl.within(rtl.screen.getByTestId('top-bar'));
    expect(topBar.getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
    expect(topBar.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    rtl.cleanup();
  });

  it('starts signed out when the saved token cannot be decoded', async () => {
    save('not-a-jwt');

    const { rtl, session } = await bootAt('/');

    expect(session.getSnapshot().isLoggedInUser).toBe(false);
    expect(localStorage.getItem('auth')).toBeNull();
    rtl.cleanup();
  });

  it('starts signed in from a saved session whose token is still valid', async () => {
    save(validToken());

    const { rtl, session } = await bootAt('/');

    expect(session.getSnapshot()).toMatchObject({ user: makeUser(), isLoggedInUser: true });
    const topBar = rtl.within(rtl.screen.getByTestId('top-bar'));
    expect(topBar.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(topBar.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(topBar.getByRole('combobox', { name: 'Search lands and NFAs' })).toBeInTheDocument();
    rtl.cleanup();
  });
});
