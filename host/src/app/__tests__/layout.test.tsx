import { screen } from '@testing-library/react';

import { renderPage } from '../../testing/render';

describe('layout', () => {
  it.each(['/', '/about', '/market-place', '/signin', '/payment', '/nope', '/home'])(
    'shows the top bar and the footer on %s',
    async (path) => {
      await renderPage(path);

      expect(screen.getByTestId('top-bar')).toBeInTheDocument();
      expect(screen.getByTestId('footer')).toBeInTheDocument();
    },
  );

  it.each(['/stripe-payment', '/Stripe-Payment', '/stripe-payment/'])(
    'shows neither top bar nor footer on %s, only the page',
    async (path) => {
      await renderPage(path);

      expect(screen.getByRole('heading', { name: 'checkout/stripe-payment' })).toBeInTheDocument();
      expect(screen.queryByTestId('top-bar')).not.toBeInTheDocument();
      expect(screen.queryByTestId('footer')).not.toBeInTheDocument();
    },
  );

  it('brings them back when the visitor leaves /stripe-payment', async () => {
    const { navigate } = await renderPage('/stripe-payment');

    await navigate('/success');

    expect(screen.getByTestId('top-bar')).toBeInTheDocument();
    expect(screen.getByTestId('footer')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'checkout/success' })).toBeInTheDocument();
  });
});
