import type { User } from '@hypertek/shared';
import { serveApi } from '@hypertek/shared/testing';
import { screen, within } from '@testing-library/react';

import { balanceRoute } from '../../test/market';
import { renderAt } from '../../test/render';
import { makeUser, signInAs } from '../../test/session';
import LandsPage from './lands-page';
import ProfilePage from './profile-page';

const WALLET = '0x52908400098527886e0f7030069857d2e4169ee7';

/** The profile of `user`, with an empty market and land list. */
async function profileOf(user: User, page: 'profile' | 'lands' = 'profile') {
  serveApi({ '*': { data: { success: true, data: [] } }, ...balanceRoute() });
  signInAs(user);
  if (page === 'profile') renderAt('/Profile', { '/Profile': <ProfilePage /> });
  else renderAt('/Lands', { '/Lands': <LandsPage /> });
  await screen.findByRole('heading', { name: 'No Listing' });
}
const methods = () =>
  within(screen.getByRole('list', { name: 'Signs in with' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the sign-ins the profile shows', () => {
  it('an e-mail account: e-mail and password', async () => {
    await profileOf(makeUser({ Password: true }));
    expect(methods()).toEqual(['Email & password']);
  });

  it('a wallet account: the short wallet address (the full one on hover), and that address as its name', async () => {
    await profileOf(
      makeUser({
        FullName: '',
        Email: '',
        Password: false,
        WalletAddress: WALLET,
      }),
    );

    expect(methods()).toEqual(['Wallet 0x5290…9ee7']);
    expect(screen.getByText('Wallet 0x5290…9ee7')).toHaveAttribute('title', WALLET);
    expect(screen.getByRole('heading', { level: 1, name: '0x5290…9ee7' })).toBeInTheDocument();
  });

  it('an account with several: each of them', async () => {
    await profileOf(
      makeUser({ Password: true, GoogleId: 'g-109', DiscordId: 'd-42', WalletAddress: WALLET }),
    );
    expect(methods()).toEqual(['Email & password', 'Wallet 0x5290…9ee7', 'Google', 'Discord']);
  });

  it('a Google or Discord account without a password: no e-mail and password', async () => {
    await profileOf(makeUser({ Password: false, GoogleId: 'g-109' }));
    expect(methods()).toEqual(['Google']);
  });

  it('on every profile tab', async () => {
    await profileOf(makeUser({ Password: false, DiscordId: 'd-42' }), 'lands');
    expect(methods()).toEqual(['Discord']);
  });

  it('nothing for a saved user that predates the sign-in fields', async () => {
    await profileOf(makeUser({ Password: false }));
    expect(screen.queryByRole('list', { name: 'Signs in with' })).not.toBeInTheDocument();
  });
});
