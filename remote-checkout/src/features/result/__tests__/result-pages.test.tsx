import { screen } from '@testing-library/react';

import { renderPage } from '../../../test/render-route';
import ErrorPage from '../error-page';
import SuccessPage from '../success-page';

describe('/success', () => {
  it("says the request was sent, with 'View | My Collection' to /profile and 'Go Home' to /", () => {
    renderPage('/success', <SuccessPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your request has been sent successfully' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View | My Collection' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('receipt')).not.toBeInTheDocument();
  });

  it('shows what was paid when a card payment brought its data', () => {
    const receipt = { kind: 'card-payment', title: 'Neon Ronin', amount: 1800, payment: {} };
    renderPage('/success', <SuccessPage />, { pathname: '/success', state: receipt });
    expect(screen.getByTestId('receipt')).toHaveTextContent('Paid $1,800 for Neon Ronin');
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
