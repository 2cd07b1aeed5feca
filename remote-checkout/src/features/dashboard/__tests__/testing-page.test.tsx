import { setRuntimeConfig } from '@hypertek/shared';
import { serveApi } from '@hypertek/shared/testing';
import { screen } from '@testing-library/react';

import { renderPage } from '../../../test/render-route';
import TestingPage from '../testing-page';

afterEach(() => setRuntimeConfig({}));

/** The status written next to a part's name. */
const statusOf = (part: string) => screen.getByText(part, { exact: false }).nextElementSibling;

const config = (provider: 'sandbox' | 'stripe') => ({
  'GET /payment/config': { data: { success: true, provider } },
});

describe('/testing', () => {
  it("shows the API's provider mode, the sandbox card form, and the connected payment calls", async () => {
    const sent = serveApi(config('sandbox'));
    renderPage('/testing', <TestingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Testing' })).toBeInTheDocument();
    expect(statusOf('Provider mode')).toHaveTextContent('checking…');
    expect(await screen.findByText(/^sandbox: offline/)).toBeInTheDocument();
    expect(statusOf('Card entry')).toHaveTextContent('sandbox card form');
    expect(statusOf('Browser and API agree')).toHaveTextContent('yes');
    expect(statusOf('Payment calls')).toHaveTextContent('connected (Hyper Tek API)');
    expect(statusOf('Return address')).toHaveTextContent('http://localhost/dashboard (default)');
    expect(sent.map((request) => request.url)).toEqual(['/payment/config']);
  });

  it('shows which publishable key is configured without printing all of it', async () => {
    setRuntimeConfig({ stripePublishableKey: 'pk_test_51AbCdEfGhIjKlMn' });
    serveApi(config('stripe'));
    renderPage('/testing', <TestingPage />);
    expect(await screen.findByText('Stripe')).toBeInTheDocument();
    expect(statusOf('Card entry')).toHaveTextContent(
      'Stripe Elements, publishable key pk_test_…KlMn',
    );
    expect(screen.queryByText(/51AbCdEf/)).not.toBeInTheDocument();
    expect(statusOf('Browser and API agree')).toHaveTextContent('yes');
  });

  it('says when the browser and the API do not belong together', async () => {
    serveApi(config('stripe'));
    renderPage('/testing', <TestingPage />);
    expect(await screen.findByText(/^no: the API uses Stripe/)).toBeInTheDocument();
  });

  it('says when the API cannot tell its mode', async () => {
    serveApi({
      'GET /payment/config': {
        status: 503,
        data: { success: false, message: 'Down for maintenance' },
      },
    });
    renderPage('/testing', <TestingPage />);
    expect(await screen.findByText('unknown: Down for maintenance')).toBeInTheDocument();
    expect(screen.queryByText('Browser and API agree')).not.toBeInTheDocument();
  });
});
