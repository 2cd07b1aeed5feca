import { serveApi } from '@hypertek/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderAt } from '../../test/render';
import SigninWalletPage from './signin-wallet-page';
import WellcomePage from './wellcome-page';

describe('/Signin-wallet (static)', () => {
  it.each([
    ['Sign Message', '/wellcome'],
    ['Cancel', '/signin'],
  ])('shows the message to sign; %p signs nothing and goes to %p', async (button, to) => {
    const sent = serveApi({});
    const { path } = renderAt('/Signin-wallet', { '/Signin-wallet': <SigninWalletPage /> });

    expect(screen.getByText(/Login to Hyper Tek/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: button }));

    expect(path()).toBe(to);
    expect(sent).toEqual([]);
  });
});

describe('/wellcome', () => {
  it('welcomes the pilot with ways on to the profile and the market', () => {
    renderAt('/wellcome', { '/wellcome': <WellcomePage /> });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Hyper Tek');
    expect(screen.getByRole('link', { name: 'Go to Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Visit MarketPlace' })).toHaveAttribute(
      'href',
      '/market-place',
    );
  });
});
