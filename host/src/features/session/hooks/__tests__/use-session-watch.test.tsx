import { session } from '@hypertek/shared';
import { makeUser, signIn, tokenExpiringIn, validToken } from '@hypertek/shared/testing';
import { act, screen, within } from '@testing-library/react';

import { renderPage } from '../../../../testing/render';

const topBar = () => within(screen.getByTestId('top-bar'));
const signedOutBar = () => {
  expect(topBar().getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
  expect(topBar().queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
};

describe('session watch', () => {
  afterEach(() => jest.useRealTimers());

  it('signs out when the token has expired by the time the visitor changes page', async () => {
    jest.useFakeTimers();
    signIn(makeUser(), tokenExpiringIn(60));
    const { navigate } = await renderPage('/market-place');
    expect(topBar().getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    jest.setSystemTime(Date.now() + 61_000);
    await navigate('/news');

    signedOutBar();
    expect(session.getSnapshot().isLoggedInUser).toBe(false);
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('signs out when the visitor comes back to the tab after the token expired', async () => {
    jest.useFakeTimers();
    signIn(makeUser(), tokenExpiringIn(60));
    await renderPage('/');

    jest.setSystemTime(Date.now() + 61_000);
    act(() => void window.dispatchEvent(new FocusEvent('focus')));

    signedOutBar();
  });

  it('stays signed in while the token is valid', async () => {
    signIn();
    const { navigate } = await renderPage('/');

    await navigate('/news');
    act(() => void window.dispatchEvent(new FocusEvent('focus')));

    expect(topBar().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('picks up a sign-in and a sign-out made in another tab', async () => {
    await renderPage('/');
    signedOutBar();

    const saved = JSON.stringify({ user: makeUser(), token: validToken(), isLoggedInUser: true });
    localStorage.setItem('auth', saved);
    act(
      () =>
        void window.dispatchEvent(new StorageEvent('storage', { key: 'auth', newValue: saved })),
    );
    expect(topBar().getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    localStorage.removeItem('auth');
    act(
      () => void window.dispatchEvent(new StorageEvent('storage', { key: 'auth', newValue: null })),
    );
    signedOutBar();
  });
});
