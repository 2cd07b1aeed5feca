import { setRuntimeConfig } from '@hypertek/shared';
import { screen } from '@testing-library/react';

import { renderPage } from '../../../test/render-route';
import TestingPage from '../testing-page';

afterEach(() => setRuntimeConfig({}));

/** The status written next to a part's name. */
const statusOf = (part: string) => screen.getByText(part, { exact: false }).nextElementSibling;

describe('/testing', () => {
  it('says the card provider and the payment calls are not configured', () => {
    renderPage('/testing', <TestingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Testing' })).toBeInTheDocument();
    expect(statusOf('Card provider')).toHaveTextContent('not configured: no publishable key');
    expect(statusOf('Payment calls')).toHaveTextContent('not configured: payments refused');
  });

  it('shows which publishable key is configured without printing all of it', () => {
    setRuntimeConfig({ stripePublishableKey: 'pk_test_51AbCdEfGhIjKlMn' });
    renderPage('/testing', <TestingPage />);
    expect(statusOf('Card provider')).toHaveTextContent('configured (pk_test_…KlMn)');
    expect(screen.queryByText(/51AbCdEf/)).not.toBeInTheDocument();
  });
});
