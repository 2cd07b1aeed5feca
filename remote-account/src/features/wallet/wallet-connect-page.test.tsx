import { serveApi } from '@hypertek/shared/testing';
import { act, fireEvent, screen } from '@testing-library/react';

import { renderAt } from '../../test/render';
import WalletConnectPage, { CONNECTING_PREVIEW_MS } from './wallet-connect-page';

const renderConnect = () =>
  renderAt('/wallet-connect', { '/wallet-connect': <WalletConnectPage /> });

describe('/wallet-connect (static)', () => {
  afterEach(() => jest.useRealTimers());

  it('offers a browser wallet, says it never asks for a seed phrase, and explains wallets', () => {
    const sent = serveApi({});
    renderConnect();

    expect(screen.getByRole('heading', { level: 1, name: 'Connect Wallet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /MetaMask.*Browser wallet/ })).toBeInTheDocument();
    expect(screen.getByText(/never ask for your seed phrase or private key/)).toBeInTheDocument();
    fireEvent.click(screen.getByText('What is a crypto wallet?'));
    expect(screen.getByText(/keeps the keys to your digital assets/)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it("shows 'Connecting Wallet', then the unlock screen; Cancel goes back", () => {
    jest.useFakeTimers();
    renderConnect();

    fireEvent.click(screen.getByRole('button', { name: /MetaMask/ }));
    expect(screen.getByRole('heading', { name: 'Connecting Wallet' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Connect Wallet' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /MetaMask/ }));
    act(() => jest.advanceTimersByTime(CONNECTING_PREVIEW_MS));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('moves on to the sign-message screen on Unblock, calling nothing', () => {
    jest.useFakeTimers();
    const sent = serveApi({});
    const { path } = renderConnect();
    fireEvent.click(screen.getByRole('button', { name: /MetaMask/ }));
    act(() => jest.advanceTimersByTime(CONNECTING_PREVIEW_MS));

    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));

    expect(path()).toBe('/Signin-wallet');
    expect(sent).toEqual([]);
  });
});
