import { screen } from '@testing-library/react';

import { renderPage } from '../../../test/render-route';
import ErrorPage from '../error-page';
import SuccessPage from '../success-page';

describe('/success', () => {
  it("says the request was sent, with 'View | My Collection' to /Profile and 'Go Home' to /", () => {
    renderPage('/success', <SuccessPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your request has been sent successfully' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View | My Collection' })).toHaveAttribute(
      'href',
      '/Profile',
    );
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('receipt')).not.toBeInTheDocument();
  });

  it('shows what was paid, with which card, and links an NFA to the Collectible tab', () => {
    const receipt = {
      kind: 'card-payment',
      title: 'Neon Ronin',
      amount: 1800,
      itemKind: 'nfa',
      payment: {
        id: 'pay_1',
        paymentIntentId: 'pi_1',
        card: { brand: 'mastercard', last4: '4444' },
      },
    };
    renderPage('/success', <SuccessPage />, { pathname: '/success', state: receipt });
    expect(screen.getByTestId('receipt')).toHaveTextContent('Paid $1,800 for Neon Ronin by card');
    expect(screen.getByText('Mastercard ending 4444')).toBeInTheDocument();
    expect(screen.getByText('pi_1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View | My Collection' })).toHaveAttribute(
      'href',
      '/Profile',
    );
  });

  it('links a land to the Land tab', () => {
    const receipt = {
      kind: 'card-payment',
      title: 'Sector 7 Parcel',
      amount: 12.5,
      itemKind: 'land',
      payment: {},
    };
    renderPage('/success', <SuccessPage />, { pathname: '/success', state: receipt });
    expect(screen.getByTestId('receipt')).toHaveTextContent('Paid $12.50 for Sector 7 Parcel');
    expect(screen.getByRole('link', { name: 'View | My Collection' })).toHaveAttribute(
      'href',
      '/Lands',
    );
    expect(screen.queryByText('Reference')).not.toBeInTheDocument();
  });

  it('shows the payment without card or reference when the server record lacks them', () => {
    const receipt = { kind: 'card-payment', title: 'Neon Ronin', amount: 1800, payment: null };
    renderPage('/success', <SuccessPage />, { pathname: '/success', state: receipt });
    expect(screen.getByTestId('receipt')).toHaveTextContent('Paid $1,800 for Neon Ronin');
    expect(screen.queryByText('Card')).not.toBeInTheDocument();
  });
});

describe('/error', () => {
  it("says the request was not successful, with 'Go Home' back to /payment", () => {
    renderPage('/error', <ErrorPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your request was not successful' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/payment');
  });
});
