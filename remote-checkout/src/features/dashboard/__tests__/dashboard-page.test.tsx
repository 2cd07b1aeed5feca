import { MESSAGES, session } from '@hypertek/shared';
import { recordToasts, serveApi, signIn } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';

import { AUTHENTICATION_FAILED, intentRead, refusal } from '../../../test/payments';
import { renderPage } from '../../../test/render-route';
import DashboardPage from '../dashboard-page';

const toasts = recordToasts();
beforeEach(() => signIn());
afterEach(() => session.signOut());

const renderDashboard = (url: string) =>
  renderPage('/dashboard', <DashboardPage />, url, { strict: true });

const status = () => screen.getByRole('region', { name: /Payment|Checking|Sign in/ });
/** The value written beside a fact's name in the status panel. */
const fact = (name: string) => within(status()).getByText(name).nextElementSibling;

describe('/dashboard after a card redirect', () => {
  it("toasts 'Payment Successful! 💳' once, even in StrictMode, removes the query, and shows the status the API read", async () => {
    const sent = serveApi({ 'GET /payment/payment-intent/pi_42': intentRead({ id: 'pi_42' }) });
    const { router } = renderDashboard(
      '/dashboard?payment_intent=pi_42&payment_intent_client_secret=pi_42_secret&redirect_status=succeeded',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome to Dashboard' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(toasts).toEqual([{ kind: 'success', message: 'Payment Successful! 💳' }]);

    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    expect(fact('Item')).toHaveTextContent('Neon Ronin');
    expect(fact('Amount')).toHaveTextContent('$1,800 USD');
    expect(fact('Status')).toHaveTextContent('Succeeded');
    expect(within(status()).getByRole('link', { name: 'View | My Collection' })).toHaveAttribute(
      'href',
      '/Profile',
    );
    expect(screen.getByText('pi_42')).toBeInTheDocument();
    expect(new Set(sent.map((request) => request.url))).toEqual(
      new Set(['/payment/payment-intent/pi_42']),
    );
    expect(toasts).toHaveLength(1);
  });

  it("toasts 'Payment Failed ❌' once and shows why the payment failed", async () => {
    serveApi({
      'GET /payment/payment-intent/pi_7': intentRead({
        id: 'pi_7',
        status: 'requires_payment_method',
        failureMessage: AUTHENTICATION_FAILED,
      }),
    });
    const { router } = renderDashboard('/dashboard?redirect_status=failed&payment_intent=pi_7');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(toasts).toEqual([{ kind: 'error', message: MESSAGES.embeddedPaymentFailed }]);
    expect(
      await screen.findByRole('heading', { name: 'Payment not completed' }),
    ).toBeInTheDocument();
    expect(fact('Status')).toHaveTextContent('Failed');
    expect(status()).toHaveTextContent(AUTHENTICATION_FAILED);
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/payment');
  });

  it('believes the API over the query: a land the API says failed is shown as not completed', async () => {
    serveApi({
      'GET /payment/payment-intent/pi_9': intentRead({
        id: 'pi_9',
        status: 'requires_payment_method',
        kind: 'land',
        title: 'Sector 7 Parcel',
        amount: 12.5,
      }),
    });
    renderDashboard('/dashboard?payment_intent=pi_9&redirect_status=succeeded');
    expect(
      await screen.findByRole('heading', { name: 'Payment not completed' }),
    ).toBeInTheDocument();
    expect(fact('Item')).toHaveTextContent('Sector 7 Parcel');
    expect(fact('Amount')).toHaveTextContent('$12.50 USD');
    expect(status()).toHaveTextContent('Nothing was charged.');
  });

  it('shows a land it confirms with a link to the Land tab', async () => {
    serveApi({
      'GET /payment/payment-intent/pi_5': intentRead({ id: 'pi_5', kind: 'land' }),
    });
    renderDashboard('/dashboard?payment_intent=pi_5&redirect_status=succeeded');
    expect(await screen.findByRole('link', { name: 'View | My Collection' })).toHaveAttribute(
      'href',
      '/Lands',
    );
  });

  it('does not toast for another status, still clears the query, and keeps unrelated parameters', async () => {
    serveApi({
      'GET /payment/payment-intent/pi_8': intentRead({ id: 'pi_8', status: 'processing' }),
    });
    const { router } = renderDashboard(
      '/dashboard?tab=orders&redirect_status=processing&payment_intent=pi_8',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?tab=orders'));
    expect(toasts).toEqual([]);
    expect(await screen.findByRole('heading', { name: 'Payment processing' })).toBeInTheDocument();
  });

  it('says it is checking while the API reads the payment', () => {
    serveApi({ 'GET /payment/payment-intent/pi_1': () => new Promise(() => undefined) });
    renderDashboard('/dashboard?payment_intent=pi_1&redirect_status=succeeded');
    expect(screen.getByRole('heading', { name: 'Checking your payment…' })).toBeInTheDocument();
  });

  it("shows the API's message when the payment cannot be read", async () => {
    serveApi({ 'GET /payment/payment-intent/pi_x': refusal(404, 'Payment not found') });
    renderDashboard('/dashboard?payment_intent=pi_x&redirect_status=succeeded');
    expect(
      await screen.findByRole('heading', { name: 'Payment status unavailable' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Payment not found');
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in to see the status, and reads nothing', async () => {
    session.signOut();
    const sent = serveApi({});
    const { router } = renderDashboard('/dashboard?payment_intent=pi_1&redirect_status=succeeded');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      screen.getByRole('heading', { name: 'Sign in to see your payment' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(sent).toEqual([]);
  });

  it('shows the dashboard without toasts or requests when opened directly', () => {
    const sent = serveApi({});
    const { router } = renderDashboard('/dashboard');
    expect(screen.getByRole('heading', { name: 'Welcome to Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(router.state.historyAction).toBe('POP');
    expect(toasts).toEqual([]);
    expect(sent).toEqual([]);
  });
});
