import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { land, nfa, storeItem } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-route';
import PaymentPage from '../payment-page';

beforeEach(() => localStorage.clear());

describe('/payment', () => {
  it('sends a card buyer to /stripe-payment with the item', async () => {
    renderPage('/payment', <PaymentPage />, { pathname: '/payment', state: nfa });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Choose how to pay' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Pay by card/ }));
    expect(screen.getByTestId('probe-path')).toHaveTextContent('/stripe-payment');
    expect(JSON.parse(screen.getByTestId('probe-state').textContent)).toEqual(nfa);
  });

  it('takes the stored item when it came without one, and passes it on to /offer', async () => {
    storeItem(land);
    renderPage('/payment', <PaymentPage />);
    expect(screen.getByRole('heading', { name: 'Sector 7 Parcel' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Make an offer/ }));
    expect(screen.getByTestId('probe-path')).toHaveTextContent('/offer');
    expect(JSON.parse(screen.getByTestId('probe-state').textContent)).toEqual(land);
  });

  it('keeps the wallet path static: it only explains, and goes nowhere', async () => {
    renderPage('/payment', <PaymentPage />, { pathname: '/payment', state: nfa });
    const wallet = screen.getByRole('button', { name: /Pay with a crypto wallet/ });
    expect(wallet).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(wallet);
    expect(wallet).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/never ask for your seed phrase/)).toBeVisible();
    expect(screen.queryByTestId('probe-path')).not.toBeInTheDocument();
  });

  it('asks to pick an item when there is none', () => {
    renderPage('/payment', <PaymentPage />);
    expect(screen.getByRole('heading', { name: 'No item selected' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the MarketPlace' })).toHaveAttribute(
      'href',
      '/market-place',
    );
  });
});
